import { describe, expect, test } from "vitest";
import { Reconciliation, Transaction } from "../../../models";
import { action, loader } from "~/routes/_app.accounts_.$accountId_.reconcile";
import { loader as accountLoader } from "~/routes/_app.accounts_.$accountId";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { toCents } from "~/lib/money";
import { SUBMISSION_KEY_FIELD } from "~/utils/submission";
import { newSubmissionKey } from "~/utils/submission.server";
import { createGoogleUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest as get, outcome, payloadOf, postRequest as post, statusOf } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { ACCOUNTS_INTENTS } from "./accounts";
import { RECONCILE_MESSAGES, reconcilePath } from "./reconcile";

useTestDatabase();

type Page = Awaited<ReturnType<typeof loader>>["data"];
type Refusal = { statementResult: { error: Record<string, string[]> } };

/** A signed-in user with a checking account: $500.00 opening balance, pay and a grocery run in October. */
async function signedInWithChecking() {
  const userId = await createGoogleUser();
  const change = await addAccountBesideMain(userId, { name: "Checking", kind: "checking", onBudget: true, openingBalance: toCents(50000), openingDate: "2026-10-01" }, "2026-11-27");
  if (!change.ok) throw new Error(change.message);
  const accountId = change.account.id;
  const added = await applyLedgerBatch(userId, {
    added: [
      { type: "income", amount: 120000, category: "salary", date: "2026-10-01", description: "Pay", source: "manual", accountId },
      { type: "expense", amount: 4550, category: "food", date: "2026-10-12", description: "Groceries", source: "manual", accountId },
    ],
  });
  if (!added.ok) throw new Error("not added");
  return { userId, accountId, cookie: await cookieFor(userId) };
}

function openPage(cookie: string, accountId: string, query: Record<string, string> = {}) {
  const search = Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : "";
  return outcome(() => loader({ request: get(`${reconcilePath(accountId)}${search}`, cookie), params: { accountId }, context: {} }));
}

function finish(cookie: string, accountId: string, fields: Record<string, string>) {
  return outcome(() => action({ request: post(reconcilePath(accountId), cookie, { [SUBMISSION_KEY_FIELD]: newSubmissionKey(), ...fields }), params: { accountId }, context: {} }));
}

/** October's statement as the page's finishing forms send it: what the statement says and the difference shown. */
const october = { statementDate: "2026-10-31", statementBalance: "1654.50" };

