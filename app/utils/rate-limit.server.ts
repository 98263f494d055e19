import mongoose from "mongoose";
import { RateLimiterMongo, RateLimiterRes } from "rate-limiter-flexible";

type Limit = { points: number; duration: number };

/** Attempts allowed per window (seconds); counted per client address and per account. */
export const RATE_LIMITS = {
  loginFailuresPerAddress: { points: 30, duration: 15 * 60 },
  loginFailuresPerAccount: { points: 5, duration: 15 * 60 },
  twoFactorFailuresPerAccount: { points: 5, duration: 15 * 60 },
  signUpPerAddress: { points: 10, duration: 60 * 60 },
  passwordResetPerAddress: { points: 10, duration: 60 * 60 },
  passwordResetPerAccount: { points: 3, duration: 60 * 60 },
  contactPerAddress: { points: 5, duration: 60 * 60 },
  stripeWebhooksPerAddress: { points: 600, duration: 60 },
  plaidWebhooksPerAddress: { points: 600, duration: 60 },
  bankLinksPerUser: { points: 60, duration: 60 * 60 },
  insightRefreshesPerUser: { points: 10, duration: 60 * 60 },
} satisfies Record<string, Limit>;

type LimitName = keyof typeof RATE_LIMITS;

/** The collection of models/rate-limit.ts (declared there, so its indexes are built with every other). */
const COLLECTION = "rateLimits";

const limiters = new Map<LimitName, RateLimiterMongo>();
/**
 * The limiter of `name`, counting in the app's database: every app process and every restart sees the same
 * attempts, so running two processes gives nobody twice the tries.
 */
function limiter(name: LimitName) {
  let instance = limiters.get(name);
  if (!instance) {
    instance = new RateLimiterMongo({ storeClient: mongoose.connection, tableName: COLLECTION, disableIndexesCreation: true, keyPrefix: name, ...RATE_LIMITS[name] });
    limiters.set(name, instance);
  }
  return instance;
}

/** Removes the counts whose window ended (FerretDB has no TTL indexes to do it). */
export async function deleteExpiredRateLimits(now = new Date()) {
  const { deletedCount } = await mongoose.connection.collection(COLLECTION).deleteMany({ expire: { $lt: now } });
  return deletedCount;
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
