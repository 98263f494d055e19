// Bulk import through the import pages (issue 30): one user imports five 20,000-row bank files of the same year,
// each upload → preview page → Import as a browser without JavaScript does it, against the built app on a fresh
// default database (FerretDB on the embedded PostgreSQL). Every file's rows fall in the months the earlier files
// filled, so a duplicate check that re-read those months would slow down file by file; the time of each file and
// the database's CPU during it (the launcher's process tree, from /proc) show whether it does.
// Run: npx remix build && npx tsx bench/bulk-import.ts [--files 5] [--rows 20000] [--record]
import { rmSync } from "node:fs";
import path from "node:path";
import { addDays, format } from "date-fns";
import mongoose from "mongoose";
import Papa from "papaparse";
import { Transaction } from "../models";
import { startApp, stopApp, useBenchEnvironment } from "./app-server";
import { connectWithIndexes } from "./database";
import { recordSection, treeCpuSeconds } from "./timing";
import { createThrowAwayDirectory, findFreePort, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { createEmailUser } from "~/features/auth/user.server";
import { createSession } from "~/features/auth/session.server";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const FILES = Number(option("files", "5"));
const ROWS = Number(option("rows", "20000"));
const RECORD = args.includes("--record");
const YEAR_END = new Date(Date.UTC(2026, 10, 27));
const SHOPS = ["REWE", "LIDL", "ALDI SUED", "EDEKA", "DM DROGERIE", "AMAZON MKTPLACE", "SHELL", "DB BAHN", "LIEFERANDO", "STARBUCKS", "IKEA", "APOTHEKE AM MARKT"];

useBenchEnvironment();

/** File `index`'s rows: a year of card payments ending on YEAR_END, each with a reference of its own (no row repeats another file's). */
function bankFile(index: number) {
  const rows = Array.from({ length: ROWS }, (_, row) => {
    const date = format(addDays(YEAR_END, -Math.floor((row / ROWS) * 365)), "yyyy-MM-dd");
    const cents = 100 + ((row * 7919 + index * 104729) % 9000);
    return [date, `${SHOPS[(row + index) % SHOPS.length]} REF ${index}-${row}`, `-${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`];
  });
  return Papa.unparse([["Date", "Description", "Amount"], ...rows]);
}

function hiddenValue(html: string, name: string) {
  const found = new RegExp(`name="${name}" value="([^"]+)"`).exec(html);
  if (!found) throw new Error(`the preview page has no ${name}`);
  return found[1];
}

type FileResult = { file: number; storedBefore: number; uploadS: number; previewS: number; importS: number; totalS: number; databaseCpuS: number; appCpuS: number };

const workDir = createThrowAwayDirectory("ledgerly-bench-bulk-import-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "bench-bulk-import" });
const results: FileResult[] = [];
let server: Awaited<ReturnType<typeof startApp>> | undefined;
try {
  await connectWithIndexes(database.uri);
  const userId = await createEmailUser("bulk-importer@example.com", "Bench!Passw0rd1");
  const cookie = (await createSession(userId, new Request("http://localhost/"))).cookie.split(";")[0];
  const port = await findFreePort();
  server = await startApp(database.uri, port);
  const base = `http://localhost:${port}`;
  const headers = { Cookie: cookie, Origin: base };
  for (let index = 0; index < FILES; index += 1) {
    const storedBefore = await Transaction.countDocuments({ userId: new mongoose.Types.ObjectId(userId), deleted: false });
    const body = new FormData();
    body.set("intent", "upload");
    body.set("file", new Blob([bankFile(index)], { type: "text/csv" }), `bank-${index}.csv`);
    const databaseCpuBefore = treeCpuSeconds(database.pid() ?? 0);
    const appCpuBefore = treeCpuSeconds(server.pid ?? 0);
    const started = performance.now();
    const uploaded = await fetch(`${base}/transactions/import`, { method: "POST", body, headers, redirect: "manual" });
    const previewPath = uploaded.headers.get("location");
    if (uploaded.status !== 302 || !previewPath) throw new Error(`the upload answered ${uploaded.status}`);
    const afterUpload = performance.now();
    const preview = await fetch(`${base}${previewPath}`, { headers });
    const html = await preview.text();
    if (preview.status !== 200) throw new Error(`the preview answered ${preview.status}`);
    const afterPreview = performance.now();
    const confirm = new URLSearchParams({ fingerprint: hiddenValue(html, "fingerprint"), submissionKey: hiddenValue(html, "submissionKey") });
    const imported = await fetch(`${base}${previewPath}`, { method: "POST", body: confirm, headers, redirect: "manual" });
    if (imported.status !== 302 || !imported.headers.get("location")?.startsWith("/transactions")) throw new Error(`the import answered ${imported.status}: ${(await imported.text()).slice(0, 300)}`);
    const finished = performance.now();
    // Read before the check below, which reads every stored row itself.
    const databaseCpuS = treeCpuSeconds(database.pid() ?? 0) - databaseCpuBefore;
    const appCpuS = treeCpuSeconds(server.pid ?? 0) - appCpuBefore;
    const stored = await Transaction.countDocuments({ userId: new mongoose.Types.ObjectId(userId), deleted: false });
    if (stored !== storedBefore + ROWS) throw new Error(`file ${index + 1} stored ${stored - storedBefore} rows, not ${ROWS}`);
    results.push({
      file: index + 1,
      storedBefore,
      uploadS: (afterUpload - started) / 1000,
      previewS: (afterPreview - afterUpload) / 1000,
      importS: (finished - afterPreview) / 1000,
      totalS: (finished - started) / 1000,
      databaseCpuS,
      appCpuS,
    });
    console.log(results.at(-1));
  }
} finally {
  if (server) await stopApp(server);
  await mongoose.disconnect();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}

const seconds = (value: number) => value.toFixed(1);
const total = results.reduce((sum, row) => sum + row.totalS, 0);
const table = [
  "| file | stored before | upload s | preview s | import s | file s | database CPU s | app CPU s |",
  "|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...results.map((row) => `| ${row.file} | ${row.storedBefore.toLocaleString("en-US")} | ${seconds(row.uploadS)} | ${seconds(row.previewS)} | ${seconds(row.importS)} | ${seconds(row.totalS)} | ${seconds(row.databaseCpuS)} | ${seconds(row.appCpuS)} |`),
];
const report = [
  "## Bulk import",
  "",
  `${FILES} files of ${ROWS.toLocaleString("en-US")} rows (${(FILES * ROWS).toLocaleString("en-US")} in all) through the import pages as a browser without JavaScript sends them (upload, preview page, Import), one user, on a fresh default database (\`npx tsx bench/bulk-import.ts --record\`, ${new Date().toISOString().slice(0, 10)}). Every file is a year of card payments in the months the earlier files filled. **${seconds(total)} s in all.**`,
  "",
  ...table,
  "",
].join("\n");
console.log(report);
if (RECORD) recordSection("## Bulk import", report);
