import { strToU8, zipSync } from "fflate";
import mongoose, { Types } from "mongoose";
import { allModels, Session, User, type UserRecord } from "../../../models";
import { removeBankItemsOf } from "~/features/bank/bank.server";
import { endSubscriptionBeforeDeletion } from "~/features/billing/billing.server";
import { transactionsCsvStream } from "~/features/csv/csv.server";
import { hasPassword, verifyUserPassword } from "~/features/auth/user.server";
import { userMigrationRecordIds } from "~/features/transactions/currency-migration.server";
import { RATE_LIMITS, reserveAttempts } from "~/utils/rate-limit.server";
import { ACCOUNT_MESSAGES } from "./account";

/**
 * Everything the app keeps of one user, collection by collection: how to find
 * it. A collection that holds nothing of anyone is named with the reason.
 * Account deletion removes all of it; the data download includes all of it
 * except secrets (password hash, two-factor secret, recovery codes, a bank's sealed access token).
 */
type Owner = { id: Types.ObjectId; email: string };

const OWNED_BY: Record<string, (owner: Owner) => Record<string, unknown>> = {
  users: ({ id }) => ({ _id: id }),
  credentials: ({ id }) => ({ userId: id }),
  sessions: ({ id }) => ({ userId: id }),
  passwordresettokens: ({ id }) => ({ userId: id }),
  accounts: ({ id }) => ({ userId: id }),
  reconciliations: ({ id }) => ({ userId: id }),
  transactions: ({ id }) => ({ userId: id }),
  monthSummaries: ({ id }) => ({ userId: id }),
  accountDayNets: ({ id }) => ({ userId: id }),
  ledgerJournals: ({ id }) => ({ userId: id }),
  reportingRecounts: ({ id }) => ({ _id: id.toString() }),
  // The names of data migrations that have run, and of those that ran user by user, each user's.
  migrations: ({ id }) => ({ _id: { $in: userMigrationRecordIds(id.toString()) } }),
  budgets: ({ id }) => ({ userId: id }),
  importDrafts: ({ id }) => ({ userId: id }),
  importBatches: ({ id }) => ({ userId: id }),
  importMappings: ({ id }) => ({ userId: id }),
  rules: ({ id }) => ({ userId: id }),
  tags: ({ id }) => ({ userId: id }),
  ruleRuns: ({ id }) => ({ userId: id }),
  schedules: ({ id }) => ({ userId: id }),
  seriesProposals: ({ id }) => ({ userId: id }),
  seriesDetections: ({ id }) => ({ _id: id.toString() }),
  sentReminders: ({ id }) => ({ userId: id }),
  twoFactors: ({ id }) => ({ userId: id }),
  securityEvents: ({ id }) => ({ userId: id }),
  debts: ({ id }) => ({ userId: id }),
  debtPlans: ({ id }) => ({ userId: id }),
  financialAssets: ({ id }) => ({ userId: id }),
  netWorthSnapshots: ({ id }) => ({ userId: id }),
  savingsGoals: ({ id }) => ({ userId: id }),
  insightResults: ({ id }) => ({ userId: id }),
  plaidAccounts: ({ id }) => ({ userId: id }),
  bankLinks: ({ id }) => ({ userId: id }),
  contactSubmissions: ({ email }) => ({ email }),
  // Counts keyed by the account: its email (sign-in, reset) or its id (second factor).
  rateLimits: ({ id, email }) => ({ key: { $in: Object.keys(RATE_LIMITS).flatMap((name) => [`${name}:${email}`, `${name}:${id.toString()}`]) } }),
};

export const HOLDS_NO_USER_DATA: Record<string, string> = {
  processedstripeevents: "ids of Stripe events already applied, nothing about a person",
  aiCircuits: "the AI endpoint's circuit breaker state, nothing about a person",
  exchangeRates: "the European Central Bank's reference rates by day, nothing about a person",
};

/** Collections whose documents are secrets, or hold secrets, left out of the download. */
const NOT_DOWNLOADED = new Set(["credentials", "twoFactors", "sessions", "rateLimits", "importDrafts", "bankLinks"]);

/** Fields a download leaves out of a collection it includes: a linked bank's sealed access token and sync cursor. */
const SECRET_FIELDS: Record<string, Record<string, 0>> = { plaidAccounts: { accessToken: 0, cursor: 0, syncLockedUntil: 0, syncAgain: 0 } };

export function userDataCollections() {
  return Object.keys(OWNED_BY);
}

