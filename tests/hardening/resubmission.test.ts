// Every form that writes money, sent twice with the key its page rendered (a double click, or "send it again"
// after an outage): the second is answered as the first was, and nothing more is written.
import { Types } from "mongoose";
import { describe, expect, test } from "vitest";
import { Debt, ImportBatch, SavingsGoal, Transaction } from "../../models";
import { action as debtAction, loader as debtLoader } from "~/routes/_app.debt-management._index";
import { action as savingsAction, loader as savingsLoader } from "~/routes/_app.savings";
import { action as importAction, loader as importLoader } from "~/routes/_app.transactions_.import_.$draftId";
import { action as newTransactionAction, loader as newTransactionLoader } from "~/routes/_app.transactions_.new";
import { DEBT_MESSAGES } from "~/features/debts/debts";
import { saveUpload } from "~/features/import/import.server";
import { IMPORT_MESSAGES } from "~/features/import/messages";
import { SAVINGS_MESSAGES } from "~/features/savings/savings";
import { TRANSACTION_MESSAGES } from "~/features/transactions/transactions";
import { listDebts } from "~/features/debts/debts.server";
import { getSavingsBalance } from "~/features/savings/savings.server";
import { toCents } from "~/lib/money";
import { SUBMISSION_KEY_FIELD } from "~/utils/submission";
import { createDebtFor, createGoogleUser, createPremiumUser, createSavingsGoalFor, createTransactionFor } from "../factories";
import { useTestDatabase } from "../setup/database";
import { cookieFor, getRequest, outcome, payloadOf, postRequest, statusOf } from "../setup/route-requests";
import { toastOf } from "../setup/toast";

useTestDatabase();

type Route = { loader: (args: never) => Promise<unknown>; action: (args: never) => Promise<unknown> };

/** The submission key the page renders into its forms (what the browser sends back). */
async function renderedKey(route: Route, path: string, cookie: string, params: Record<string, string> = {}) {
  const page = payloadOf<Record<string, unknown>>(await route.loader({ request: getRequest(path, cookie), params, context: {} } as never));
  const key = page.submissionKey ?? (page.goals as { submissionKey?: string } | undefined)?.submissionKey;
  expect(typeof key).toBe("string");
  return key as string;
}

/** What a post answered, in the terms the user sees: status, where it leads, the notice. */
async function answerOf(result: unknown) {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), toast: (await toastOf(result))?.message ?? null };
  return { status: statusOf(result), location: null, toast: null };
}

async function postTwice(route: Route, path: string, cookie: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const send = async () => answerOf(await outcome(() => route.action({ request: postRequest(path, cookie, fields), params, context: {} } as never)));
  const first = await send();
  const second = await send();
  return { first, second };
}

