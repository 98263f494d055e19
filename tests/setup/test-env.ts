import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { EMBEDDED_POOL_SIZE } from "../../scripts/embedded-db.mjs";

const base = new URL(inject("mongodbBaseUri"));
base.pathname = `/test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

process.env.NODE_ENV = "test";
process.env.MONGODB_URI = base.toString();
process.env.MONGODB_MAX_POOL_SIZE = String(EMBEDDED_POOL_SIZE);
process.env.SESSION_SECRET = "vitest-session-secret-0123456789";
process.env.MAIL_OUTBOX_DIR = mkdtempSync(path.join(os.tmpdir(), "ledgerly-outbox-"));
process.env.APP_URL = "http://localhost:3000";
process.env.TOKEN_ENCRYPTION_KEYS = `vitest:${Buffer.alloc(32, 7).toString("base64")}`;
