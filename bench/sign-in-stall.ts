// Sign-in stall: 50 users sign in at once while one signed-in user keeps opening the dashboard; how long does the
// dashboard take meanwhile (p50/p95, ms), against the same dashboard with nobody signing in? Built app on a fresh
// default database (FerretDB on the embedded PostgreSQL), one database connection, as `npm start` runs it.
// Run: npx remix build && npx tsx bench/sign-in-stall.ts [--users 50] [--hashes scrypt|bcrypt] [--app-dir DIR] [--label TEXT] [--record]
//      --hashes bcrypt  stores the users' passwords as bcrypt (cost 10) hashes, as accounts made before scrypt have them
//      --app-dir DIR    serves the app built in another checkout (e.g. an older commit, to measure before a change)
//      --record         adds the result as a row of the "Sign-in stall" table in docs/benchmarks.md
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import bcrypt from "bcryptjs";
import { format } from "date-fns";
import mongoose from "mongoose";
import { Credential } from "../models";
import { startApp, stopApp, useBenchEnvironment } from "./app-server";
import { recordSection, stats, type Stats } from "./timing";
import { createThrowAwayDirectory, findFreePort, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { createSession } from "~/features/auth/session.server";
import { createEmailUser } from "~/features/auth/user.server";
import { connectWithIndexes } from "./database";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const USERS = Number(option("users", "50"));
const HASHES = option("hashes", "scrypt");
const APP_DIR = option("app-dir", "");
const LABEL = option("label", `${APP_DIR ? "app in " + path.basename(APP_DIR) : "this checkout"}, ${HASHES} hashes`);
const BASELINE_REQUESTS = 40;
const PASSWORD = "Stall!Passw0rd1";
const HEADING = "## Sign-in stall";

useBenchEnvironment();

async function timedGet(url: string, cookie: string) {
  const start = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

const fmt = (value: Stats) => `${value.p50.toFixed(0)} / ${value.p95.toFixed(0)}`;

const workDir = createThrowAwayDirectory("ledgerly-stall-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: false, database: "ledgerly-stall" });
let server: ChildProcess | undefined;
try {
  await connectWithIndexes(database.uri, 2);
  const emails = Array.from({ length: USERS }, (_, index) => `stall-${index}@example.com`);
  const userIds = [];
  for (const email of emails) userIds.push(await createEmailUser(email, PASSWORD));
  if (HASHES === "bcrypt") {
    const legacy = await bcrypt.hash(PASSWORD, 10);
    await Credential.updateMany({}, { $set: { passwordHash: legacy } });
  }
  const reader = await createEmailUser("stall-reader@example.com", PASSWORD);

  const port = await findFreePort();
  server = await startApp(database.uri, port, { TRUST_PROXY: "1" }, APP_DIR || undefined);
  const base = `http://localhost:${port}`;
  const cookie = (await createSession(reader, new Request(base))).cookie.split(";")[0];
  for (let warm = 0; warm < 10; warm += 1) await timedGet(`${base}/dashboard`, cookie);

  const idle: number[] = [];
  for (let request = 0; request < BASELINE_REQUESTS; request += 1) idle.push(await timedGet(`${base}/dashboard`, cookie));

  const signInTimes: number[] = [];
  let signedIn = 0;
  const started = performance.now();
  const signIns = Promise.all(
    emails.map(async (email, index) => {
      const start = performance.now();
      const response = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": `10.9.${Math.floor(index / 250)}.${index % 250}` },
        body: new URLSearchParams({ email, password: PASSWORD }),
      });
      await response.arrayBuffer();
      if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
      signedIn += 1;
      signInTimes.push(performance.now() - start);
    }),
  );
  // Two readers, one request at a time each, for as long as sign-ins are in flight.
  const during: number[] = [];
  const read = async () => {
    while (signedIn < USERS) during.push(await timedGet(`${base}/dashboard`, cookie));
  };
  await Promise.all([signIns, read(), read()]);
  const allSignedInMs = performance.now() - started;
  const upgraded = await Credential.countDocuments({ userId: { $in: userIds }, passwordHash: { $regex: "^scrypt\\$" } });

  const row = `| ${LABEL} | ${fmt(stats(idle))} | ${fmt(stats(during))} | ${during.length} | ${fmt(stats(signInTimes))} | ${(allSignedInMs / 1000).toFixed(1)} | ${upgraded} of ${USERS} |`;
  console.log(row);
  if (args.includes("--record")) {
    const existing = readFileSync(path.join(import.meta.dirname, "..", "docs", "benchmarks.md"), "utf8");
    const start = existing.indexOf(`\n${HEADING}\n`);
    const rows = start === -1 ? [] : existing.slice(start + 1).split("\n## ")[0].split("\n").filter((line) => /^\| (?!run |---)/.test(line) && !line.startsWith(`| ${LABEL} |`));
    recordSection(
      HEADING,
      [
        HEADING,
        "",
        `Run with \`npx tsx bench/sign-in-stall.ts\` (last on ${format(new Date(), "yyyy-MM-dd")}: ${os.cpus().length} cores): ${USERS} users sign in at once (POST /login, each from its own address) while a signed-in user opens /dashboard, two requests at a time, until every sign-in is answered; "idle" is the same dashboard, one request at a time, with nobody signing in. Built app on a fresh default database (FerretDB on the embedded PostgreSQL), one database connection. Times in ms (p50 / p95), from request to last byte.`,
        "",
        "| run | /dashboard idle | /dashboard during the sign-ins | dashboards served meanwhile | sign-in | all signed in, s | hashes stored as scrypt after |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        ...rows,
        row,
        "",
      ].join("\n"),
    );
  }
} finally {
  if (server) await stopApp(server);
  await mongoose.disconnect();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}
