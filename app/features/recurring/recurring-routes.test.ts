import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { Schedule as ScheduleModel, SeriesDetection, SeriesProposal, Transaction } from "../../../models";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { action as listAction, loader as listLoader } from "~/routes/_app.recurring";
import { action as editAction, loader as editLoader } from "~/routes/_app.recurring_.$scheduleId";
import { newSubmissionKey } from "~/utils/submission.server";
import { SUBMISSION_KEY_FIELD } from "~/utils/submission";
import { detectSeriesOf } from "../../../jobs/series-detection";
import { RECURRING_INTENTS, RECURRING_MESSAGES } from "./recurring";
import { addSchedule, listProposals, recordPayment, type ScheduleInput } from "./recurring.server";
import { createAccountFor, createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, outcome, payloadOf, postRequest, statusOf } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";

useTestDatabase();

// The pages read today from the clock: Tuesday 2026-03-10.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-10T12:00:00Z") });
});
afterAll(() => {
  vi.useRealTimers();
});

type ListPage = Awaited<ReturnType<typeof listLoader>>;
type EditPage = Awaited<ReturnType<typeof editLoader>>;
type Refusal = { result: { error?: Record<string, string[] | null> } | undefined; error: string | null };

/** The add form as the page sends it: a bill of $1,500.00 every month from March 1st, reminders on 5 days before. */
const rentForm = { intent: RECURRING_INTENTS.add, name: "Rent", type: "expense", amount: "1500.00", frequency: "monthly", nextDate: "2026-03-01", category: "housing", remind: "on", remindDaysBefore: "5" };

async function signedIn() {
  const userId = await createGoogleUser();
  return { userId, cookie: await cookieFor(userId) };
}

const postList = (cookie: string, fields: Record<string, string>) => outcome(() => listAction({ request: postRequest("/recurring", cookie, fields), params: {}, context: {} }));
const postEdit = (cookie: string, scheduleId: string, fields: Record<string, string>) =>
  outcome(() => editAction({ request: postRequest(`/recurring/${scheduleId}`, cookie, fields), params: { scheduleId }, context: {} }));
const listPage = async (cookie: string) => payloadOf<ListPage>(await listLoader({ request: getRequest("/recurring", cookie), params: {}, context: {} }));

function expectRedirect(result: unknown, location: string) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  expect(result.status).toBe(302);
  expect(result.headers.get("Location")).toBe(location);
  return result;
}

async function added(userId: string, input: Partial<ScheduleInput> = {}) {
  const result = await addSchedule(userId, { name: "Rent", type: "expense", accountId: mainAccountId(userId), currency: "USD", amount: 150000, frequency: "monthly", nextDate: "2026-03-01", category: "housing", remind: false, remindDaysBefore: 3, ...input });
  if (!result.ok) throw new Error(result.reason);
  return result.schedule;
}

/** Six months of rent "RENT ACME PROPERTIES" on the 1st, October to March: a series the detection proposes. */
async function withRentHistory(userId: string) {
  for (const date of ["2025-10-01", "2025-11-01", "2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01"]) {
    await createTransactionFor(userId, { amount: 150000, category: "housing", date, description: "RENT ACME PROPERTIES" });
  }
}

