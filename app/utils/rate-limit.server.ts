import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

type Limit = { points: number; duration: number };

/** Attempts allowed per window (seconds); counted per client address and per account. */
export const RATE_LIMITS = {
  loginFailuresPerAddress: { points: 30, duration: 15 * 60 },
  loginFailuresPerAccount: { points: 5, duration: 15 * 60 },
  signUpPerAddress: { points: 10, duration: 60 * 60 },
  passwordResetPerAddress: { points: 10, duration: 60 * 60 },
  passwordResetPerAccount: { points: 3, duration: 60 * 60 },
  contactPerAddress: { points: 5, duration: 60 * 60 },
  stripeWebhooksPerAddress: { points: 600, duration: 60 },
} satisfies Record<string, Limit>;

type LimitName = keyof typeof RATE_LIMITS;

const limiters = new Map<LimitName, RateLimiterMemory>();
function limiter(name: LimitName) {
  let instance = limiters.get(name);
  if (!instance) {
    instance = new RateLimiterMemory({ keyPrefix: name, ...RATE_LIMITS[name] });
    limiters.set(name, instance);
  }
  return instance;
}

/** Whether `key` has used up its attempts, without spending one. */
export async function isRateLimited(name: LimitName, key: string) {
  const state = await limiter(name).get(key);
  return state !== null && state.consumedPoints >= RATE_LIMITS[name].points;
}

/** Spends one attempt; resolves false when none was left. */
export async function consumeAttempt(name: LimitName, key: string) {
  try {
    await limiter(name).consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

export async function resetAttempts(name: LimitName, key: string) {
  await limiter(name).delete(key);
}
