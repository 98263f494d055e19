// Where a page's time goes (issue 30): one user with 1k and 100k transactions on the embedded database; the
// built app serves /dashboard and Tracked /transactions, and takes adds of a transaction (the form's POST), one request at a time, and for each the bench
// reports the time from request to last byte, the CPU it cost the app and the database (the launcher's
// process tree: FerretDB and PostgreSQL) per request, read from /proc, and how many commands the app sent the
// database per request (counted by a pass-through proxy between them). With --profile the app runs with
// its inspector on, the bench profiles as many requests again through it (the figures stay unprofiled), and the report adds where the app's CPU
// went, by package and by function (the inspector's WebSocket needs Node 20's --experimental-websocket).
// Run: npx remix build && NODE_OPTIONS=--experimental-websocket npx tsx bench/pages.ts [--sizes 1000,100000] [--requests 200] [--settle 30] [--profile [--profile-dir DIR]] [--record]
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { startApp, stopApp, useBenchEnvironment } from "./app-server";
import { connectWithIndexes } from "./database";
import { seedUser } from "./history";
import { recordSection, timeIt, treeCpuSeconds, type Stats } from "./timing";
import { createThrowAwayDirectory, findFreePort, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { createEmailUser } from "~/features/auth/user.server";
import { createSession } from "~/features/auth/session.server";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const SIZES = option("sizes", "1000,100000").split(",").map(Number);
const REQUESTS = Number(option("requests", "200"));
const WARM_UP = 20;
/** Seconds between seeding and measuring: PostgreSQL's autovacuum visits the new rows meanwhile. */
const SETTLE_SECONDS = Number(option("settle", "30"));
const PROFILE = args.includes("--profile");
/** Where to keep the raw profiles (`<transactions>-<page>.cpuprofile`, for DevTools), if anywhere. */
const PROFILE_DIR = option("profile-dir", "");
const RECORD = args.includes("--record");

useBenchEnvironment();

/** What an OP_MSG asks (its body's first field and, when that is a string, the collection): "find transactions". */
function commandOf(message: Buffer) {
  const OP_MSG = 2013;
  // Header (16 bytes), flag bits (4), then section kind 0 (1): the body, a BSON document whose first element names the command.
  if (message.length < 27 || message.readInt32LE(12) !== OP_MSG || message[20] !== 0) return "other";
  const type = message[25];
  const nameEnd = message.indexOf(0, 26);
  const name = message.toString("utf8", 26, nameEnd);
  const STRING = 2;
  if (type !== STRING) return name;
  const length = message.readInt32LE(nameEnd + 1);
  return `${name} ${message.toString("utf8", nameEnd + 5, nameEnd + 4 + length)}`;
}

/** A pass-through TCP proxy to `target` that counts the MongoDB commands clients send, by command and collection. */
async function countingProxy(target: number) {
  const commands = new Map<string, number>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, "127.0.0.1");
    let pending = Buffer.alloc(0);
    client.on("data", (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      // Each message starts with its length (int32, little-endian).
      while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
        const command = commandOf(pending.subarray(0, pending.readInt32LE(0)));
        commands.set(command, (commands.get(command) ?? 0) + 1);
        pending = pending.subarray(pending.readInt32LE(0));
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, commands: () => new Map(commands), close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The commands counted since `before`, by command, the most frequent first. */
function commandsSince(before: Map<string, number>, after: Map<string, number>) {
  return [...after].map(([command, count]) => [command, count - (before.get(command) ?? 0)] as const).filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1]);
}

/**
 * The app's V8 profiler, through its inspector (Chrome DevTools Protocol over a WebSocket): started and stopped
 * around the measured requests only, so the app's start and the warm-up stay out of the profile.
 */
async function appProfiler(inspectPort: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let lastId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      lastId += 1;
      waiting.set(lastId, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 500 });
  return {
    start: () => send("Profiler.start"),
    stop: async () => {
      const { profile } = await send<{ profile: CpuProfile }>("Profiler.stop");
      socket.close();
      return profile;
    },
  };
}