describe("adding a recurring bill or paycheck", () => {
  test("the form adds it: a redirect to the list with a toast, and a schedule stored with its amount in minor units", async () => {
    const { userId, cookie } = await signedIn();
    const answer = expectRedirect(await postList(cookie, rentForm), "/recurring");
    expect(await toastOf(answer)).toMatchObject({ type: "success", message: RECURRING_MESSAGES.added });
    const stored = await ScheduleModel.find({ userId }).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: "Rent",
      payeeKey: "rent",
      type: "expense",
      accountId: mainAccountId(userId),
      currency: "USD",
      amount: 150000,
      amountMin: 150000,
      amountMax: 150000,
      frequency: "monthly",
      anchor: "2026-03-01",
      category: "housing",
      seriesKey: null,
      remind: true,
      remindDaysBefore: 5,
    });
    // The page lists it, its next due date the first one not met from today.
    const page = await listPage(cookie);
    expect(page.schedules).toMatchObject([{ id: String(stored[0]._id), name: "Rent", categoryName: "Housing", nextDue: "2026-04-01" }]);
    expect(page.missed).toMatchObject([{ scheduleId: String(stored[0]._id), date: "2026-03-01", message: "Rent was expected on the 1st" }]);
  });

  test("a paycheck without reminders or a category; the days before left empty are 3", async () => {
    const { userId, cookie } = await signedIn();
    const { remind: _remind, ...form } = rentForm;
    expectRedirect(await postList(cookie, { ...form, name: "Salary", type: "income", amount: "2000.50", frequency: "biweekly", category: "", remindDaysBefore: "" }), "/recurring");
    expect(await ScheduleModel.findOne({ userId }).lean()).toMatchObject({ name: "Salary", type: "income", amount: 200050, frequency: "biweekly", category: "", remind: false, remindDaysBefore: 3 });
  });

  test.each([
    ["an empty name", { name: "" }, { name: [RECURRING_MESSAGES.nameRequired] }],
    ["a name of spaces", { name: "   " }, { name: [RECURRING_MESSAGES.nameRequired] }],
    ["a name too long", { name: "x".repeat(81) }, { name: [RECURRING_MESSAGES.nameTooLong] }],
    ["no amount", { amount: "" }, { amount: [RECURRING_MESSAGES.invalidAmount] }],
    ["an amount that is not one", { amount: "abc" }, { amount: [RECURRING_MESSAGES.invalidAmount] }],
    ["a zero amount", { amount: "0" }, { amount: [RECURRING_MESSAGES.invalidAmount] }],
    ["a negative amount", { amount: "-5" }, { amount: [RECURRING_MESSAGES.invalidAmount] }],
    ["no date", { nextDate: "" }, { nextDate: [RECURRING_MESSAGES.invalidDate] }],
    ["a day that does not exist", { nextDate: "2026-02-30" }, { nextDate: [RECURRING_MESSAGES.invalidDate] }],
    ["a date in another format", { nextDate: "03/01/2026" }, { nextDate: [RECURRING_MESSAGES.invalidDate] }],
    ["a paycheck's category on a bill", { category: "salary" }, { category: [RECURRING_MESSAGES.chooseCategory] }],
    ["a bill's category on a paycheck", { type: "income", category: "housing" }, { category: [RECURRING_MESSAGES.chooseCategory] }],
    ["a category the user does not have", { category: "yachts" }, { category: [RECURRING_MESSAGES.chooseCategory] }],
    ["31 days before", { remindDaysBefore: "31" }, { remindDaysBefore: [RECURRING_MESSAGES.invalidDays] }],
    ["days that are not a number", { remindDaysBefore: "two" }, { remindDaysBefore: [RECURRING_MESSAGES.invalidDays] }],
    ["negative days", { remindDaysBefore: "-1" }, { remindDaysBefore: [RECURRING_MESSAGES.invalidDays] }],
    ["a way that is neither", { type: "transfer" }, { type: [RECURRING_MESSAGES.chooseType] }],
    ["a frequency that is none", { frequency: "daily" }, { frequency: [RECURRING_MESSAGES.chooseFrequency] }],
  ])("%s is answered 400 with its message, nothing stored", async (_case, change, errors) => {
    const { userId, cookie } = await signedIn();
    const answer = await postList(cookie, { ...rentForm, ...change });
    expect(statusOf(answer)).toBe(400);
    expect(payloadOf<Refusal>(answer).result?.error).toEqual(errors);
    expect(await ScheduleModel.countDocuments({ userId })).toBe(0);
  });

  test("with accounts beside the main one, the account must be one of the user's open accounts", async () => {
    const { userId, cookie } = await signedIn();
    const savings = await createAccountFor(userId);
    const other = await createAccountFor(await createGoogleUser(), { name: "Theirs" });
    const refused = await postList(cookie, { ...rentForm, accountId: other.id });
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf<Refusal>(refused).result?.error).toEqual({ accountId: [RECURRING_MESSAGES.chooseAccount] });
    expect(await ScheduleModel.countDocuments({ userId })).toBe(0);
    expectRedirect(await postList(cookie, { ...rentForm, accountId: savings.id }), "/recurring");
    expect(await ScheduleModel.findOne({ userId }).lean()).toMatchObject({ accountId: savings.id });
  });

  test("the same form sent twice (its one-time key) adds one schedule; a key that is no key is refused", async () => {
    const { userId, cookie } = await signedIn();
    const key = newSubmissionKey();
    expectRedirect(await postList(cookie, { ...rentForm, [SUBMISSION_KEY_FIELD]: key }), "/recurring");
    expectRedirect(await postList(cookie, { ...rentForm, [SUBMISSION_KEY_FIELD]: key }), "/recurring");
    expect(await ScheduleModel.countDocuments({ userId })).toBe(1);
    // Another key is another bill.
    expectRedirect(await postList(cookie, { ...rentForm, [SUBMISSION_KEY_FIELD]: newSubmissionKey() }), "/recurring");
    expect(await ScheduleModel.countDocuments({ userId })).toBe(2);
    expect(statusOf(await postList(cookie, { ...rentForm, [SUBMISSION_KEY_FIELD]: "not a key!" }))).toBe(400);
    expect(await ScheduleModel.countDocuments({ userId })).toBe(2);
  });

  test("a form from another site is refused", async () => {
    const { userId, cookie } = await signedIn();
    const answer = await outcome(() => listAction({ request: postRequest("/recurring", cookie, rentForm, { Origin: "https://evil.example" }), params: {}, context: {} }));
    expect(statusOf(answer)).toBe(403);
    expect(await ScheduleModel.countDocuments({ userId })).toBe(0);
  });
});

