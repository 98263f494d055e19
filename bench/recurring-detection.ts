// Recurring series at 100k transactions: five years of one user's history (2021-12 to 2026-11) with a few
// dozen planted series (rent on the first working day, a bi-weekly salary with a raise, subscriptions with
// changing references, utility bills that vary, two memberships at one payee, a subscription among a shop's
// purchases, weekly, quarterly and yearly payments, one series that ended) among random purchases at a few
// hundred shops. Times `detectSeries` (the median of 5 runs after a warm-up, in the bench process) and checks
// that every planted series is proposed with exactly its transactions, and what else was proposed. With
// --database it also stores the history for a user on the embedded database and times the job's whole run,
// `detectUserSeries` (the history read a month at a time, the series found, the proposals stored), once.
// Run: npx tsx bench/recurring-detection.ts [--size 100000] [--runs 5] [--database]
import os from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import mongoose from "mongoose";
import { Transaction } from "../models";
import { createThrowAwayDirectory, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { addAccount } from "~/features/accounts/accounts.server";
import { createEmailUser } from "~/features/auth/user.server";
import { detectUserSeries } from "~/features/recurring/recurring.server";
import { updateMonthSummaries } from "~/features/transactions/month-summary.server";
import { connectWithIndexes } from "./database";
import { storedTransaction } from "./history";
import { dayNumber, dayOfNumber, occurrencesBetween, type Frequency } from "~/features/recurring/occurrences";
import { detectSeries, type HistoryTransaction } from "~/features/recurring/series";
import { stats } from "./timing";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const SIZE = Number(option("size", "100000"));
const RUNS = Number(option("runs", "5"));
const ON_DATABASE = args.includes("--database");
const START = "2021-12-01";
const TODAY = "2026-11-27";
const CHECKING = "64b7f0c2a1b2c3d4e5f60001";
const CARD = "64b7f0c2a1b2c3d4e5f60002";
const EURO_CARD = "64b7f0c2a1b2c3d4e5f60003";

/** A seeded generator (mulberry32): the same history on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(20261127);
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
const reference = (length: number) => Array.from({ length }, () => pick([..."ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"])).join("");
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The first working day on or after `day` (a payment due on a weekend is booked the Monday after). */
function workingDayFrom(day: string) {
  const shift = { 0: 1, 6: 2 }[weekday(day)] ?? 0;
  return dayOfNumber(dayNumber(day) + shift);
}

/** The last working day on or before `day` (a salary due on a weekend is paid the Friday before). */
function workingDayUntil(day: string) {
  const shift = { 0: 2, 6: 1 }[weekday(day)] ?? 0;
  return dayOfNumber(dayNumber(day) - shift);
}

type Plan = {
  label: string;
  frequency: Frequency;
  anchor: string;
  until?: string;
  description: () => string;
  amount: (index: number, due: string) => number;
  type?: "income" | "expense";
  accountId?: string;
  currency?: string;
  category: string;
  booked?: (due: string) => string;
  /** Due dates left unpaid (a missed month, a council tax's two months off). */
  skip?: (due: string, index: number) => boolean;
  /** Planted but ended: must not be proposed. */
  ended?: true;
};

const history: HistoryTransaction[] = [];
const planted: Array<{ plan: Plan; ids: string[] }> = [];

function plant(plan: Plan) {
  const ids: string[] = [];
  occurrencesBetween(plan.anchor, plan.frequency, plan.anchor, plan.until ?? TODAY).forEach((due, index) => {
    if (plan.skip?.(due, index)) return;
    const date = (plan.booked ?? ((day: string) => day))(due);
    if (date > TODAY) return;
    const id = `${plan.label}-${index}`;
    ids.push(id);
    history.push({ id, date, amount: plan.amount(index, due), currency: plan.currency ?? "GBP", type: plan.type ?? "expense", accountId: plan.accountId ?? CHECKING, description: plan.description(), category: plan.category });
  });
  planted.push({ plan, ids });
}

const seasonal = (low: number, high: number) => (_: number, due: string) => {
  const winter = (Math.cos(((Number(due.slice(5, 7)) - 1) / 12) * 2 * Math.PI) + 1) / 2;
  return Math.round(low + (high - low) * winter + between(-300, 300));
};
const fixed = (amount: number) => () => amount;

plant({ label: "rent", frequency: "monthly", anchor: "2021-12-01", description: () => "RENT - 12 HIGH ST", amount: fixed(125_000), category: "rent", booked: workingDayFrom });
plant({ label: "salary", frequency: "biweekly", anchor: "2021-12-03", description: () => "ACME PAYROLL 0000123 SALARY", amount: (_, due) => (due < "2024-04-01" ? 245_000 : 256_000), type: "income", category: "salary" });
plant({ label: "netflix", frequency: "monthly", anchor: "2024-01-14", description: () => "NETFLIX.COM 866-579-7172 CA", amount: fixed(1799), accountId: CARD, category: "subscriptions", booked: (due) => dayOfNumber(dayNumber(due) + between(0, 2)) });
plant({ label: "spotify", frequency: "monthly", anchor: "2021-12-03", description: () => `SPOTIFY ${reference(10)}`, amount: (_, due) => (due < "2023-07-01" ? 999 : 1099), accountId: CARD, category: "subscriptions" });
plant({ label: "electricity", frequency: "monthly", anchor: "2021-12-20", description: () => `BRITISH GAS DD REF ${reference(8)}`, amount: seasonal(6_000, 14_000), category: "utilities", booked: workingDayFrom });
plant({ label: "water", frequency: "quarterly", anchor: "2022-01-05", description: () => "THAMES WATER", amount: seasonal(9_000, 11_000), category: "utilities", booked: workingDayFrom });
plant({ label: "phone", frequency: "monthly", anchor: "2021-12-28", description: () => `VODAFONE LTD ${between(1_000_000, 9_999_999)}`, amount: fixed(2500), category: "phone", skip: (_, index) => index === 17 });
plant({ label: "gym-a", frequency: "monthly", anchor: "2021-12-05", description: () => "PUREGYM LTD", amount: fixed(2000), accountId: CARD, category: "fitness" });
plant({ label: "gym-b", frequency: "monthly", anchor: "2023-03-12", description: () => "PUREGYM LTD", amount: fixed(3500), accountId: CARD, category: "fitness" });
plant({ label: "car-insurance", frequency: "yearly", anchor: "2022-03-15", description: () => "ADMIRAL INSURANCE", amount: (index) => [54_000, 57_500, 61_000, 63_000, 64_500][index], category: "insurance", booked: workingDayFrom });
plant({ label: "prime", frequency: "yearly", anchor: "2022-07-09", description: () => `AMAZON PRIME*${reference(9)}`, amount: (index) => (index < 2 ? 7900 : 9500), accountId: CARD, category: "subscriptions" });
plant({ label: "kindle", frequency: "monthly", anchor: "2022-02-17", description: () => `AMZN Mktp UK*${reference(9)}`, amount: fixed(949), accountId: CARD, category: "books" });
plant({ label: "icloud", frequency: "monthly", anchor: "2021-12-22", description: () => "APPLE.COM/BILL", amount: fixed(299), accountId: CARD, category: "subscriptions" });
plant({ label: "cleaner", frequency: "weekly", anchor: "2022-05-02", description: () => "MRS J SMITH CLEANING", amount: fixed(6000), category: "household", skip: (_, index) => index % 26 === 25 });
plant({ label: "allowance", frequency: "weekly", anchor: "2023-09-02", description: () => "KIDS ALLOWANCE", amount: (_, due) => (due < "2025-09-01" ? 1000 : 1200), category: "kids" });
plant({ label: "dog-walker", frequency: "biweekly", anchor: "2024-02-07", description: () => "A JONES DOG WALKING", amount: fixed(4000), category: "pets" });
plant({ label: "council-tax", frequency: "monthly", anchor: "2022-04-01", description: () => `COUNCIL TAX ${between(10_000_000, 99_999_999)}`, amount: (_, due) => (due < "2025-04-01" ? 15_000 : 15_900), category: "housing", skip: (due) => ["02", "03"].includes(due.slice(5, 7)) });
plant({ label: "broadband", frequency: "monthly", anchor: "2021-12-17", description: () => "BT GROUP PLC", amount: fixed(3500), category: "utilities" });
plant({ label: "charity", frequency: "monthly", anchor: "2022-06-10", description: () => "OXFAM DD", amount: fixed(1000), category: "giving" });
plant({ label: "patreon", frequency: "monthly", anchor: "2023-01-01", description: () => "PATREON* MEMBERSHIP", amount: fixed(500), accountId: EURO_CARD, currency: "EUR", category: "subscriptions" });
plant({ label: "freelance", frequency: "monthly", anchor: "2022-01-31", description: () => `CLIENTCO LTD INV ${between(1000, 9999)}`, amount: () => between(180_000, 200_000), type: "income", category: "freelance", booked: workingDayUntil });
plant({ label: "accountant", frequency: "quarterly", anchor: "2022-02-15", description: () => "SMITH & CO ACCOUNTANTS", amount: fixed(18_000), category: "fees" });
plant({ label: "tv-licence", frequency: "yearly", anchor: "2022-04-01", description: () => "TV LICENCE MBP", amount: (index) => [15_900, 15_900, 16_950, 17_450, 17_450][index], category: "housing", booked: workingDayFrom });
plant({ label: "groceries", frequency: "weekly", anchor: "2022-01-06", description: () => `OCADO RETAIL ${reference(6)}`, amount: () => between(6_000, 9_000), category: "groceries" });
plant({ label: "bus-pass", frequency: "monthly", anchor: "2022-09-01", description: () => "TFL TRAVEL CH", amount: (_, due) => (due < "2025-03-01" ? 6500 : 6900), category: "transport", booked: workingDayFrom });
plant({ label: "domain", frequency: "yearly", anchor: "2021-12-02", description: () => "NAMECHEAP.COM", amount: fixed(1200), accountId: CARD, category: "work" });
plant({ label: "dropbox", frequency: "yearly", anchor: "2022-09-01", description: () => `DROPBOX*${reference(8)}`, amount: fixed(11_988), accountId: CARD, category: "work" });
plant({ label: "pension", frequency: "monthly", anchor: "2021-12-27", description: () => "AVIVA PENSION", amount: (index) => 20_000 + Math.floor(index / 12) * 1_000, category: "pension" });
plant({ label: "old-gym", frequency: "monthly", anchor: "2021-12-08", until: "2023-06-30", description: () => "FITNESS FIRST", amount: fixed(4200), accountId: CARD, category: "fitness", ended: true });
plant({ label: "old-netflix", frequency: "monthly", anchor: "2021-12-14", until: "2023-12-31", description: () => "NETFLIX.COM 866-579-7172 CA", amount: fixed(1549), accountId: CARD, category: "subscriptions", ended: true });

/** Shops visited at random, each with its usual spend (minor units) and how often (relative). */
const SHOPS = [
  ...["TESCO STORES", "SAINSBURYS", "WAITROSE", "LIDL GB", "ALDI STORES", "CO-OP GROUP", "M&S SIMPLY FOOD", "ICELAND"].map((name) => ({ name, spend: 3_500, weight: 12 })),
  ...["PRET A MANGER", "STARBUCKS", "COSTA COFFEE", "CAFFE NERO", "GREGGS"].map((name) => ({ name, spend: 450, weight: 15 })),
  ...["AMZN Mktp UK", "APPLE.COM/BILL", "EBAY O", "ARGOS", "JOHN LEWIS", "BOOTS", "SUPERDRUG", "WHSMITH", "WATERSTONES", "IKEA"].map((name) => ({ name, spend: 2_500, weight: 6 })),
  ...["SHELL", "BP", "ESSO", "TEXACO"].map((name) => ({ name, spend: 5_500, weight: 4 })),
  ...["UBER *TRIP", "UBER *EATS", "DELIVEROO", "JUST EAT", "TFL TRAVEL", "TRAINLINE"].map((name) => ({ name, spend: 1_800, weight: 6 })),
  ...Array.from({ length: 300 }, (_, index) => ({ name: `LOCAL SHOP ${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + Math.floor(index / 26))} LTD`, spend: 2_000 + (index % 7) * 1_500, weight: 0.3 })),
];
const totalWeight = SHOPS.reduce((sum, shop) => sum + shop.weight, 0);
function randomShop() {
  let left = random() * totalWeight;
  for (const shop of SHOPS) {
    left -= shop.weight;
    if (left <= 0) return shop;
  }
  return SHOPS[SHOPS.length - 1];
}

const firstDay = dayNumber(START);
const days = dayNumber(TODAY) - firstDay + 1;
for (let index = 0; history.length < SIZE; index += 1) {
  const shop = randomShop();
  const date = dayOfNumber(firstDay + Math.floor(random() * days));
  const description = pick([`${shop.name} ${between(10, 9999)}`, `${shop.name} #${between(100, 999)}`, `CARD ${between(1000, 9999)} ${shop.name} ${date.slice(8, 10)}/${date.slice(5, 7)}`, shop.name]);
  const amount = Math.max(50, Math.round(shop.spend * Math.exp((random() - 0.5) * 1.6)));
  history.push({ id: `purchase-${index}`, date, amount, currency: "GBP", type: random() < 0.03 ? "income" : "expense", accountId: random() < 0.5 ? CHECKING : CARD, description, category: "shopping" });
}

detectSeries(history, TODAY);
const samples: number[] = [];
let found = detectSeries(history, TODAY);
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  found = detectSeries(history, TODAY);
  samples.push(performance.now() - started);
}
const timing = stats(samples);

