import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import bcrypt from "bcryptjs";
import { bulkhead } from "cockatiel";

type ScryptCost = { N: number; r: number; p: number };

/** Decision 175: about 100 ms of one core and 32 MiB per hash, computed on libuv's thread pool. */
const COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const SCHEME = "scrypt";

/**
 * At most two hashes at a time, the rest wait their turn: libuv's pool has four threads, and the response
 * compression and file reads of every other request run there too (decision 175).
 */
const hashing = bulkhead(2, Number.POSITIVE_INFINITY);

function derive(password: string, salt: Buffer, keyBytes: number, { N, r, p }: ScryptCost) {
  return hashing.execute(() => new Promise<Buffer>((resolve, reject) => {
    // Node's default maxmem (32 MiB) is exactly what N = 2^15, r = 8 needs, and scrypt wants a little more.
    scrypt(password, salt, keyBytes, { N, r, p, maxmem: 2 * 128 * N * r }, (error, key) => (error ? reject(error) : resolve(key)));
  }));
}

/** A new hash of `password`, self-describing: `scrypt$N$r$p$salt$hash` (salt and hash in base64url). */
export async function hashPassword(password: string) {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, COST);
  return [SCHEME, COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parseScrypt(stored: string) {
  const [scheme, N, r, p, salt, key] = stored.split("$");
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  if (scheme !== SCHEME || !salt || !key || !Object.values(cost).every((value) => Number.isSafeInteger(value) && value > 0)) return null;
  return { cost, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

type PasswordVerdict = { valid: boolean; needsRehash: boolean };

/**
 * Whether `password` is the one `stored` was made from. Hashes made before
 * scrypt (bcrypt, `$2a$`/`$2b$`) or with a lower cost still verify, and then
 * need a new hash (made by the caller on that successful sign-in).
 */
export async function verifyPassword(password: string, stored: string): Promise<PasswordVerdict> {
  if (/^\$2[aby]\$/.test(stored)) return { valid: await bcrypt.compare(password, stored), needsRehash: true };
  const parsed = parseScrypt(stored);
  if (!parsed) return { valid: false, needsRehash: false };
  const key = await derive(password, parsed.salt, parsed.key.length, parsed.cost);
  const needsRehash = parsed.cost.N < COST.N || parsed.cost.r < COST.r || parsed.cost.p < COST.p;
  return { valid: timingSafeEqual(key, parsed.key), needsRehash };
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check on an email without an account, so the answer's timing does not tell. */
export async function spendVerificationTime(password: string) {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummyHash);
}