describe("the edit page", () => {
  test("opens with the next due date not met; Save keeps what the form says", async () => {
    const { userId, cookie } = await signedIn();
    const rent = await added(userId);
    expect((await recordPayment(userId, rent.id, "2026-03-01")).ok).toBe(true);
    const page = payloadOf<EditPage>(await editLoader({ request: getRequest(`/recurring/${rent.id}`, cookie), params: { scheduleId: rent.id }, context: {} }));
    expect(page.schedule).toMatchObject({ id: rent.id, name: "Rent", amount: 150000, nextDate: "2026-04-01" });

    const saved = expectRedirect(
      await postEdit(cookie, rent.id, { ...rentForm, intent: RECURRING_INTENTS.save, name: "Flat rent", amount: "1550.00", nextDate: "2026-04-01", category: "utilities", remindDaysBefore: "2" }),
      "/recurring",
    );
    expect(await toastOf(saved)).toMatchObject({ message: RECURRING_MESSAGES.saved });
    // A next date that is one of its due dates keeps its anchor; the payee stays what its payments are described as.
    expect(await ScheduleModel.findById(rent.id).lean()).toMatchObject({ name: "Flat rent", payeeKey: "rent", amount: 155000, amountMin: 155000, amountMax: 155000, anchor: "2026-03-01", category: "utilities", remind: true, remindDaysBefore: 2 });
    // The payment recorded on March 1st still meets it.
    expect(await Transaction.countDocuments({ userId, scheduleId: rent.id, deleted: false })).toBe(1);
  });

  test("a bad form is answered 400 with its messages, nothing changed", async () => {
    const { userId, cookie } = await signedIn();
    const rent = await added(userId);
    const refused = await postEdit(cookie, rent.id, { ...rentForm, intent: RECURRING_INTENTS.save, name: "", amount: "x", remindDaysBefore: "31" });
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf<{ result: { error: Record<string, string[]> } }>(refused).result.error).toEqual({
      name: [RECURRING_MESSAGES.nameRequired],
      amount: [RECURRING_MESSAGES.invalidAmount],
      remindDaysBefore: [RECURRING_MESSAGES.invalidDays],
    });
    expect(await ScheduleModel.findById(rent.id).lean()).toMatchObject({ name: "Rent", amount: 150000, remindDaysBefore: 3 });
  });

  test("Delete removes it and takes its mark off the payment, which stays", async () => {
    const { userId, cookie } = await signedIn();
    const rent = await added(userId);
    const paid = await recordPayment(userId, rent.id, "2026-03-01");
    if (!paid.ok) throw new Error(paid.reason);
    const deleted = expectRedirect(await postEdit(cookie, rent.id, { intent: RECURRING_INTENTS.delete }), "/recurring");
    expect(await toastOf(deleted)).toMatchObject({ message: RECURRING_MESSAGES.deleted });
    expect(await ScheduleModel.countDocuments({ userId })).toBe(0);
    expect(await Transaction.findById(paid.transactionId).lean()).toMatchObject({ deleted: false, scheduleId: null, scheduleDate: null });
    // Gone: its page and its forms are not found.
    expect(statusOf(await outcome(() => editLoader({ request: getRequest(`/recurring/${rent.id}`, cookie), params: { scheduleId: rent.id }, context: {} })))).toBe(404);
    expect(statusOf(await postEdit(cookie, rent.id, { intent: RECURRING_INTENTS.delete }))).toBe(404);
  });
});

