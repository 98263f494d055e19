import mongoose from "mongoose";
import { RateLimiterMongo, RateLimiterRes } from "rate-limiter-flexible";

/**
 * What a limit does when the work it guarded succeeded: "keep" the attempt (it counts requests), "refund" it
 * (it counts failures), or "clear" every attempt of the key (its owner proved who they are, as a right
 * password or code does for the wrong ones before it).
 */
type OnSuccess = "keep" | "refund" | "clear";
type Limit = { points: number; duration: number; onSuccess: OnSuccess };

/** Attempts allowed per window (seconds); counted per client address and per account. */
export const RATE_LIMITS = {
  loginFailuresPerAddress: { points: 30, duration: 15 * 60, onSuccess: "refund" },
  loginFailuresPerAccount: { points: 5, duration: 15 * 60, onSuccess: "clear" },
  twoFactorFailuresPerAccount: { points: 5, duration: 15 * 60, onSuccess: "clear" },
  signUpPerAddress: { points: 10, duration: 60 * 60, onSuccess: "keep" },
  passwordResetPerAddress: { points: 10, duration: 60 * 60, onSuccess: "keep" },
  passwordResetPerAccount: { points: 3, duration: 60 * 60, onSuccess: "keep" },
  contactPerAddress: { points: 5, duration: 60 * 60, onSuccess: "keep" },
  stripeWebhooksPerAddress: { points: 600, duration: 60, onSuccess: "keep" },
  plaidWebhooksPerAddress: { points: 600, duration: 60, onSuccess: "keep" },
  bankLinksPerUser: { points: 60, duration: 60 * 60, onSuccess: "keep" },
  insightRefreshesPerUser: { points: 10, duration: 60 * 60, onSuccess: "keep" },
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
    const { points, duration } = RATE_LIMITS[name];
    instance = new RateLimiterMongo({ storeClient: mongoose.connection, tableName: COLLECTION, disableIndexesCreation: true, keyPrefix: name, points, duration });
    limiters.set(name, instance);
  }
  return instance;
}

/** Removes the counts whose window ended (FerretDB has no TTL indexes to do it). */
export async function deleteExpiredRateLimits(now = new Date()) {
  const { deletedCount } = await mongoose.connection.collection(COLLECTION).deleteMany({ expire: { $lt: now } });
  return deletedCount;
}

async function take(name: LimitName, key: string) {
  try {
    await limiter(name).consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

async function giveBack(name: LimitName, key: string, rule: OnSuccess) {
  if (rule === "refund") await limiter(name).reward(key);
  if (rule === "clear") await limiter(name).delete(key);
}

type Reservation = {
  /** The guarded work succeeded: each limit keeps, refunds or clears as its rule says. */
  succeeded(): Promise<void>;
};

/**
 * Spends one attempt of each `[limit, key]` *before* the work they guard, so requests in flight at the
 * same moment cannot all pass a check that is only paid for afterwards: the store's `consume` is one
 * `findOneAndUpdate` with `$inc`, and only the first `points` increments of a window are granted.
 * Resolves null when any limit has none left; the attempts already taken for the others are then given
 * back, since the work never ran.
 */
export async function reserveAttempts(...limits: Array<[LimitName, string]>): Promise<Reservation | null> {
  const taken: Array<[LimitName, string]> = [];
  for (const [name, key] of limits) {
    if (!(await take(name, key))) {
      for (const [takenName, takenKey] of taken) await giveBack(takenName, takenKey, "refund");
      return null;
    }
    taken.push([name, key]);
  }
  return {
    async succeeded() {
      for (const [name, key] of taken) await giveBack(name, key, RATE_LIMITS[name].onSuccess);
    },
  };
}

/** Spends one attempt that is never given back; false when none was left. */
export async function consumeAttempt(name: LimitName, key: string) {
  return (await reserveAttempts([name, key])) !== null;
}
