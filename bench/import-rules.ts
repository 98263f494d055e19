// What rules and recurring bills cost an import's preview (issue 29): three users with the same year of history
// preview the same 20,000-row bank file (a year of card payments at 30 shops, 9 monthly bills and a paycheck):
// one with no rules, one with 25 rules (text, amount, type and date conditions; categories, clean names, tags
// and a split), one with those rules and the bills and paycheck as recurring schedules (their payments are
// matched). The previews take turns, so a slower moment of the machine falls on all three; a warm-up comes first.
// Run: npx tsx bench/import-rules.ts [--rows 20000] [--history 10000] [--runs 5] [--record]
import os from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import { addDays, format } from "date-fns";
import mongoose from "mongoose";
import Papa from "papaparse";
import { Transaction } from "../models";
import { createThrowAwayDirectory, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { createEmailUser } from "~/features/auth/user.server";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { previewImport, saveUpload } from "~/features/import/import.server";
import { addRule } from "~/features/rules/rules.server";
import type { RuleDraft } from "~/features/rules/rules";
import { addSchedule } from "~/features/recurring/recurring.server";
import { updateMonthSummaries } from "~/features/transactions/month-summary.server";
import { connectWithIndexes } from "./database";
import { storedTransaction } from "./history";
import { recordSection, stats, type Stats } from "./timing";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const ROWS = Number(option("rows", "20000"));
const HISTORY = Number(option("history", "10000"));
const RUNS = Number(option("runs", "5"));
const RECORD = args.includes("--record");
const FILE_END = new Date(Date.UTC(2026, 10, 27));
process.env.NODE_ENV = "production";

const SHOPS = [
  "REWE", "LIDL", "ALDI SUED", "EDEKA", "DM DROGERIE", "ROSSMANN", "AMAZON MKTPLACE", "SHELL", "ARAL", "DB BAHN",
  "BVG TICKET", "UBER TRIP", "LIEFERANDO", "STARBUCKS", "MCDONALDS", "IKEA", "MEDIAMARKT", "APOTHEKE AM MARKT", "ZAHNARZT DR MUELLER", "ADAC",
  "ZALANDO", "H&M", "DECATHLON", "THALIA", "KINO CINESTAR", "PAYPAL *STEAM", "PAYPAL *EBAY", "BACKEREI KAMPS", "TANKSTELLE ESSO", "OBI BAUMARKT",
];
/** Paid once a month on `day`: the recurring bills and the paycheck (amounts in cents, income positive). */
const BILLS: Array<{ payee: string; cents: number; day: number; categoryId: string }> = [
  { payee: "HAUSVERWALTUNG MIETE", cents: -125000, day: 1, categoryId: "housing" },
  { payee: "ARBEITGEBER GMBH GEHALT", cents: 320000, day: 28, categoryId: "salary" },
  { payee: "NETFLIX.COM", cents: -1799, day: 5, categoryId: "utilities" },
  { payee: "SPOTIFY", cents: -1099, day: 10, categoryId: "utilities" },
  { payee: "VODAFONE", cents: -3999, day: 12, categoryId: "utilities" },
  { payee: "TELEKOM", cents: -4495, day: 15, categoryId: "utilities" },
  { payee: "STADTWERKE STROM", cents: -8900, day: 20, categoryId: "utilities" },
  { payee: "FITNESS FIRST", cents: -2990, day: 3, categoryId: "healthcare" },
  { payee: "ALLIANZ VERSICHERUNG", cents: -6420, day: 7, categoryId: "healthcare" },
  { payee: "AMAZON PRIME", cents: -899, day: 18, categoryId: "housing" },
];
const FIRST_BILL_MONTH = "2026-01";

const germanAmount = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/**
 * A year ending on FILE_END, German-style (as run.ts's import file): first the bills' and paycheck's monthly
 * payments of the year, newest first (the preview shows the first rows), then card payments at the shops,
 * each description with a reference after the payee.
 */
function bankFile(rows: number) {
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const bills = [];
  for (let monthsBack = 0; monthsBack < 12; monthsBack += 1) {
    const month = new Date(Date.UTC(FILE_END.getUTCFullYear(), FILE_END.getUTCMonth() - monthsBack, 1));
    for (const bill of BILLS) {
      const due = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), bill.day));
      if (due <= FILE_END) bills.push({ due, line: [format(due, "dd.MM.yyyy"), `${bill.payee} ${format(due, "MMyy")}`, germanAmount(bill.cents)] });
    }
  }
  bills.sort((a, b) => b.due.getTime() - a.due.getTime());
  const shopping = Array.from({ length: rows - bills.length }, (_, index) => {
    const date = format(addDays(FILE_END, -Math.floor((index / (rows - bills.length)) * 365)), "dd.MM.yyyy");
    return [date, `${SHOPS[Math.floor(random() * SHOPS.length)]} ${1000 + index}`, germanAmount(-(100 + Math.floor(random() * 9000)))];
  });
  return Papa.unparse([["Buchungstag", "Verwendungszweck", "Betrag"], ...bills.map(({ line }) => line), ...shopping], { delimiter: ";" });
}

