// Starts the built app for Playwright on a fresh embedded database, with
// emails captured to a folder and Google's token/userinfo endpoints answered
// by the stand-in in tests/mocks (loaded only into this test process).
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createThrowAwayDirectory, EMBEDDED_POOL_SIZE, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { startEcbStandIn } from "../scripts/stand-ins/ecb.mjs";
import { STAND_IN_DEFAULTS as PLAID_STAND_IN_DEFAULTS, startPlaidStandIn } from "../scripts/stand-ins/plaid.mjs";
import { STAND_IN_DEFAULTS, startStripeStandIn } from "../scripts/stand-ins/stripe.mjs";
import { E2E_PORT, E2E_STATE_FILE, E2E_SESSION_SECRET, E2E_TOKEN_ENCRYPTION_KEYS } from "./e2e-constants.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const workDir = createThrowAwayDirectory("ledgerly-e2e-");
const outboxDir = path.join(workDir, "outbox");
mkdirSync(outboxDir, { recursive: true });

const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "ledgerly-e2e" });
const appUrl = `http://localhost:${E2E_PORT}`;
const stripe = await startStripeStandIn({ webhookUrl: `${appUrl}/webhooks/stripe`, webhookSecret: STAND_IN_DEFAULTS.webhookSecret });
const plaid = await startPlaidStandIn();
const ecb = await startEcbStandIn({ port: Number(process.env.ECB_STAND_IN_PORT ?? 0) });
mkdirSync(path.dirname(E2E_STATE_FILE), { recursive: true });
writeFileSync(E2E_STATE_FILE, JSON.stringify({ mongodbUri: database.uri, outboxDir, appUrl, stripeUrl: stripe.url, plaidUrl: plaid.url, ecbUrl: ecb.url }));

const server = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), "./build/index.js"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(E2E_PORT),
    APP_URL: appUrl,
    MONGODB_URI: database.uri,
    MONGODB_MAX_POOL_SIZE: String(EMBEDDED_POOL_SIZE),
    SESSION_SECRET: E2E_SESSION_SECRET,
    SECURE_COOKIES: "false",
    // Playwright stands for the proxy: each test names its client in X-Forwarded-For, so one test's rate limits never touch another's.
    TRUST_PROXY: "1",
    LOG_REQUESTS: "false",
    MAIL_OUTBOX_DIR: outboxDir,
    GOOGLE_CLIENT_ID: "ledgerly-test-client",
    GOOGLE_CLIENT_SECRET: "ledgerly-test-secret",
    STRIPE_SECRET_KEY: STAND_IN_DEFAULTS.secretKey,
    STRIPE_WEBHOOK_SECRET: STAND_IN_DEFAULTS.webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_MAX_NETWORK_RETRIES: "0",
    STRIPE_PRICE_MONTHLY: STAND_IN_DEFAULTS.prices.monthly,
    STRIPE_PRICE_ANNUAL: STAND_IN_DEFAULTS.prices.annual,
    PLAID_CLIENT_ID: PLAID_STAND_IN_DEFAULTS.clientId,
    PLAID_SECRET: PLAID_STAND_IN_DEFAULTS.secret,
    PLAID_API_URL: plaid.url,
    PLAID_LINK_SCRIPT_URL: `${plaid.url}/link/v2/stable/link-initialize.js`,
    TOKEN_ENCRYPTION_KEYS: E2E_TOKEN_ENCRYPTION_KEYS,
    ECB_RATES_URL: ecb.url,
    NODE_OPTIONS: `--import ${path.join(root, "tests", "mocks", "index.mjs")}`,
  },
});

async function shutdown() {
  if (server.exitCode === null) server.kill("SIGTERM");
  await Promise.all([database.stop(), stripe.stop(), plaid.stop(), ecb.stop()]);
  rmSync(workDir, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.on("exit", shutdown);