describe("/accounts/:accountId/reconcile", () => {
  test("without a statement the page shows the account and no reconciliations yet", async () => {
    const { accountId, cookie } = await signedInWithChecking();
    const answer = await openPage(cookie, accountId);
    expect(statusOf(answer)).toBe(200);
    const page = payloadOf<Page>(answer);
    expect(page.account).toMatchObject({ name: "Checking", balance: 165450 });
    expect(page.history).toEqual([]);
    expect(page.check).toBeNull();
    expect(page.statementResult).toBeUndefined();
  });

  test("a statement asked for is checked: its figures and the transactions up to its date, their categories named", async () => {
    const { accountId, cookie } = await signedInWithChecking();
    const page = payloadOf<Page>(await openPage(cookie, accountId, { ...october, statementBalance: "1660.00" }));
    expect(page.check).toEqual({
      statementDate: "2026-10-31",
      statementBalance: 166000,
      clearedBalance: 165450,
      difference: 550,
      toClearCount: 2,
      toClear: [
        { id: expect.any(String), date: "2026-10-12", description: "Groceries", categoryName: "Food & Dining", type: "expense", amount: 4550 },
        { id: expect.any(String), date: "2026-10-01", description: "Pay", categoryName: "Paycheck 1", type: "income", amount: 120000 },
      ],
    });
    expect(page.statementTyped).toEqual({ statementDate: "2026-10-31", statementBalance: "1660.00" });
  });

  test.each([
    [{ statementDate: "", statementBalance: "10.00" }, "statementDate", RECONCILE_MESSAGES.dateInvalid],
    [{ statementDate: "2026-02-30", statementBalance: "10.00" }, "statementDate", RECONCILE_MESSAGES.dateInvalid],
    [{ statementDate: "2026-10-31", statementBalance: "" }, "statementBalance", RECONCILE_MESSAGES.balanceInvalid],
    [{ statementDate: "2026-10-31", statementBalance: "12.345" }, "statementBalance", RECONCILE_MESSAGES.balanceInvalid],
    [{ statementDate: "2026-10-31", statementBalance: "$1,154.50" }, "statementBalance", RECONCILE_MESSAGES.balanceInvalid],
    [{ statementDate: "2026-09-30", statementBalance: "500.00" }, "statementDate", RECONCILE_MESSAGES.beforeOpening("2026-10-01")],
  ])("refuses %o with its message under %s, status 400, nothing checked or written", async (query, field, message) => {
    const { userId, accountId, cookie } = await signedInWithChecking();
    const answer = await openPage(cookie, accountId, query);
    expect(statusOf(answer)).toBe(400);
    expect(payloadOf<Refusal>(answer).statementResult.error[field]).toEqual([message]);
    expect(payloadOf<Page>(answer).check).toBeNull();
    expect(await Reconciliation.countDocuments({ userId })).toBe(0);
  });

  test("a statement that matches is finished: its transactions cleared, the reconciliation listed, the register marks them", async () => {
    const { userId, accountId, cookie } = await signedInWithChecking();
    const finished = (await finish(cookie, accountId, { intent: ACCOUNTS_INTENTS.finishReconciliation, ...october, difference: "0.00" })) as Response;
    expect(finished.status).toBe(302);
    expect(finished.headers.get("Location")).toBe(reconcilePath(accountId));
    expect((await toastOf(finished))?.message).toBe("Reconciled: 2 transactions marked cleared");
    expect(await Transaction.countDocuments({ userId, cleared: true })).toBe(2);

    const page = payloadOf<Page>(await openPage(cookie, accountId));
    expect(page.history).toEqual([expect.objectContaining({ statementDate: "2026-10-31", statementBalance: 165450, status: "matched", transactionCount: 2 })]);
    const account = payloadOf<Awaited<ReturnType<typeof accountLoader>>>(await outcome(() => accountLoader({ request: get(`/accounts/${accountId}`, cookie), params: { accountId }, context: {} })));
    expect(account.reconciledThrough).toBe("2026-10-31");
    expect(account.rows.map((row) => [row.description, row.cleared])).toEqual([
      ["Groceries", true],
      ["Pay", true],
    ]);
  });

  test("a statement that does not match is kept with its difference, or finished with an adjustment", async () => {
    const { userId, accountId, cookie } = await signedInWithChecking();
    const kept = (await finish(cookie, accountId, { intent: ACCOUNTS_INTENTS.keepDifference, ...october, statementBalance: "1650.00", difference: "-4.50" })) as Response;
    expect((await toastOf(kept))?.message).toBe(RECONCILE_MESSAGES.kept);
    expect(await Transaction.countDocuments({ userId, cleared: true })).toBe(0);

    const adjusted = (await finish(cookie, accountId, { intent: ACCOUNTS_INTENTS.adjustAndFinish, ...october, statementBalance: "1650.00", difference: "-4.50" })) as Response;
    expect((await toastOf(adjusted))?.message).toBe("Reconciled with an adjustment of −$4.50: 3 transactions marked cleared");
    const page = payloadOf<Page>(await openPage(cookie, accountId));
    expect(page.account.balance).toBe(165000);
    expect(page.history.map(({ status, difference, adjustment }) => [status, difference, adjustment])).toEqual([
      ["matched", -450, -450],
      ["unmatched", -450, 0],
    ]);
  });

  test("a finishing form whose figures changed since is answered 409 with the reason; one that is not readable 400; nothing is written", async () => {
    const { userId, accountId, cookie } = await signedInWithChecking();
    const stale = await finish(cookie, accountId, { intent: ACCOUNTS_INTENTS.finishReconciliation, ...october, statementBalance: "1660.00", difference: "0.00" });
    expect(statusOf(stale)).toBe(409);
    expect(payloadOf<{ message: string }>(stale).message).toBe(RECONCILE_MESSAGES.changed);
    const unreadable = await finish(cookie, accountId, { intent: ACCOUNTS_INTENTS.finishReconciliation, ...october, difference: "zero" });
    expect(statusOf(unreadable)).toBe(400);
    const tooEarly = await finish(cookie, accountId, { intent: ACCOUNTS_INTENTS.keepDifference, statementDate: "2026-09-30", statementBalance: "1.00", difference: "1.00" });
    expect(statusOf(tooEarly)).toBe(400);
    expect(payloadOf<{ message: string }>(tooEarly).message).toBe(RECONCILE_MESSAGES.beforeOpening("2026-10-01"));
    expect(statusOf(await finish(cookie, accountId, { intent: "launch" }))).toBe(400);
    expect(await Reconciliation.countDocuments({ userId })).toBe(0);
    expect(await Transaction.countDocuments({ userId, cleared: true })).toBe(0);
  });

  test("another user's account, or no account at all, answers 404 to the page and to every form, and nothing is written", async () => {
    const owner = await signedInWithChecking();
    const { cookie } = await signedInWithChecking();
    for (const accountId of [owner.accountId, "not-an-id", "0123456789abcdef01234567"]) {
      expect(statusOf(await openPage(cookie, accountId, october))).toBe(404);
      for (const intent of [ACCOUNTS_INTENTS.finishReconciliation, ACCOUNTS_INTENTS.adjustAndFinish, ACCOUNTS_INTENTS.keepDifference]) {
        expect(statusOf(await finish(cookie, accountId, { intent, ...october, difference: "0.00" }))).toBe(404);
      }
    }
    expect(await Reconciliation.countDocuments({ userId: owner.userId })).toBe(0);
    expect(await Transaction.countDocuments({ userId: owner.userId, cleared: true })).toBe(0);
  });
});