describe("the list's forms", () => {
  test("the reminder switch turns a bill's reminders on and off", async () => {
    const { userId, cookie } = await signedIn();
    const rent = await added(userId);
    const on = expectRedirect(await postList(cookie, { intent: RECURRING_INTENTS.reminder, scheduleId: rent.id, remind: "on" }), "/recurring");
    expect(await toastOf(on)).toMatchObject({ message: RECURRING_MESSAGES.remindersOn });
    expect(await ScheduleModel.findById(rent.id).lean()).toMatchObject({ remind: true });
    const off = expectRedirect(await postList(cookie, { intent: RECURRING_INTENTS.reminder, scheduleId: rent.id, remind: "off" }), "/recurring");
    expect(await toastOf(off)).toMatchObject({ message: RECURRING_MESSAGES.remindersOff });
    expect(await ScheduleModel.findById(rent.id).lean()).toMatchObject({ remind: false });
  });

  test("Find recurring payments notes the detection asked for and queues it; once it ran the page lists what it found", async () => {
    const { userId, cookie } = await signedIn();
    await withRentHistory(userId);
    expect((await listPage(cookie)).detection).toEqual({ running: false, finishedAt: null });

    const asked = expectRedirect(await postList(cookie, { intent: RECURRING_INTENTS.detect }), "/recurring");
    expect(await toastOf(asked)).toMatchObject({ message: RECURRING_MESSAGES.detecting });
    expect(await SeriesDetection.findById(userId).lean()).toMatchObject({ startedAt: new Date("2026-03-10T12:00:00Z") });
    const queued = await mongoose.connection.db!.collection("agendaJobs").find({ name: "detect-series" }).toArray();
    expect(queued.map((job) => job.data)).toContainEqual({ userId });
    expect((await listPage(cookie)).detection).toEqual({ running: true, finishedAt: null });

    // What the job runs (the scheduler is not started in tests).
    await detectSeriesOf(userId);
    const page = await listPage(cookie);
    expect(page.detection).toEqual({ running: false, finishedAt: "2026-03-10T12:00:00.000Z" });
    expect(page.proposals).toMatchObject([{ name: "RENT ACME PROPERTIES", amount: 150000, frequency: "monthly", nextDate: "2026-04-01", occurrences: 6, accountName: null }]);
  });

  test("Add (accepting a proposal) keeps it as a schedule, twice keeps one; Ignore answers it for good", async () => {
    const { userId, cookie } = await signedIn();
    await withRentHistory(userId);
    await detectSeriesOf(userId);
    const [proposal] = await listProposals(userId);
    const accepted = expectRedirect(await postList(cookie, { intent: RECURRING_INTENTS.accept, proposalId: proposal.id }), "/recurring");
    expect(await toastOf(accepted)).toMatchObject({ message: RECURRING_MESSAGES.accepted });
    expectRedirect(await postList(cookie, { intent: RECURRING_INTENTS.accept, proposalId: proposal.id }), "/recurring");
    expect(await ScheduleModel.find({ userId }).lean()).toMatchObject([{ name: "RENT ACME PROPERTIES", amount: 150000, anchor: "2026-03-01" }]);
    const page = await listPage(cookie);
    expect(page.proposals).toEqual([]);
    expect(page.schedules).toMatchObject([{ name: "RENT ACME PROPERTIES", nextDue: "2026-04-01" }]);
    expect(page.missed).toEqual([]);

    const other = await signedIn();
    await withRentHistory(other.userId);
    await detectSeriesOf(other.userId);
    const [theirs] = await listProposals(other.userId);
    const ignored = expectRedirect(await postList(other.cookie, { intent: RECURRING_INTENTS.ignore, proposalId: theirs.id }), "/recurring");
    expect(await toastOf(ignored)).toMatchObject({ message: RECURRING_MESSAGES.ignored });
    expect(await SeriesProposal.findById(theirs.id).lean()).toMatchObject({ status: "ignored" });
    expect((await listPage(other.cookie)).proposals).toEqual([]);
    // Ignored, it can be neither ignored nor accepted again.
    expect(statusOf(await postList(other.cookie, { intent: RECURRING_INTENTS.ignore, proposalId: theirs.id }))).toBe(404);
    expect(statusOf(await postList(other.cookie, { intent: RECURRING_INTENTS.accept, proposalId: theirs.id }))).toBe(404);
    expect(await ScheduleModel.countDocuments({ userId: other.userId })).toBe(0);
  });

  test("Record it writes the payment of a missed due date once; a day that is not a due date is refused", async () => {
    const { userId, cookie } = await signedIn();
    const rent = await added(userId);
    expect((await listPage(cookie)).missed).toMatchObject([{ scheduleId: rent.id, date: "2026-03-01" }]);
    const recorded = expectRedirect(await postList(cookie, { intent: RECURRING_INTENTS.record, scheduleId: rent.id, dueDate: "2026-03-01" }), "/recurring");
    expect(await toastOf(recorded)).toMatchObject({ message: RECURRING_MESSAGES.recorded });
    expectRedirect(await postList(cookie, { intent: RECURRING_INTENTS.record, scheduleId: rent.id, dueDate: "2026-03-01" }), "/recurring");
    expect(await Transaction.find({ userId, deleted: false }).lean()).toMatchObject([{ amount: 150000, date: "2026-03-01", description: "Rent", scheduleId: rent.id, scheduleDate: "2026-03-01" }]);
    expect((await listPage(cookie)).missed).toEqual([]);

    const weekly = await added(userId, { name: "Cleaner", amount: 5000, frequency: "weekly", nextDate: "2026-03-02" });
    for (const [scheduleId, dueDate] of [
      [rent.id, "2026-03-02"],
      [rent.id, ""],
      [weekly.id, "2026-03-03"],
      [weekly.id, "tomorrow"],
      [weekly.id, ""],
    ]) {
      const refused = await postList(cookie, { intent: RECURRING_INTENTS.record, scheduleId, dueDate });
      expect(statusOf(refused)).toBe(400);
      expect(payloadOf<Refusal>(refused).error).toBe(RECURRING_MESSAGES.invalidDate);
    }
    expect(await Transaction.countDocuments({ userId })).toBe(1);
  });
});

