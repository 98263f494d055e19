// Runs Ledgerly: on MONGODB_URI when set, otherwise on the embedded FerretDB, which stores its data in an
// embedded PostgreSQL under .data/pg (the default), in SQLite under .data/db (--sqlite or
// LEDGERLY_DB_BACKEND=sqlite), or in an existing PostgreSQL (--postgresql or LEDGERLY_DB_BACKEND=postgresql).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedDatabase } from "./embedded-db.mjs";
import { STAND_IN_DEFAULTS, startStripeStandIn } from "./stripe-stand-in.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, ".data");
process.chdir(root);
if (existsSync(".env")) process.loadEnvFile(".env");

function persistentSecret() {
  const file = path.join(dataDir, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

const env = { ...process.env };
env.PORT ??= "3000";
env.APP_URL ??= `http://localhost:${env.PORT}`;
env.SESSION_SECRET ??= persistentSecret();
env.SECURE_COOKIES ??= env.APP_URL.startsWith("https://") ? "true" : "false";
if (!env.SMTP_URL) env.MAIL_OUTBOX_DIR ??= path.join(dataDir, "outbox");

function databaseBackend() {
  if (process.argv.includes("--sqlite")) return "sqlite";
  if (process.argv.includes("--postgresql")) return "postgresql";
  return env.LEDGERLY_DB_BACKEND || "embedded-postgres";
}

let database;
if (!env.MONGODB_URI) {
  const backend = databaseBackend();
  try {
    database = await startEmbeddedDatabase({
      backend,
      dataDir: path.join(dataDir, backend === "sqlite" ? "db" : "pg"),
      postgresUrl: env.LEDGERLY_POSTGRES_URL || undefined,
      postgresPort: env.LEDGERLY_EMBEDDED_PG_PORT ? Number(env.LEDGERLY_EMBEDDED_PG_PORT) : undefined,
    });
  } catch (error) {
    console.error(`Cannot start the embedded database: ${error.message}`);
    process.exit(1);
  }
  env.MONGODB_URI = database.uri;
  env.MONGODB_MAX_POOL_SIZE ??= "1";
  console.log(`Embedded database (FerretDB, ${backend}) on ${database.uri}`);
}

let stripeStandIn;
if (!env.STRIPE_SECRET_KEY) {
  stripeStandIn = await startStripeStandIn({
    port: Number(env.STRIPE_STAND_IN_PORT ?? 12111),
    webhookUrl: `${env.APP_URL}/webhooks/stripe`,
    webhookSecret: STAND_IN_DEFAULTS.webhookSecret,
  });
  env.STRIPE_SECRET_KEY = STAND_IN_DEFAULTS.secretKey;
  env.STRIPE_WEBHOOK_SECRET = STAND_IN_DEFAULTS.webhookSecret;
  env.STRIPE_API_URL = stripeStandIn.url;
  env.STRIPE_PRICE_MONTHLY ??= STAND_IN_DEFAULTS.prices.monthly;
  env.STRIPE_PRICE_ANNUAL ??= STAND_IN_DEFAULTS.prices.annual;
  console.log(`No STRIPE_SECRET_KEY: payments go to the local Stripe stand-in on ${stripeStandIn.url} (Pay always succeeds)`);
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const build = spawnSync(bin("remix"), ["build"], { stdio: "inherit", env });
if (build.status !== 0) {
  await Promise.all([database?.stop(), stripeStandIn?.stop()]);
  process.exit(build.status ?? 1);
}

const server = spawn(bin("remix-serve"), ["./build/index.js"], { stdio: "inherit", env });
console.log(`Ledgerly on ${env.APP_URL}`);

const SERVER_STOP_TIMEOUT_MS = 10_000;

let stopping;

/**
 * Stops the app first (it unlocks its jobs and disconnects), then the database and the Stripe stand-in.
 * Runs once: Ctrl-C also makes the app exit, which calls it again.
 */
function shutdown(code) {
  stopping ??= stopAll(code);
  return stopping;
}

async function stopAll(code) {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    const forceKill = setTimeout(() => server.kill("SIGKILL"), SERVER_STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(forceKill);
  }
  await Promise.all([database?.stop(), stripeStandIn?.stop()]);
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
server.on("exit", (code) => shutdown(code ?? 0));