describe("a money form sent twice with its key writes once and answers the same", () => {
  const newTransaction = { loader: newTransactionLoader, action: newTransactionAction } as Route;

  test("Add Transaction, one after the other and both at once", async () => {
    const userId = await createGoogleUser();
    const cookie = await cookieFor(userId);
    const fields = { type: "expense", amount: "12.34", category: "food", date: "2026-03-09", description: "Double click" };
    const key = await renderedKey(newTransaction, "/transactions/new", cookie);
    const { first, second } = await postTwice(newTransaction, "/transactions/new", cookie, { ...fields, [SUBMISSION_KEY_FIELD]: key });
    expect(first).toMatchObject({ status: 302, toast: TRANSACTION_MESSAGES.added });
    expect(second).toEqual(first);
    expect(await Transaction.countDocuments({ userId, description: "Double click" })).toBe(1);

    const another = await renderedKey(newTransaction, "/transactions/new", cookie);
    expect(another).not.toBe(key);
    const together = await Promise.all(
      [1, 2, 3].map(() => outcome(() => newTransactionAction({ request: postRequest("/transactions/new", cookie, { ...fields, description: "At once", [SUBMISSION_KEY_FIELD]: another }), params: {}, context: {} }))),
    );
    expect(together.map(statusOf)).toEqual([302, 302, 302]);
    expect(await Transaction.countDocuments({ userId, description: "At once" })).toBe(1);
  });

  test("a key that is not a key is refused with 400 and nothing is written", async () => {
    const userId = await createGoogleUser();
    const cookie = await cookieFor(userId);
    const result = await outcome(() =>
      newTransactionAction({ request: postRequest("/transactions/new", cookie, { type: "expense", amount: "5", category: "food", date: "2026-03-09", [SUBMISSION_KEY_FIELD]: "x'; drop" }), params: {}, context: {} }),
    );
    expect(statusOf(result)).toBe(400);
    expect(await Transaction.countDocuments({ userId })).toBe(0);
  });

  const debts = { loader: debtLoader, action: debtAction } as Route;

  test("Add Debt and Pay (the whole balance: the second is no overpayment, it is the same payment)", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const key = await renderedKey(debts, "/debt-management", cookie);
    const debt = { intent: "add", name: "Store card", type: "credit_card", totalAmount: "500", currentBalance: "300", interestRate: "19.99", minimumPayment: "25", priority: "high", [SUBMISSION_KEY_FIELD]: key };
    const added = await postTwice(debts, "/debt-management?index", cookie, debt);
    expect(added.first).toMatchObject({ status: 302, toast: DEBT_MESSAGES.added });
    expect(added.second).toEqual(added.first);
    expect(await Debt.countDocuments({ userId })).toBe(1);

    const [stored] = await listDebts(userId);
    const payKey = await renderedKey(debts, "/debt-management", cookie);
    const paid = await postTwice(debts, "/debt-management?index", cookie, { intent: "pay", debtId: stored.id, amount: "300", date: "2026-03-10", [SUBMISSION_KEY_FIELD]: payKey });
    expect(paid.first).toMatchObject({ status: 302, location: `/debt-management?history=${stored.id}#debt-${stored.id}-history`, toast: DEBT_MESSAGES.paymentAdded });
    expect(paid.second).toEqual(paid.first);
    expect(await Transaction.countDocuments({ userId, source: "debt" })).toBe(1);
    expect((await listDebts(userId))[0].currentBalance).toBe(0);
  });

  test("two debts paid from one page, with the page's one key, are two payments", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const [visa, loan] = [await createDebtFor(userId), await createDebtFor(userId, { name: "Loan" })];
    const key = await renderedKey(debts, "/debt-management", cookie);
    for (const debtId of [visa.id, loan.id]) {
      await debtAction({ request: postRequest("/debt-management?index", cookie, { intent: "pay", debtId, amount: "10", date: "2026-03-10", [SUBMISSION_KEY_FIELD]: key }), params: {}, context: {} });
    }
    expect(await Transaction.countDocuments({ userId, source: "debt" })).toBe(2);
  });

  const savings = { loader: savingsLoader, action: savingsAction } as Route;

  test("a new goal, a raise of a goal (its contribution) and a withdrawal", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const key = await renderedKey(savings, "/savings", cookie);
    const goal = { intent: "add-goal", name: "Holiday", target: "1000", deadline: "2027-06-01", [SUBMISSION_KEY_FIELD]: key };
    const added = await postTwice(savings, "/savings", cookie, goal);
    expect(added.first).toMatchObject({ status: 302, toast: SAVINGS_MESSAGES.goalAdded });
    expect(added.second).toEqual(added.first);
    expect(await SavingsGoal.countDocuments({ userId })).toBe(1);

    const { id: goalId } = await createSavingsGoalFor(userId, { name: "Car" });
    const raiseKey = await renderedKey(savings, "/savings", cookie);
    const raise = { intent: "update-goal", goalId, name: "Car", target: "1000", current: "150", deadline: "2027-03-05", [SUBMISSION_KEY_FIELD]: raiseKey };
    const raised = await postTwice(savings, "/savings", cookie, raise);
    expect(raised.second).toEqual(raised.first);
    expect((await Transaction.find({ userId, category: "savings", type: "expense" }).lean()).map((entry) => entry.amount)).toEqual([toCents(15000)]);
    expect(await SavingsGoal.findById(new Types.ObjectId(goalId)).lean()).toMatchObject({ current: toCents(15000), pendingContribution: null });

    const withdrawKey = await renderedKey(savings, "/savings", cookie);
    const withdrawn = await postTwice(savings, "/savings", cookie, { intent: "add-withdrawal", amount: "150", date: "2026-03-12", reason: "Repairs", [SUBMISSION_KEY_FIELD]: withdrawKey });
    expect(withdrawn.first).toMatchObject({ status: 302, toast: SAVINGS_MESSAGES.withdrawalRecorded });
    expect(withdrawn.second).toEqual(withdrawn.first);
    expect(await getSavingsBalance(userId)).toBe(0);
  });

  const importPreview = { loader: importLoader, action: importAction } as Route;

  test("Import: the second answers with the first import's counts, and the rows are there once", async () => {
    const userId = await createGoogleUser();
    const cookie = await cookieFor(userId);
    await createTransactionFor(userId, { amount: 120000, description: "Rent", date: "2026-03-01" });
    const upload = await saveUpload(userId, { fileName: "bank.csv", bytes: new TextEncoder().encode("Date,Description,Amount\n2026-03-01,Rent,-1200.00\n2026-03-02,Salary,3000.00\n") });
    if (!upload.ok) throw new Error(upload.error);
    const path = `/transactions/import/${upload.draftId}`;
    const page = payloadOf<{ result: { preview: { fingerprint: string } }; submissionKey: string }>(
      await importLoader({ request: getRequest(path, cookie), params: { draftId: upload.draftId }, context: {} }),
    );
    const { first, second } = await postTwice(importPreview, path, cookie, { fingerprint: page.result.preview.fingerprint, [SUBMISSION_KEY_FIELD]: page.submissionKey }, { draftId: upload.draftId });
    expect(first).toMatchObject({ status: 302, toast: IMPORT_MESSAGES.imported(1, 1) });
    expect(second).toEqual(first);
    expect(await Transaction.countDocuments({ userId, source: "import" })).toBe(1);
    expect(await ImportBatch.countDocuments({ userId })).toBe(1);
  });
});