describe("another user's schedules and proposals, and forms that are none", () => {
  test("another user's schedule is not found: the edit page's loader and forms, and the list's forms answer 404, nothing changed", async () => {
    const { userId } = await signedIn();
    const rent = await added(userId);
    await withRentHistory(userId);
    await detectSeriesOf(userId);
    const [proposal] = await listProposals(userId);
    const intruder = await signedIn();

    expect(statusOf(await outcome(() => editLoader({ request: getRequest(`/recurring/${rent.id}`, intruder.cookie), params: { scheduleId: rent.id }, context: {} })))).toBe(404);
    expect(statusOf(await postEdit(intruder.cookie, rent.id, { ...rentForm, intent: RECURRING_INTENTS.save, name: "Mine" }))).toBe(404);
    expect(statusOf(await postEdit(intruder.cookie, rent.id, { intent: RECURRING_INTENTS.delete }))).toBe(404);
    expect(statusOf(await postList(intruder.cookie, { intent: RECURRING_INTENTS.reminder, scheduleId: rent.id, remind: "on" }))).toBe(404);
    expect(statusOf(await postList(intruder.cookie, { intent: RECURRING_INTENTS.record, scheduleId: rent.id, dueDate: "2026-03-01" }))).toBe(404);
    expect(statusOf(await postList(intruder.cookie, { intent: RECURRING_INTENTS.accept, proposalId: proposal.id }))).toBe(404);
    expect(statusOf(await postList(intruder.cookie, { intent: RECURRING_INTENTS.ignore, proposalId: proposal.id }))).toBe(404);
    // Ids that are not ids, and none at all.
    expect(statusOf(await outcome(() => editLoader({ request: getRequest("/recurring/nope", intruder.cookie), params: { scheduleId: "nope" }, context: {} })))).toBe(404);
    expect(statusOf(await postList(intruder.cookie, { intent: RECURRING_INTENTS.reminder, scheduleId: "nope", remind: "on" }))).toBe(404);
    expect(statusOf(await postList(intruder.cookie, { intent: RECURRING_INTENTS.record, dueDate: "2026-03-01" }))).toBe(404);
    expect(statusOf(await postList(intruder.cookie, { intent: RECURRING_INTENTS.accept }))).toBe(404);

    expect(await ScheduleModel.findById(rent.id).lean()).toMatchObject({ name: "Rent", remind: false });
    expect(await SeriesProposal.findById(proposal.id).lean()).toMatchObject({ status: "proposed" });
    expect(await ScheduleModel.countDocuments({ userId: intruder.userId })).toBe(0);
    expect(await Transaction.countDocuments({ userId: intruder.userId })).toBe(0);
    const theirPage = await listPage(intruder.cookie);
    expect([theirPage.schedules, theirPage.proposals, theirPage.missed]).toEqual([[], [], []]);
  });

  test("an unknown intent is 400 on both pages; a visitor not signed in is sent to sign in", async () => {
    const { userId, cookie } = await signedIn();
    const rent = await added(userId);
    expect(statusOf(await postList(cookie, { intent: "nope" }))).toBe(400);
    expect(statusOf(await postList(cookie, {}))).toBe(400);
    expect(statusOf(await postEdit(cookie, rent.id, { intent: "nope" }))).toBe(400);
    expect(statusOf(await postEdit(cookie, rent.id, { intent: RECURRING_INTENTS.add }))).toBe(400);
    const anonymous = await outcome(() => listLoader({ request: new Request("http://localhost:3000/recurring"), params: {}, context: {} }));
    expect(statusOf(anonymous)).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login/);
  });
});