const contains = (text: string) => ({ field: "description" as const, operator: "contains" as const, text });
const startsWith = (text: string) => ({ field: "description" as const, operator: "starts-with" as const, text });
const category = (categoryId: string) => ({ kind: "set-category" as const, categoryId });

function rulesOf(): RuleDraft[] {
  const simple: Array<[string, string]> = [
    ["REWE", "food"], ["LIDL", "food"], ["ALDI", "food"], ["EDEKA", "food"], ["SHELL", "transportation"], ["ARAL", "transportation"], ["DB BAHN", "transportation"],
    ["BVG", "transportation"], ["STADTWERKE", "utilities"], ["VODAFONE", "utilities"], ["TELEKOM", "utilities"], ["APOTHEKE", "healthcare"], ["ZAHNARZT", "healthcare"],
  ];
  return [
    ...simple.map(([text, categoryId]) => ({ name: text, match: "all" as const, conditions: [contains(text)], actions: [category(categoryId)] })),
    { name: "Amazon", match: "any", conditions: [startsWith("AMAZON MKTPLACE"), startsWith("AMAZON PRIME")], actions: [category("housing"), { kind: "rename", description: "Amazon" }, { kind: "add-tags", tagNames: ["Online"] }] },
    { name: "Streaming", match: "any", conditions: [contains("NETFLIX"), contains("SPOTIFY")], actions: [category("utilities"), { kind: "add-tags", tagNames: ["Subscriptions"] }] },
    { name: "Takeaway", match: "all", conditions: [contains("LIEFERANDO"), { field: "type", type: "expense" }], actions: [category("food"), { kind: "rename", description: "Lieferando" }] },
    { name: "Coffee", match: "any", conditions: [startsWith("STARBUCKS"), startsWith("BACKEREI")], actions: [category("food"), { kind: "add-tags", tagNames: ["Coffee"] }] },
    { name: "Big IKEA", match: "all", conditions: [contains("IKEA"), { field: "amount", operator: "above", cents: 5000, currency: "USD" }], actions: [category("housing"), { kind: "add-tags", tagNames: ["Home"] }] },
    { name: "PayPal pattern", match: "all", conditions: [{ field: "description", operator: "matches", text: "PAYPAL *STEAM*" }], actions: [category("utilities"), { kind: "rename", description: "Steam" }] },
    { name: "Small PayPal", match: "all", conditions: [startsWith("PAYPAL"), { field: "amount", operator: "between", cents: 100, upTo: 2000, currency: "USD" }], actions: [{ kind: "add-tags", tagNames: ["Small"] }] },
    { name: "Insurance", match: "any", conditions: [contains("ALLIANZ"), contains("ADAC")], actions: [category("healthcare")] },
    { name: "Drugstore split", match: "any", conditions: [contains("DM DROGERIE"), contains("ROSSMANN")], actions: [{ kind: "split", parts: [{ categoryId: "healthcare", percent: 60 }, { categoryId: "housing", percent: 40 }], currency: "USD" }] },
    { name: "Clothes", match: "any", conditions: [contains("ZALANDO"), contains("H&M"), contains("DECATHLON")], actions: [category("housing"), { kind: "add-tags", tagNames: ["Clothes"] }] },
    { name: "Holiday", match: "all", conditions: [{ field: "date", from: "2026-07-01", to: "2026-07-31" }, contains("UBER")], actions: [{ kind: "add-tags", tagNames: ["Trip"] }] },
    { name: "Salary", match: "all", conditions: [contains("GEHALT"), { field: "type", type: "income" }], actions: [category("salary"), { kind: "rename", description: "Salary" }] },
  ];
}

function schedulesOf(accountId: string) {
  return BILLS.map((bill) => ({
    name: bill.payee,
    type: bill.cents > 0 ? ("income" as const) : ("expense" as const),
    accountId,
    currency: "USD",
    amount: Math.abs(bill.cents),
    frequency: "monthly" as const,
    nextDate: `${FIRST_BILL_MONTH}-${String(bill.day).padStart(2, "0")}`,
    category: bill.categoryId,
    remind: false,
    remindDaysBefore: 3,
  }));
}