const idsOf = new Map(found.map((series) => [series.transactionIds.join(","), series]));
const rows = planted.map(({ plan, ids }) => {
  const exact = idsOf.get(ids.join(","));
  const holding = found.filter((series) => series.transactionIds.some((id) => ids.includes(id)));
  const verdict = plan.ended
    ? holding.length === 0 ? "not proposed (ended)" : "PROPOSED, though it ended"
    : exact?.frequency === plan.frequency ? `found, confidence ${exact.confidence}` : holding.length > 0 ? `PARTLY: ${holding.map((series) => `${series.frequency} with ${series.transactionIds.filter((id) => ids.includes(id)).length}`).join(", ")}` : "MISSED";
  return `| ${plan.label} | ${plan.frequency} | ${ids.length} | ${verdict} |`;
});
const plantedIds = new Set(planted.flatMap(({ ids }) => ids));
const unplanted = found.filter((series) => !series.transactionIds.some((id) => plantedIds.has(id)));
const expected = planted.filter(({ plan }) => !plan.ended);
const allFound = expected.every(({ plan, ids }) => idsOf.get(ids.join(","))?.frequency === plan.frequency);

console.log(`detectSeries over ${history.length.toLocaleString("en-US")} transactions (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}), ${RUNS} runs after a warm-up:`);
console.log(`| median | p95 | mean | runs |\n| ---: | ---: | ---: | ---: |\n| ${timing.p50.toFixed(1)} ms | ${timing.p95.toFixed(1)} ms | ${timing.mean.toFixed(1)} ms | ${timing.count} |`);
console.log(`\n| planted series | frequency | transactions | proposed |\n| --- | --- | ---: | --- |\n${rows.join("\n")}`);
console.log(`\n${found.length} series proposed; every planted series found with exactly its transactions: ${allFound ? "yes" : "NO"} (${expected.length} planted, ${planted.length - expected.length} ended); proposed from random purchases alone: ${unplanted.length}`);
for (const series of unplanted) console.log(`  - ${series.name} (${series.frequency}, ${series.transactionIds.length} transactions, ${series.amountMin}–${series.amountMax}, confidence ${series.confidence})`);

