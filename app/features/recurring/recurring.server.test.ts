import mongoose from "mongoose";
import { describe, expect, test } from "vitest";
import { Schedule as ScheduleModel, SeriesDetection, SeriesProposal, Transaction } from "../../../models";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import { syncConnection } from "~/features/bank/bank.server";
import { linkStandInBank, usePlaidStandIn } from "../../../tests/setup/plaid-link";
import { listAccountsWithBalances } from "~/features/transactions/account-balances.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { scheduleMarksOf } from "~/features/transactions/transactions.server";
import {
  acceptProposal,
  addSchedule,
  deleteSchedule,
  detectionState,
  detectUserSeries,
  getSchedule,
  ignoreProposal,
  listProposals,
  listSchedules,
  markArrivals,
  recordPayment,
  setReminder,
  updateSchedule,
  upcomingPayments,
  type ScheduleInput,
} from "./recurring.server";
import { createGoogleUser, createPremiumUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

const standIn = usePlaidStandIn();
useTestDatabase();

const RENT_DAYS = ["2025-10-01", "2025-11-01", "2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01"];

/**
 * A user's history: rent of $1,500.00 "RENT ACME PROPERTIES" on the 1st of six months (October to March), and
 * coffee bought now and then at different prices.
 */
async function userWithRentHistory() {
  const userId = await createGoogleUser();
  const rent = [];
  for (const date of RENT_DAYS) rent.push(await createTransactionFor(userId, { amount: 150000, category: "housing", date, description: "RENT ACME PROPERTIES" }));
  const coffee = [];
  for (const [date, amount] of [
    ["2026-01-03", 450],
    ["2026-01-09", 380],
    ["2026-01-17", 520],
    ["2026-02-02", 410],
    ["2026-02-14", 600],
    ["2026-02-25", 350],
    ["2026-03-06", 475],
  ] as const) {
    coffee.push(await createTransactionFor(userId, { amount, category: "food", date, description: "Coffee Corner" }));
  }
  return { userId, rent, coffee };
}

function scheduleInput(userId: string, input: Partial<ScheduleInput> = {}): ScheduleInput {
  return { name: "Rent", type: "expense", accountId: mainAccountId(userId), currency: "USD", amount: 150000, frequency: "monthly", nextDate: "2026-03-01", category: "housing", remind: false, remindDaysBefore: 3, ...input };
}

async function added(userId: string, input: Partial<ScheduleInput> = {}) {
  const result = await addSchedule(userId, scheduleInput(userId, input));
  if (!result.ok) throw new Error(result.reason);
  return result.schedule;
}

async function marksOfTransactions(ids: string[]) {
  const stored = await Transaction.find({ _id: mongoose.trusted({ $in: ids }) }).lean();
  return ids.map((id) => {
    const transaction = stored.find((candidate) => String(candidate._id) === id);
    return { scheduleId: transaction?.scheduleId ?? null, scheduleDate: transaction?.scheduleDate ?? null };
  });
}

describe("detecting series in the history", () => {
  test("the rent is proposed once, with what the schedule would be; the coffee is not; detection notes it finished", async () => {
    const { userId } = await userWithRentHistory();
    const first = await detectUserSeries(userId, "2026-03-10", new Date("2026-03-10T08:00:00Z"));
    expect(first).toEqual({ scanned: 13, proposed: 1 });
    const proposals = await listProposals(userId);
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({
      name: "RENT ACME PROPERTIES",
      type: "expense",
      accountId: mainAccountId(userId),
      currency: "USD",
      amount: 150000,
      amountMin: 150000,
      amountMax: 150000,
      frequency: "monthly",
      nextDate: "2026-04-01",
      category: "housing",
      occurrences: 6,
    });
    expect(proposals[0].confidence).toBeGreaterThanOrEqual(0.6);
    expect(await detectionState(userId, new Date("2026-03-10T08:01:00Z"))).toEqual({ running: false, finishedAt: "2026-03-10T08:00:00.000Z" });

    // Detected again: the same proposal, not a second one.
    expect(await detectUserSeries(userId, "2026-03-11", new Date("2026-03-11T08:00:00Z"))).toEqual({ scanned: 13, proposed: 1 });
    expect(await SeriesProposal.countDocuments({ userId })).toBe(1);
    expect((await listProposals(userId)).map((proposal) => proposal.id)).toEqual([proposals[0].id]);
  });

  test("an ignored proposal stays ignored after another detection and is not listed", async () => {
    const { userId } = await userWithRentHistory();
    await detectUserSeries(userId, "2026-03-10", new Date("2026-03-10T08:00:00Z"));
    const [proposal] = await listProposals(userId);
    expect(await ignoreProposal(userId, proposal.id)).toEqual({ ok: true, scheduleId: null });
    expect(await listProposals(userId)).toEqual([]);
    // Ignoring it twice finds nothing left to ignore.
    expect(await ignoreProposal(userId, proposal.id)).toEqual({ ok: false, reason: "not-found" });

    await detectUserSeries(userId, "2026-03-12", new Date("2026-03-12T08:00:00Z"));
    expect(await listProposals(userId)).toEqual([]);
    expect(await SeriesProposal.find({ userId }).lean()).toMatchObject([{ status: "ignored" }]);
    // An ignored proposal cannot be accepted either.
    expect(await acceptProposal(userId, proposal.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await ScheduleModel.countDocuments({ userId })).toBe(0);
  });

  test("a payee the user already keeps as a schedule (same way and account) is not proposed", async () => {
    const { userId } = await userWithRentHistory();
    await added(userId, { name: "Rent Acme Properties" });
    expect(await detectUserSeries(userId, "2026-03-10", new Date("2026-03-10T08:00:00Z"))).toMatchObject({ proposed: 0 });
    expect(await listProposals(userId)).toEqual([]);
  });

  test("a proposal no longer found goes at the next detection", async () => {
    const { userId, rent } = await userWithRentHistory();
    await detectUserSeries(userId, "2026-03-10", new Date("2026-03-10T08:00:00Z"));
    expect(await listProposals(userId)).toHaveLength(1);
    const result = await applyLedgerBatch(userId, { deleted: rent.slice(0, 4).map((transaction) => transaction.id) });
    expect(result.ok).toBe(true);
    await detectUserSeries(userId, "2026-03-11", new Date("2026-03-11T08:00:00Z"));
    expect(await listProposals(userId)).toEqual([]);
    expect(await SeriesProposal.countDocuments({ userId })).toBe(0);
  });
});

describe("accepting a proposal", () => {
  test("makes one schedule (accepting twice keeps one) and marks the series' transactions with their due dates", async () => {
    const { userId, rent, coffee } = await userWithRentHistory();
    await detectUserSeries(userId, "2026-03-10", new Date("2026-03-10T08:00:00Z"));
    const [proposal] = await listProposals(userId);

    const accepted = await acceptProposal(userId, proposal.id);
    if (!accepted.ok || !accepted.scheduleId) throw new Error("not accepted");
    const again = await acceptProposal(userId, proposal.id);
    expect(again).toEqual({ ok: true, scheduleId: accepted.scheduleId });
    expect(await ScheduleModel.countDocuments({ userId })).toBe(1);

    const schedule = await getSchedule(userId, accepted.scheduleId);
    expect(schedule).toMatchObject({
      name: "RENT ACME PROPERTIES",
      payeeKey: "rent acme properties",
      type: "expense",
      accountId: mainAccountId(userId),
      amount: 150000,
      frequency: "monthly",
      anchor: "2026-03-01",
      category: "housing",
      seriesKey: expect.any(String),
      remind: false,
    });
    expect(await marksOfTransactions(rent.map((transaction) => transaction.id))).toEqual(RENT_DAYS.map((date) => ({ scheduleId: accepted.scheduleId, scheduleDate: date })));
    expect(await marksOfTransactions(coffee.map((transaction) => transaction.id))).toEqual(coffee.map(() => ({ scheduleId: null, scheduleDate: null })));
    expect(await scheduleMarksOf(userId, accepted.scheduleId)).toHaveLength(6);

    // Accepted: no longer listed, and the next detection finds the payee kept.
    expect(await listProposals(userId)).toEqual([]);
    expect(await SeriesProposal.findById(proposal.id).lean()).toMatchObject({ status: "accepted" });
    expect(await detectUserSeries(userId, "2026-03-12", new Date("2026-03-12T08:00:00Z"))).toMatchObject({ proposed: 0 });
    expect(await listProposals(userId)).toEqual([]);
  });

  test("a transaction of the series deleted since the detection is left out: the schedule stands with the others marked", async () => {
    const { userId, rent } = await userWithRentHistory();
    await detectUserSeries(userId, "2026-03-10", new Date("2026-03-10T08:00:00Z"));
    const [proposal] = await listProposals(userId);
    expect((await applyLedgerBatch(userId, { deleted: [rent[0].id] })).ok).toBe(true);
    const accepted = await acceptProposal(userId, proposal.id);
    if (!accepted.ok || !accepted.scheduleId) throw new Error("not accepted");
    expect(await scheduleMarksOf(userId, accepted.scheduleId)).toHaveLength(5);
  });
});

describe("what is due and what went by unmet", () => {
  test("the due dates in the window, by date; a due date past its grace unmet is missed: 'Rent was expected on the 1st'", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId, { name: "Rent", nextDate: "2026-03-01" });
    await added(userId, { name: "Phone", amount: 4500, nextDate: "2026-03-20", category: "utilities" });
    await added(userId, { name: "Salary", type: "income", amount: 200000, frequency: "biweekly", nextDate: "2026-03-13", category: "salary" });

    // A monthly payment may be booked up to 7 days late: on the 8th the rent of the 1st is not missed yet.
    const onTheEighth = await upcomingPayments(userId, "2026-03-08", 14);
    expect(onTheEighth.scheduleCount).toBe(3);
    expect(onTheEighth.due.map((item) => [item.schedule.name, item.date])).toEqual([
      ["Salary", "2026-03-13"],
      ["Phone", "2026-03-20"],
    ]);
    expect(onTheEighth.missed).toEqual([]);

    const onTheTenth = await upcomingPayments(userId, "2026-03-10", 14);
    expect(onTheTenth.due.map((item) => [item.schedule.name, item.date])).toEqual([
      ["Salary", "2026-03-13"],
      ["Phone", "2026-03-20"],
    ]);
    expect(onTheTenth.missed.map(({ schedule, date, message }) => ({ id: schedule.id, date, message }))).toEqual([{ id: rent.id, date: "2026-03-01", message: "Rent was expected on the 1st" }]);

    // Days is how many days from today: the 14 days from the 24th reach April 6th.
    const later = await upcomingPayments(userId, "2026-03-24", 14);
    expect(later.due.map((item) => [item.schedule.name, item.date])).toEqual([
      ["Salary", "2026-03-27"],
      ["Rent", "2026-04-01"],
    ]);
  });

  test("a missed due date of an earlier month is named by its day; the latest two due dates at most are listed", async () => {
    const userId = await createGoogleUser();
    await added(userId, { name: "Rent", nextDate: "2026-01-01" });
    const { missed } = await upcomingPayments(userId, "2026-04-12", 14);
    expect(missed.map(({ date, message }) => [date, message])).toEqual([
      ["2026-03-01", "Rent was expected on March 1"],
      ["2026-04-01", "Rent was expected on the 1st"],
    ]);
  });

  test("a due date met is neither due nor missed", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId, { name: "Rent", nextDate: "2026-03-01" });
    expect((await recordPayment(userId, rent.id, "2026-03-01")).ok).toBe(true);
    const { due, missed } = await upcomingPayments(userId, "2026-03-01", 14);
    expect(due).toEqual([]);
    expect((await upcomingPayments(userId, "2026-03-10", 30)).missed).toEqual([]);
    expect(missed).toEqual([]);
  });
});