/** `count` expenses of the file's year at the same payees, stored as the ledger stores them (seeding is not measured). */
async function seedHistory(userId: string, count: number) {
  const owner = new mongoose.Types.ObjectId(userId);
  for (let offset = 0; offset < count; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - offset) }, (_, index) => {
      const at = offset + index;
      const date = format(addDays(FILE_END, -Math.floor((at / count) * 365)), "yyyy-MM-dd");
      return storedTransaction(owner, { type: "expense", category: "food", amount: 500 + (at % 2000), date, description: `${SHOPS[at % SHOPS.length]} H${at}` });
    });
    await Transaction.insertMany(batch, { lean: true });
    await updateMonthSummaries(userId, batch, 1);
  }
}

type Setup = { label: string; rules: boolean; schedules: boolean };
const SETUPS: Setup[] = [
  { label: "no rules", rules: false, schedules: false },
  { label: "25 rules", rules: true, schedules: false },
  { label: "25 rules and 10 recurring bills", rules: true, schedules: true },
];

async function userFor(setup: Setup, index: number, file: Uint8Array) {
  const userId = await createEmailUser(`import-rules-bench-${index}@example.com`, "Str0ng!Passw0rd");
  await seedHistory(userId, HISTORY);
  if (setup.rules) {
    for (const rule of rulesOf()) {
      const saved = await addRule(userId, rule);
      if (!saved.ok) throw new Error(`rule ${rule.name}: ${saved.reason}`);
    }
  }
  if (setup.schedules) {
    for (const schedule of schedulesOf(mainAccountId(userId))) {
      const saved = await addSchedule(userId, schedule);
      if (!saved.ok) throw new Error(`schedule ${schedule.name}: ${saved.reason}`);
    }
  }
  const upload = await saveUpload(userId, { fileName: "bank.csv", bytes: file });
  if (!upload.ok) throw new Error(`the upload was refused: ${upload.error}`);
  return { userId, draftId: upload.draftId };
}

async function timedPreview(userId: string, draftId: string) {
  const start = performance.now();
  const result = await previewImport(userId, draftId, {});
  const elapsed = performance.now() - start;
  if (result.status !== "ready") throw new Error(`no preview: ${result.status}`);
  return { elapsed, preview: result.preview };
}

const workDir = createThrowAwayDirectory("ledgerly-bench-import-rules-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "bench-import-rules" });
await connectWithIndexes(database.uri);
const results: Array<{ setup: Setup; figures: Stats; ruled: number; meets: number }> = [];
try {
  const file = new TextEncoder().encode(bankFile(ROWS));
  const users = [];
  for (const [index, setup] of SETUPS.entries()) users.push({ setup, ...(await userFor(setup, index, file)) });
  const samples = users.map(() => [] as number[]);
  const seen = users.map(() => ({ ruled: 0, meets: 0 }));
  for (let run = 0; run <= RUNS; run += 1) {
    for (const [index, user] of users.entries()) {
      const { elapsed, preview } = await timedPreview(user.userId, user.draftId);
      if (run === 0) {
        const rows = preview.rows;
        seen[index] = { ruled: rows.filter((row) => row.ruleNames.length > 0).length, meets: rows.filter((row) => row.meets).length };
        continue;
      }
      samples[index].push(elapsed);
    }
  }
  for (const [index, user] of users.entries()) results.push({ setup: user.setup, figures: stats(samples[index]), ...seen[index] });
} finally {
  await mongoose.disconnect();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}

const baseline = results[0].figures.p50;
const table = [
  "| the user has | preview p50 ms | p95 ms | ÷ no rules (p50) | of the first 50 rows: changed by a rule | paying a bill | runs |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...results.map(({ setup, figures, ruled, meets }) =>
    `| ${setup.label} | ${figures.p50.toFixed(0)} | ${figures.p95.toFixed(0)} | ${(figures.p50 / baseline).toFixed(2)}× | ${ruled.toLocaleString("en-US")} | ${meets} | ${figures.count} |`,
  ),
].join("\n");
console.log(table);
const worst = Math.max(...results.map(({ figures }) => figures.p50 / baseline));
const report = `## Rules and recurring bills on an import

\`npx tsx bench/import-rules.ts --record\` on the embedded PostgreSQL (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}): the preview of a ${ROWS.toLocaleString("en-US")}-row bank file (a year at 30 shops, 9 monthly bills and a paycheck) for three users with the same ${HISTORY.toLocaleString("en-US")} stored transactions of that year, the previews taking turns, in-process:

${table}

Target: rules add at most 20% to the preview (≤ 1.20×) — ${worst <= 1.2 ? "met" : "missed"} (worst ${worst.toFixed(2)}×). The rows the rules
changed are not read again for the preview's table, which is why the ruled previews can come out quicker.
`;
if (RECORD) recordSection("## Rules and recurring bills on an import", report);