function modelOf(name: string) {
  const model = allModels.find((candidate) => candidate.collection.collectionName === name);
  if (!model) throw new Error(`no model for collection ${name}`);
  return model;
}

async function ownerOf(userId: string): Promise<Owner | null> {
  if (!Types.ObjectId.isValid(userId)) return null;
  const user = await User.findById(userId).select({ email: 1 }).lean<Pick<UserRecord, "_id" | "email">>();
  return user ? { id: user._id, email: user.email } : null;
}

/** How many documents each collection holds of the user (what a deletion must bring to zero). */
export async function countUserData(owner: Owner) {
  const counts: Record<string, number> = {};
  for (const [name, filter] of Object.entries(OWNED_BY)) counts[name] = await modelOf(name).collection.countDocuments(filter(owner));
  return counts;
}

type DeleteAccountResult = { ok: true } | { ok: false; field: "password" | "email" | "form"; message: string };

/**
 * Deletes the user and every document of theirs, in every collection, after
 * they confirmed with their password (or, for an account without one, its
 * email address) and any subscription that could still charge them was
 * cancelled at Stripe. Nothing is deleted when either fails.
 */
export async function deleteAccount(userId: string, confirmation: { password?: string; email?: string }): Promise<DeleteAccountResult> {
  const owner = await ownerOf(userId);
  if (!owner) return { ok: false, field: "form", message: ACCOUNT_MESSAGES.wrongPassword };
  if (await hasPassword(userId)) {
    if (!confirmation.password) return { ok: false, field: "password", message: ACCOUNT_MESSAGES.passwordRequired };
    // Wrong passwords here count with those of sign-in, so this form is no way around its limit.
    const reservation = await reserveAttempts(["loginFailuresPerAccount", owner.email]);
    if (!reservation) return { ok: false, field: "password", message: ACCOUNT_MESSAGES.tooManyAttempts };
    if (!(await verifyUserPassword(userId, confirmation.password))) return { ok: false, field: "password", message: ACCOUNT_MESSAGES.wrongPassword };
    await reservation.succeeded();
  } else {
    if (!confirmation.email?.trim()) return { ok: false, field: "email", message: ACCOUNT_MESSAGES.emailRequired };
    if (confirmation.email.trim().toLowerCase() !== owner.email) return { ok: false, field: "email", message: ACCOUNT_MESSAGES.wrongEmail };
  }
  if (!(await endSubscriptionBeforeDeletion(userId))) return { ok: false, field: "form", message: ACCOUNT_MESSAGES.subscriptionNotCancelled };
  await removeBankItemsOf(userId);
  // The user document goes last: until then a retry after a failure finds the account and finishes the job.
  for (const [name, filter] of Object.entries(OWNED_BY)) {
    if (name !== "users") await modelOf(name).collection.deleteMany(filter(owner));
  }
  await User.collection.deleteOne({ _id: owner.id });
  return { ok: true };
}

/** The user's signed-in devices, most recently active first (expired ones left out). */
export async function listSessions(userId: string, now = new Date()) {
  return Session.find({ userId, expiresAt: mongoose.trusted({ $gt: now }) })
    .sort({ lastActiveAt: -1 })
    .select({ _id: 1, userAgent: 1, lastActiveAt: 1, createdAt: 1 })
    .lean();
}

/** Signs one of the user's sessions out; another user's session is not found. */
export async function signOutSession(userId: string, sessionId: string) {
  const { deletedCount } = await Session.deleteOne({ _id: sessionId, userId });
  return deletedCount === 1;
}

async function streamText(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

/**
 * One zip of everything the app keeps of the user: `ledgerly-data.json` (each
 * collection's documents, secrets left out) and `transactions.csv` (the
 * export every user can download).
 */
export async function exportAccountData(userId: string, now = new Date()) {
  const owner = await ownerOf(userId);
  if (!owner) return null;
  const collections: Record<string, unknown[]> = {};
  for (const [name, filter] of Object.entries(OWNED_BY)) {
    if (NOT_DOWNLOADED.has(name)) continue;
    collections[name] = await modelOf(name)
      .collection.find(filter(owner), { projection: SECRET_FIELDS[name] ?? {} })
      .sort({ _id: 1 })
      .toArray();
  }
  const json = JSON.stringify({ exportedAt: now.toISOString(), account: owner.email, collections }, null, 2);
  const csv = await streamText(await transactionsCsvStream(userId));
  return zipSync({ "ledgerly-data.json": strToU8(json), "transactions.csv": strToU8(csv) }, { level: 6 });
}