describe("recording a payment by hand", () => {
  test("writes one transaction of the schedule's amount, account and category on the due date, meeting it; twice writes one", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId, { name: "Rent", nextDate: "2026-03-01" });
    const recorded = await recordPayment(userId, rent.id, "2026-03-01");
    if (!recorded.ok) throw new Error(recorded.reason);
    expect(await recordPayment(userId, rent.id, "2026-03-01")).toEqual({ ok: true, transactionId: recorded.transactionId });
    const stored = await Transaction.find({ userId, deleted: false }).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: "expense", amount: 150000, category: "housing", date: "2026-03-01", description: "Rent", source: "manual", scheduleId: rent.id, scheduleDate: "2026-03-01" });
    expect(String(stored[0]._id)).toBe(recorded.transactionId);
    expect(String(stored[0].accountId)).toBe(mainAccountId(userId));

    // The next due date is recorded on its own.
    expect((await recordPayment(userId, rent.id, "2026-04-01")).ok).toBe(true);
    expect(await Transaction.countDocuments({ userId, deleted: false })).toBe(2);
  });

  test("a day that is not one of its due dates is refused as not-due, nothing written", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId, { name: "Rent", nextDate: "2026-03-01" });
    const cleaner = await added(userId, { name: "Cleaner", amount: 5000, frequency: "weekly", nextDate: "2026-03-02" });
    for (const day of ["2026-03-02", "2026-02-01", "2026-03-31", "", "not a day"]) expect(await recordPayment(userId, rent.id, day)).toEqual({ ok: false, reason: "not-due" });
    for (const day of ["2026-03-03", "2026-02-23", "", "2026-13-01", "not a day"]) expect(await recordPayment(userId, cleaner.id, day)).toEqual({ ok: false, reason: "not-due" });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
  });

  test("a due date a bank's or a file's transaction met is already met", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId, { name: "RENT ACME PROPERTIES", nextDate: "2026-03-01" });
    const bank = await applyLedgerBatch(userId, {
      bankUpserts: [{ type: "expense", amount: 150000, category: "", date: "2026-03-02", description: "RENT ACME PROPERTIES", source: "plaid", bankName: "Bank", bankTransactionId: "bank-rent-1", bankAccountId: "acc-1", pending: false, accountId: mainAccountId(userId) }],
    });
    if (!bank.ok) throw new Error("refused");
    const [line] = bank.bank.inserted;
    expect(await markArrivals(userId, [{ id: String(line._id), date: line.date, amount: line.amount, type: line.type, accountId: String(line.accountId), description: line.description, source: line.source, category: line.category }])).toEqual({ marked: 1, replaced: 0 });
    expect(await recordPayment(userId, rent.id, "2026-03-01")).toEqual({ ok: false, reason: "already-met" });
    expect(await Transaction.countDocuments({ userId })).toBe(1);
  });
});