type CpuProfile = { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>; samples: number[]; timeDeltas: number[] };

/** Where a profile's samples fell: the package (or the app's own build, Node's internals, the garbage collector). */
function placeOf(url: string, functionName: string) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (packageName) return packageName;
  if (url.includes("/build/")) return "app (build/index.js)";
  if (url.startsWith("node:")) return "node internals";
  return url;
}

/** The profile's self time (ms) by place and by function, the largest first. */
function summariseProfile(profile: CpuProfile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id);
    if (!node || node.callFrame.functionName === "(idle)") return;
    const { functionName, url, lineNumber } = node.callFrame;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const name = `${functionName || "(anonymous)"} (${place}${url.includes("/build/") ? `:${lineNumber + 1}` : ""})`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { byPlace: sorted(byPlace), byFunction: sorted(byFunction) };
}

type PageResult = { size: number; page: string; time: Stats; appCpuMs: number; databaseCpuMs: number; commands: number; commandsByName: ReadonlyArray<readonly [string, number]>; htmlKb: number; profile: ReturnType<typeof summariseProfile> | null };

/** What the bench asks for: a page, or (with a form) an add of a transaction, answered by a redirect; `name` names its profile file. */
type Ask = { page: string; name: string; url: string; form?: () => URLSearchParams };

