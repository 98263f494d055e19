import path from "node:path";
import { fileURLToPath } from "node:url";

export const E2E_PORT = 3123;
export const E2E_SESSION_SECRET = "playwright-session-secret-0123456789";
export const E2E_STATE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), ".tmp", "e2e-state.json");