/** A bank's transaction written as a sync writes it, and handed to markArrivals as the sync hands it. */
async function bankLine(userId: string, fields: { id: string; date: string; amount: number; description: string; category?: string }) {
  const result = await applyLedgerBatch(userId, {
    bankUpserts: [{ type: "expense", amount: fields.amount, category: fields.category ?? "", date: fields.date, description: fields.description, source: "plaid", bankName: "Bank", bankTransactionId: fields.id, bankAccountId: "acc-1", pending: false, accountId: mainAccountId(userId) }],
  });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  const [stored] = result.bank.inserted;
  return { id: String(stored._id), date: stored.date, amount: stored.amount, type: stored.type, accountId: String(stored.accountId), description: stored.description, source: stored.source, category: stored.category };
}

describe("transactions arriving from the bank", () => {
  test("a bank line on a due date is marked; one repeating a payment recorded by hand is marked and the recorded one is removed", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId, { name: "RENT ACME PROPERTIES", nextDate: "2026-02-01" });
    const recorded = await recordPayment(userId, rent.id, "2026-03-01");
    if (!recorded.ok) throw new Error(recorded.reason);

    const february = await bankLine(userId, { id: "b-feb", date: "2026-02-02", amount: 150000, description: "RENT ACME PROPERTIES" });
    const march = await bankLine(userId, { id: "b-mar", date: "2026-03-03", amount: 150000, description: "RENT ACME PROPERTIES" });
    const coffee = await bankLine(userId, { id: "b-cof", date: "2026-03-03", amount: 450, description: "Coffee Corner" });
    expect(await markArrivals(userId, [february, march, coffee])).toEqual({ marked: 2, replaced: 1 });

    expect(await marksOfTransactions([february.id, march.id, coffee.id])).toEqual([
      { scheduleId: rent.id, scheduleDate: "2026-02-01" },
      { scheduleId: rent.id, scheduleDate: "2026-03-01" },
      { scheduleId: null, scheduleDate: null },
    ]);
    // The recorded payment is soft-deleted (still stored, no longer live), the bank's line now the one meeting March 1st.
    expect(await Transaction.findById(recorded.transactionId).lean()).toMatchObject({ deleted: true });
    expect((await scheduleMarksOf(userId, rent.id)).map((mark) => [mark.transactionId, mark.dueDate, mark.source]).sort()).toEqual(
      [
        [february.id, "2026-02-01", "plaid"],
        [march.id, "2026-03-01", "plaid"],
      ].sort(),
    );
    expect(await Transaction.countDocuments({ userId, deleted: false })).toBe(3);
  });

  test("nothing to mark without schedules, for a transfer, or for a line that meets no due date", async () => {
    const userId = await createGoogleUser();
    const line = await bankLine(userId, { id: "b-1", date: "2026-03-01", amount: 150000, description: "RENT ACME PROPERTIES" });
    expect(await markArrivals(userId, [line])).toEqual({ marked: 0, replaced: 0 });
    await added(userId, { name: "RENT ACME PROPERTIES", nextDate: "2026-03-01" });
    expect(await markArrivals(userId, [{ ...line, category: TRANSFER_CATEGORY }])).toEqual({ marked: 0, replaced: 0 });
    const late = await bankLine(userId, { id: "b-2", date: "2026-03-15", amount: 150000, description: "RENT ACME PROPERTIES" });
    expect(await markArrivals(userId, [late])).toEqual({ marked: 0, replaced: 0 });
    expect(await marksOfTransactions([line.id, late.id])).toEqual([
      { scheduleId: null, scheduleDate: null },
      { scheduleId: null, scheduleDate: null },
    ]);
  });

  test("a sync through the bank: its new line repeating a payment recorded by hand takes the due date, the recorded one goes", async () => {
    const userId = await createPremiumUser();
    const connection = await linkStandInBank(userId, standIn.url);
    const card = (await listAccountsWithBalances(userId, new Date().toISOString().slice(0, 10))).accounts.find((account) => account.kind === "credit_card")!;
    // The stand-in's next bank activity buys at Whole Foods Market for $54.23 on the card, today (its clock's, UTC).
    const today = new Date().toISOString().slice(0, 10);
    const groceries = await added(userId, { name: "Whole Foods Market", accountId: card.id, amount: 5423, frequency: "weekly", nextDate: today, category: "food" });
    const recorded = await recordPayment(userId, groceries.id, today);
    if (!recorded.ok) throw new Error(recorded.reason);

    await fetch(`${standIn.url}/__control/advance`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_user_id: userId, webhook: false }) });
    expect(await syncConnection(userId, connection.id)).toMatchObject({ ok: true, imported: 2 });

    const marks = await scheduleMarksOf(userId, groceries.id);
    expect(marks.map((mark) => [mark.dueDate, mark.source])).toEqual([[today, "plaid"]]);
    expect(await Transaction.findById(marks[0].transactionId).lean()).toMatchObject({ description: "Whole Foods Market", amount: 5423, accountId: expect.anything() });
    expect(await Transaction.findById(recorded.transactionId).lean()).toMatchObject({ deleted: true });
    expect(await Transaction.countDocuments({ userId, scheduleId: mongoose.trusted({ $ne: null }), deleted: false })).toBe(1);
  });
});

