import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getEnv } from "~/utils/env.server";

/** An access token as stored: AES-256-GCM ciphertext with its random IV, tag and the id of the key that sealed it (base64). */
export type SealedToken = { keyId: string; iv: string; tag: string; data: string };

type TokenKey = { id: string; key: Buffer };

const CIPHER = "aes-256-gcm";
const IV_BYTES = 12;

/** TOKEN_ENCRYPTION_KEYS: `keyId:base64,…`, the current key first; older keys still open what they sealed. */
function tokenKeys(): TokenKey[] {
  const text = getEnv().TOKEN_ENCRYPTION_KEYS;
  if (!text) throw new Error("TOKEN_ENCRYPTION_KEYS is not set: bank access tokens cannot be stored or read");
  return text.split(",").map((entry) => {
    const [id, base64] = entry.split(":");
    return { id, key: Buffer.from(base64, "base64") };
  });
}

/**
 * Seals a bank access token for storage. `context` (the owner and the item)
 * is authenticated with it, so a sealed token copied onto another record does not open.
 */
export function sealAccessToken(token: string, context: string): SealedToken {
  const [current] = tokenKeys();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, current.key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return { keyId: current.id, iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), data: data.toString("base64") };
}

/** Opens a sealed token; throws when its key is gone or it was altered or moved. */
export function openAccessToken(sealed: SealedToken, context: string): string {
  const match = tokenKeys().find((candidate) => candidate.id === sealed.keyId);
  if (!match) throw new Error(`No key "${sealed.keyId}" in TOKEN_ENCRYPTION_KEYS to open a stored bank access token`);
  const decipher = createDecipheriv(CIPHER, match.key, Buffer.from(sealed.iv, "base64"));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(sealed.data, "base64")), decipher.final()]).toString("utf8");
}

/** Whether a token was sealed with an older key and should be sealed again with the current one. */
export function needsResealing(sealed: SealedToken) {
  return sealed.keyId !== tokenKeys()[0].id;
}
