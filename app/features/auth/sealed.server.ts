import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "~/utils/env.server";

/**
 * Secrets kept in the database (authenticator secrets, later bank tokens) are
 * sealed with AES-256-GCM under a key derived from SESSION_SECRET for one
 * purpose: "v1:<iv>:<tag>:<ciphertext>", base64url. The version names the key
 * derivation, so a later key can be rolled in beside this one.
 */
const VERSION = "v1";

function keyFor(purpose: string) {
  return Buffer.from(hkdfSync("sha256", getEnv().SESSION_SECRET, "ledgerly", `sealed:${purpose}`, 32));
}

export function seal(purpose: string, plaintext: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(":");
}

/** The plaintext of a sealed value, or null when it is not one this app sealed for `purpose`. */
export function unseal(purpose: string, sealed: string) {
  const [version, iv, tag, ciphertext] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
