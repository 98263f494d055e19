import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, test } from "vitest";
import { ImportBatch, ImportDraft, Session, Transaction, User } from "../../models";
import { createSession } from "~/features/auth/session.server";
import { SECURITY_INTENTS } from "~/features/auth/two-factor";
import { saveUpload } from "~/features/import/import.server";
import { IMPORT_INTENTS } from "~/features/import/paths";
import * as categoryPage from "~/routes/_app.categories.$categoryId";
import * as editTransaction from "~/routes/_app.transactions_.$transactionId.edit";
import * as transactionsPage from "~/routes/_app.transactions";
import * as importPage from "~/routes/_app.transactions_.import";
import * as importPreview from "~/routes/_app.transactions_.import_.$draftId";
import * as security from "~/routes/_app.profile_.security";
import * as categories from "~/routes/resources.categories";
import * as exportCsv from "~/routes/resources.transactions-export";
import * as exportAll from "~/routes/resources.account-export";
import { createCategory, createTransactionFor, createUser, importBankFile } from "../factories";
import { useTestDatabase } from "../setup/database";

/**
 * For every route with a record id in its path or its form: user B, signed
 * in, using user A's ids, gets 404 (or, where the spec names the answer, that
 * answer) and changes nothing of A's.
 */
useTestDatabase();

const APP = "http://localhost:3000";
type Args = { request: Request; params: Record<string, string>; context: Record<string, unknown> };

let owner: { userId: string; transactionId: string; draftId: string; batchId: string; sessionId: string; categoryId: string };
let intruderCookie = "";

async function ownersRecords() {
  const userId = await createUser();
  const transaction = await createTransactionFor(userId, { description: "A's groceries" });
  const category = await createCategory(userId, { name: "Pets", type: "expense" });
  const imported = await importBankFile(userId, "Date,Description,Amount\n2026-03-02,A's cafe,-4.50\n");
  if (imported.status !== "imported") throw new Error(imported.status);
  const upload = await saveUpload(userId, { fileName: "a.csv", bytes: new TextEncoder().encode("Date,Description,Amount\n2026-03-09,A's lunch,-9.00\n") });
  if (!upload.ok) throw new Error(upload.error);
  const session = await createSession(userId, new Request(`${APP}/`));
  return { userId, transactionId: transaction.id, draftId: upload.draftId, batchId: imported.batchId, sessionId: session.id, categoryId: category.id };
}

/** Everything of A's the intruder could touch, to compare before and after. */
async function ownersState() {
  return {
    user: await User.findById(owner.userId).lean(),
    transactions: await Transaction.find({ userId: owner.userId }).sort({ _id: 1 }).lean(),
    drafts: await ImportDraft.countDocuments({ userId: owner.userId }),
    batches: await ImportBatch.find({ userId: owner.userId }).lean(),
    sessions: await Session.countDocuments({ userId: owner.userId }),
  };
}

beforeAll(async () => {
  owner = await ownersRecords();
  const intruder = await createUser();
  intruderCookie = (await createSession(intruder, new Request(`${APP}/`))).cookie.split(";")[0];
});

function get(path: string): Request {
  return new Request(`${APP}${path}`, { headers: { Cookie: intruderCookie } });
}

function post(path: string, fields: Record<string, string | string[]>): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return new Request(`${APP}${path}`, { method: "POST", body, headers: { Origin: APP, Host: "localhost:3000", Cookie: intruderCookie } });
}

async function answer(run: (args: Args) => Promise<unknown>, request: Request, params: Record<string, string> = {}) {
  try {
    return await run({ request, params, context: { clientAddress: "192.0.2.50" } });
  } catch (thrown) {
    return thrown;
  }
}

function statusOf(outcome: unknown) {
  if (outcome instanceof Response) return outcome.status;
  return (outcome as { init?: { status?: number } })?.init?.status ?? 200;
}

describe("another user's records", () => {
  test("each answers 404 to read or change, and stays as it was", async () => {
    const before = await ownersState();
    const cases: Array<[string, () => Promise<unknown>]> = [
      ["edit page", () => answer(editTransaction.loader, get(`/transactions/${owner.transactionId}/edit`), { transactionId: owner.transactionId })],
      [
        "edit",
        () =>
          answer(editTransaction.action, post(`/transactions/${owner.transactionId}/edit`, { type: "expense", amount: "1.00", category: "food", date: "2026-03-01", description: "Mine now" }), {
            transactionId: owner.transactionId,
          }),
      ],
      ["import preview", () => answer(importPreview.loader, get(`/transactions/import/${owner.draftId}`), { draftId: owner.draftId })],
      ["import confirm", () => answer(importPreview.action, post(`/transactions/import/${owner.draftId}`, { fingerprint: "x" }), { draftId: owner.draftId })],
      ["undo import", () => answer(importPage.action, post("/transactions/import", { intent: IMPORT_INTENTS.undo, importId: owner.batchId }))],
      ["category page", () => answer(categoryPage.loader, get(`/categories/${owner.categoryId}`), { categoryId: owner.categoryId })],
    ];
    for (const [name, run] of cases) expect(statusOf(await run()), name).toBe(404);
    expect(await ownersState()).toEqual(before);
  });

  test("where the spec names the answer it is given, and nothing of the owner's changes", async () => {
    const before = await ownersState();
    const deleted = await answer(transactionsPage.action, post("/transactions", { intent: "delete", id: owner.transactionId }));
    expect(statusOf(deleted)).toBe(302);
    const bulk = await answer(transactionsPage.action, post("/transactions", { intent: "bulk-delete", ids: [owner.transactionId] }));
    expect(statusOf(bulk)).toBe(302);
    const restored = await answer(transactionsPage.action, post("/transactions", { intent: "restore", id: owner.transactionId }));
    expect(statusOf(restored)).toBe(302);
    const signOut = await answer(security.action, post("/profile/security", { intent: SECURITY_INTENTS.signOutSession, sessionId: owner.sessionId }));
    expect(statusOf(signOut)).toBe(302);
    const renamed = await answer(categories.action, post("/resources/categories", { intent: "rename", categoryId: owner.categoryId, name: "Mine" }));
    expect(statusOf(renamed)).toBeLessThan(500);
    expect(await ownersState()).toEqual(before);
  });

  test("downloads hold only the signed-in user's data", async () => {
    const csv = await (await exportCsv.loader({ request: get("/resources/transactions-export"), params: {}, context: {} })).text();
    expect(csv).not.toContain("A's");
    const archive = (await exportAll.loader({ request: get("/resources/account-export"), params: {}, context: {} })) as Response;
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    expect(strFromU8(files["ledgerly-data.json"])).not.toContain(owner.transactionId);
    expect(strFromU8(files["transactions.csv"])).not.toContain("A's");
  });
});
