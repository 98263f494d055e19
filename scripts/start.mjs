// Runs Ledgerly: on MONGODB_URI when set, otherwise on the embedded FerretDB, which stores its data in an
// embedded PostgreSQL under .data/pg (the default), in SQLite under .data/db (--sqlite or
// LEDGERLY_DB_BACKEND=sqlite), or in an existing PostgreSQL (--postgresql or LEDGERLY_DB_BACKEND=postgresql).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chosenBackend, EMBEDDED_POOL_SIZE, findFreePort, isPortFree, RUNNING_DATABASE_FILE, startCheckoutDatabase } from "./embedded-db.mjs";
import { STAND_IN_DEFAULTS as PLAID_STAND_IN_DEFAULTS, startPlaidStandIn } from "./stand-ins/plaid.mjs";
import { STAND_IN_DEFAULTS, startStripeStandIn } from "./stand-ins/stripe.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, ".data");
process.chdir(root);
if (existsSync(".env")) process.loadEnvFile(".env");

/** A secret kept in .data/<name>, made by `create` on the first run. */
function persistentSecret(name, create) {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, create(), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

const env = { ...process.env };
env.PORT ??= "3000";
if (!(await isPortFree(Number(env.PORT)))) {
  console.error(`Port ${env.PORT} is already in use: stop what runs there, or set PORT to another port (PORT=4000 npm start).`);
  process.exit(1);
}
env.APP_URL ??= `http://localhost:${env.PORT}`;
env.SESSION_SECRET ??= persistentSecret("session-secret", () => randomBytes(32).toString("hex"));
env.TOKEN_ENCRYPTION_KEYS ??= persistentSecret("token-encryption-keys", () => `local:${randomBytes(32).toString("base64")}`);
env.SECURE_COOKIES ??= env.APP_URL.startsWith("https://") ? "true" : "false";
if (!env.SMTP_URL) env.MAIL_OUTBOX_DIR ??= path.join(dataDir, "outbox");

let database;
if (!env.MONGODB_URI) {
  const backend = chosenBackend(process.argv, env);
  try {
    database = await startCheckoutDatabase(backend, env);
  } catch (error) {
    console.error(`Cannot start the embedded database: ${error.message}`);
    process.exit(1);
  }
  env.MONGODB_URI = database.uri;
  env.MONGODB_MAX_POOL_SIZE ??= String(EMBEDDED_POOL_SIZE);
  mkdirSync(path.dirname(RUNNING_DATABASE_FILE), { recursive: true });
  writeFileSync(RUNNING_DATABASE_FILE, JSON.stringify({ uri: database.uri, pid: process.pid }));
  console.log(`Embedded database (FerretDB, ${backend}) on ${database.uri}`);
}

/** A stand-in's port: `variable` when set (it must be free), else its usual port, else any free port. */
async function standInPort(variable, usualPort) {
  if (env[variable]) {
    if (await isPortFree(Number(env[variable]))) return Number(env[variable]);
    console.error(`Port ${env[variable]} (${variable}) is already in use: choose another, or unset it to use a free one.`);
    await Promise.all([database?.stop(), stripeStandIn?.stop()]);
    rmSync(RUNNING_DATABASE_FILE, { force: true });
    process.exit(1);
  }
  return (await isPortFree(usualPort)) ? usualPort : findFreePort();
}

let stripeStandIn;
if (!env.STRIPE_SECRET_KEY) {
  stripeStandIn = await startStripeStandIn({
    port: await standInPort("STRIPE_STAND_IN_PORT", STAND_IN_DEFAULTS.port),
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

let plaidStandIn;
if (!env.PLAID_CLIENT_ID) {
  plaidStandIn = await startPlaidStandIn({ port: await standInPort("PLAID_STAND_IN_PORT", PLAID_STAND_IN_DEFAULTS.port) });
  env.PLAID_CLIENT_ID = PLAID_STAND_IN_DEFAULTS.clientId;
  env.PLAID_SECRET = PLAID_STAND_IN_DEFAULTS.secret;
  env.PLAID_API_URL = plaidStandIn.url;
  env.PLAID_LINK_SCRIPT_URL = `${plaidStandIn.url}/link/v2/stable/link-initialize.js`;
  console.log(`No PLAID_CLIENT_ID: bank linking goes to the local Plaid stand-in on ${plaidStandIn.url} (its page simulates bank activity)`);
}

const SERVER_STOP_TIMEOUT_MS = 10_000;

let stopping;
let server;

/**
 * Stops the app first (it unlocks its jobs and disconnects), then the database and the stand-ins.
 * Runs once: Ctrl-C also makes the app exit, which calls it again.
 */
function shutdown(code) {
  stopping ??= stopAll(code);
  return stopping;
}

async function stopAll(code) {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    const forceKill = setTimeout(() => server.kill("SIGKILL"), SERVER_STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(forceKill);
  }
  await Promise.all([database?.stop(), stripeStandIn?.stop(), plaidStandIn?.stop()]);
  rmSync(RUNNING_DATABASE_FILE, { force: true });
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const build = spawnSync(bin("remix"), ["build"], { stdio: "inherit", env });
if (build.status !== 0) await shutdown(build.status ?? 1);

server = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), "./build/index.js"], { stdio: "inherit", env });
console.log(`Ledgerly on ${env.APP_URL}`);

server.on("exit", (code) => shutdown(code ?? 0));