describe("deleting a schedule", () => {
  test("takes the marks off its transactions, which stay as they are", async () => {
    const { userId, rent } = await userWithRentHistory();
    await detectUserSeries(userId, "2026-03-10", new Date("2026-03-10T08:00:00Z"));
    const [proposal] = await listProposals(userId);
    const accepted = await acceptProposal(userId, proposal.id);
    if (!accepted.ok || !accepted.scheduleId) throw new Error("not accepted");
    expect(await deleteSchedule(userId, accepted.scheduleId)).toBe(true);
    expect(await getSchedule(userId, accepted.scheduleId)).toBeNull();
    expect(await marksOfTransactions(rent.map((transaction) => transaction.id))).toEqual(rent.map(() => ({ scheduleId: null, scheduleDate: null })));
    expect(await Transaction.countDocuments({ userId, deleted: false })).toBe(13);
    expect(await deleteSchedule(userId, accepted.scheduleId)).toBe(false);
  });
});

describe("another user's schedules and proposals", () => {
  test("are not found by any call, and stay as they were", async () => {
    const { userId } = await userWithRentHistory();
    await detectUserSeries(userId, "2026-03-10", new Date("2026-03-10T08:00:00Z"));
    const [proposal] = await listProposals(userId);
    const rent = await added(userId, { name: "Rent", nextDate: "2026-03-05" });
    const intruder = await createGoogleUser();

    expect(await getSchedule(intruder, rent.id)).toBeNull();
    expect(await updateSchedule(intruder, rent.id, scheduleInput(intruder, { name: "Mine now" }))).toEqual({ ok: false, reason: "not-found" });
    expect(await setReminder(intruder, rent.id, true)).toBe(false);
    expect(await recordPayment(intruder, rent.id, "2026-03-05")).toEqual({ ok: false, reason: "not-found" });
    expect(await deleteSchedule(intruder, rent.id)).toBe(false);
    expect(await acceptProposal(intruder, proposal.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await ignoreProposal(intruder, proposal.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await listSchedules(intruder)).toEqual([]);
    expect(await listProposals(intruder)).toEqual([]);
    expect((await upcomingPayments(intruder, "2026-03-10", 14)).scheduleCount).toBe(0);

    // Ids that are not ids at all answer the same.
    for (const id of ["", "nope", "0123"]) {
      expect(await getSchedule(userId, id)).toBeNull();
      expect(await setReminder(userId, id, true)).toBe(false);
      expect(await deleteSchedule(userId, id)).toBe(false);
      expect(await acceptProposal(userId, id)).toEqual({ ok: false, reason: "not-found" });
      expect(await ignoreProposal(userId, id)).toEqual({ ok: false, reason: "not-found" });
      expect(await recordPayment(userId, id, "2026-03-05")).toEqual({ ok: false, reason: "not-found" });
    }

    expect(await getSchedule(userId, rent.id)).toMatchObject({ name: "Rent", remind: false });
    expect(await listProposals(userId)).toHaveLength(1);
    expect(await ScheduleModel.countDocuments({ userId: intruder })).toBe(0);
    expect(await Transaction.countDocuments({ userId: intruder })).toBe(0);
    expect(await SeriesDetection.countDocuments({ _id: intruder })).toBe(0);
  });
});
