import path from "node:path";
import { fileURLToPath } from "node:url";

/** E2E_PORT lets two suites run side by side (each gets its own server and state file). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);
export const E2E_SESSION_SECRET = "playwright-session-secret-0123456789";
export const E2E_STATE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), ".tmp", `e2e-state-${E2E_PORT}.json`);
export const E2E_TOKEN_ENCRYPTION_KEYS = `e2e:${Buffer.alloc(32, 9).toString("base64")}`;