async function measurePage(size: number, { page, name, url, form }: Ask, cookie: string, databasePort: number, databasePid: number, mongodbPath: string): Promise<PageResult> {
  const proxy = await countingProxy(databasePort);
  const port = await findFreePort();
  const inspectPort = PROFILE ? await findFreePort() : null;
  const server = await startApp(`mongodb://127.0.0.1:${proxy.port}${mongodbPath}?directConnection=true&retryWrites=false`, port, {}, undefined, inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : []);
  const origin = `http://localhost:${port}`;
  const get = async () => {
    const response = form
      ? await fetch(`${origin}${url}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: origin }, body: form() })
      : await fetch(`${origin}${url}`, { headers: { Cookie: cookie } });
    const html = await response.text();
    if (response.status !== (form ? 302 : 200)) throw new Error(`${url} answered ${response.status}`);
    return html;
  };
  try {
    let html = "";
    for (let i = 0; i < WARM_UP; i += 1) html = await get();
    const timed = () => timeIt(REQUESTS, get);
    const commandsBefore = proxy.commands();
    const appBefore = treeCpuSeconds(server.pid ?? 0);
    const databaseBefore = treeCpuSeconds(databasePid);
    const time = await timed();
    const appCpuSeconds = treeCpuSeconds(server.pid ?? 0) - appBefore;
    const databaseCpuSeconds = treeCpuSeconds(databasePid) - databaseBefore;
    const commands = commandsSince(commandsBefore, proxy.commands()).filter(([command]) => !command.startsWith("hello") && !command.startsWith("ismaster"));
    // The profile is of as many requests again, so the profiler's own cost stays out of the figures above.
    const profiler = inspectPort ? await appProfiler(inspectPort) : null;
    await profiler?.start();
    if (profiler) await timed();
    const rawProfile = await profiler?.stop();
    if (rawProfile && PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
    if (rawProfile && PROFILE_DIR) writeFileSync(path.join(PROFILE_DIR, `${size}-${name}.cpuprofile`), JSON.stringify(rawProfile));
    const perRequest = (seconds: number) => (seconds * 1000) / REQUESTS;
    return {
      size,
      page,
      time,
      appCpuMs: perRequest(appCpuSeconds),
      databaseCpuMs: perRequest(databaseCpuSeconds),
      commands: commands.reduce((sum, [, count]) => sum + count, 0) / REQUESTS,
      commandsByName: commands.map(([command, count]) => [command, count / REQUESTS] as const),
      htmlKb: Buffer.byteLength(html) / 1024,
      profile: rawProfile ? summariseProfile(rawProfile) : null,
    };
  } finally {
    await stopApp(server);
    await proxy.close();
  }
}

const workDir = createThrowAwayDirectory("ledgerly-bench-pages-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "bench-pages" });
const results: PageResult[] = [];
try {
  for (const size of SIZES) {
    const mongodbPath = `/bench-pages-${size}`;
    await connectWithIndexes(`mongodb://127.0.0.1:${database.port}${mongodbPath}?directConnection=true&retryWrites=false`);
    const userId = await createEmailUser(`bench-pages-${size}@example.com`, "Bench!Passw0rd1");
    const { lastMonthKey } = await seedUser(userId, size);
    const cookie = (await createSession(userId, new Request("http://localhost/"))).cookie.split(";")[0];
    await mongoose.disconnect();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    let added = 0;
    const addForm = () => new URLSearchParams({ type: "expense", amount: "12.34", category: "food", date: `${lastMonthKey}-05`, description: `Bench add ${(added += 1)}` });
    const asks: Ask[] = [
      { page: "/dashboard", name: "dashboard", url: `/dashboard?month=${lastMonthKey}` },
      { page: "/transactions", name: "transactions", url: "/transactions?tab=tracked" },
      { page: "add (POST /transactions/new)", name: "add", url: "/transactions/new", form: addForm },
    ];
    for (const ask of asks) {
      const result = await measurePage(size, ask, cookie, database.port, database.pid() ?? 0, mongodbPath);
      results.push(result);
      const { profile: _profile, ...shown } = result;
      console.log(JSON.stringify(shown));
    }
  }
} finally {
  await mongoose.disconnect();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}

const ms = (value: number) => value.toFixed(1);
const lines = [
  "## Pages: where the time goes",
  "",
  `\`npx remix build && NODE_OPTIONS=--experimental-websocket npx tsx bench/pages.ts --record${PROFILE ? " --profile" : ""}\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at the end; the built app on a fresh default database (four connections), one user with the transactions of five years, ${REQUESTS} requests per page one at a time after ${WARM_UP} to warm up. CPU is per request: the app's process, and the database's (FerretDB and its PostgreSQL, all processes). Commands: what the app sent the database per request (the driver's heartbeats left out).`,
  "",
  "| transactions | page | p50 ms | p95 ms | app CPU ms | database CPU ms | CPU ms in all | commands | HTML KB |",
  "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
  ...results.map((row) => `| ${row.size.toLocaleString("en-US")} | ${row.page} | ${ms(row.time.p50)} | ${ms(row.time.p95)} | ${ms(row.appCpuMs)} | ${ms(row.databaseCpuMs)} | ${ms(row.appCpuMs + row.databaseCpuMs)} | ${row.commands.toFixed(1)} | ${row.htmlKb.toFixed(0)} |`),
  "",
];
for (const row of results) {
  lines.push(`The commands of ${row.page} at ${row.size.toLocaleString("en-US")}, per request: ${row.commandsByName.map(([command, count]) => `${command} ${count.toFixed(count % 1 === 0 ? 0 : 2)}`).join(", ")}.`, "");
  if (!row.profile) continue;
  const total = row.profile.byPlace.reduce((sum, [, value]) => sum + value, 0);
  const share = (value: number) => `${((value / total) * 100).toFixed(0)}%`;
  lines.push(
    `The app's CPU on ${row.page} at ${row.size.toLocaleString("en-US")} (self time over as many requests again with the profiler attached, sampled every 0.5 ms): by place ${row.profile.byPlace.slice(0, 8).map(([place, value]) => `${place} ${share(value)}`).join(", ")}; by function ${row.profile.byFunction.slice(0, 8).map(([name, value]) => `${name} ${share(value)}`).join(", ")}.`,
    "",
  );
}
const report = lines.join("\n");
console.log(report);
if (RECORD) recordSection("## Pages: where the time goes", report);