/** The history stored for a new user (checking is their main account; the cards are added), seeded straight into the collection. */
async function storeHistory(userId: string) {
  const owner = new mongoose.Types.ObjectId(userId);
  const accountIds = new Map([[CHECKING, userId]]);
  for (const [id, name, currency] of [[CARD, "Card", "USD"], [EURO_CARD, "Euro card", "EUR"]]) {
    const added = await addAccount(userId, { name, kind: "checking", onBudget: true, openingBalance: 0, openingDate: "2021-01-01", currency });
    if (!added.ok) throw new Error(added.message);
    accountIds.set(id, added.account.id);
  }
  for (let offset = 0; offset < history.length; offset += 1000) {
    const batch = history.slice(offset, offset + 1000).map(({ type, category, amount, date, description, accountId }) => ({
      ...storedTransaction(owner, { type, category, amount, date, description }),
      accountId: new mongoose.Types.ObjectId(accountIds.get(accountId)),
    }));
    await Transaction.insertMany(batch, { lean: true });
    await updateMonthSummaries(userId, batch, 1);
  }
}

if (ON_DATABASE) {
  const workDir = createThrowAwayDirectory("ledgerly-bench-series-");
  const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "bench-series" });
  await connectWithIndexes(database.uri);
  try {
    const userId = await createEmailUser("series-bench@example.com", "Str0ng!Passw0rd");
    await storeHistory(userId);
    const started = performance.now();
    const result = await detectUserSeries(userId, TODAY);
    const seconds = (performance.now() - started) / 1000;
    console.log(`\nThe job's run on the embedded PostgreSQL, once: ${seconds.toFixed(1)} s for ${result.scanned.toLocaleString("en-US")} transactions read, ${result.proposed} series proposed (target < 30 s).`);
  } finally {
    await mongoose.disconnect();
    await database.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
