import { describe, expect, test } from "vitest";
import { ImportDraft, Transaction } from "../../../models";
import { action as previewAction, loader as previewLoader } from "~/routes/_app.transactions_.import_.$draftId";
import { action as importAction, loader as importLoader } from "~/routes/_app.transactions_.import";
import { IMPORT_INTENTS } from "./paths";
import { createUser, importBankFile, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { APP, cookieFor, getRequest, postRequest } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { IMPORT_MESSAGES } from "./messages";
import { CHOICE_FIELDS } from "./choices";

useTestDatabase();

const FILE = "Date,Description,Amount\n2026-03-02,Corner Cafe,-4.50\n2026-03-03,Employer Inc,2500.00\n";

async function signedInUser() {
  const userId = await createUser({ email: uniqueEmail("import-routes") });
  return { userId, cookie: await cookieFor(userId) };
}

/** The import page tells an upload from an undo by the body's type, so its posts are built here: multipart or url-encoded. */
function postToImportPage(cookie: string, body: FormData | URLSearchParams) {
  return new Request(`${APP}/transactions/import`, { method: "POST", body, headers: { Origin: APP, Host: "localhost:3000", Cookie: cookie } });
}

function uploadRequest(cookie: string, file?: File) {
  const body = new FormData();
  body.append("intent", IMPORT_INTENTS.upload);
  if (file) body.append("file", file);
  return postToImportPage(cookie, body);
}

type Answer = { data: { error?: string; notice?: string | null; result?: { status: string } }; init: { status: number } };

function answered(result: unknown) {
  if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`);
  return result as Answer;
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { data: unknown; init: { status: number } };
  }
  throw new Error("expected the call to throw");
}

async function uploadedDraft(cookie: string) {
  const response = await importAction({ request: uploadRequest(cookie, new File([FILE], "bank.csv", { type: "text/csv" })), params: {}, context: {} });
  if (!(response instanceof Response)) throw new Error("expected a redirect");
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/transactions\/import\/[a-f0-9]{24}$/);
  return location.split("/").pop()!;
}

describe("upload", () => {
  test("a bank file is kept for its preview and the browser is sent there", async () => {
    const { userId, cookie } = await signedInUser();
    const draftId = await uploadedDraft(cookie);
    expect(await ImportDraft.countDocuments({ _id: draftId, userId })).toBe(1);
  });

  test("no file, an empty file, a too big file and a post that is not an upload are refused; nothing is kept", async () => {
    const { userId, cookie } = await signedInUser();
    const cases: Array<[Request, number, string]> = [
      [uploadRequest(cookie), 400, IMPORT_MESSAGES.chooseFile],
      [uploadRequest(cookie, new File([""], "empty.csv")), 400, IMPORT_MESSAGES.empty],
      [uploadRequest(cookie, new File(["%PDF-1.7 binary"], "statement.pdf")), 400, IMPORT_MESSAGES.noTable],
      [uploadRequest(cookie, new File(["Date,Description,Amount\n"], "header-only.csv")), 400, IMPORT_MESSAGES.noRows],
      [uploadRequest(cookie, new File(["x".repeat(5_000_001)], "big.csv")), 413, IMPORT_MESSAGES.tooBig],
      [postToImportPage(cookie, new URLSearchParams({ intent: "preview" })), 400, IMPORT_MESSAGES.notMultipart],
    ];
    for (const [request, status, message] of cases) {
      const { data, init } = answered(await importAction({ request, params: {}, context: {} }));
      expect([init.status, data.error]).toEqual([status, message]);
    }
    expect(await ImportDraft.countDocuments({ userId })).toBe(0);
  });
});

describe("preview and import", () => {
  test("the preview reads its choices from the address; malformed ones are left to the file", async () => {
    const { cookie } = await signedInUser();
    const draftId = await uploadedDraft(cookie);
    const request = getRequest(`/transactions/import/${draftId}?encoding=klingon&dateOrder=sideways&decimalMark=comma&columns=1&column-date=0&column-memo=99&column-amount=2`, cookie);
    const { result } = await previewLoader({ request, params: { draftId }, context: {} });
    if (result.status !== "ready") throw new Error(result.status);
    expect(result.preview.encoding.value).toBe("utf-8");
    expect(result.preview.reading.decimal).toMatchObject({ mark: "comma", chosen: true });
    expect(result.preview.reading.columns).toMatchObject({ date: 0, memo: null, amount: 2 });
    expect(result.preview.problems).toEqual(['Row 2: amount "-4.50" does not fit the number format', 'Row 3: amount "2500.00" does not fit the number format']);
  });

  test("import confirms the preview's fingerprint, then lands on the New tab with a notification", async () => {
    const { userId, cookie } = await signedInUser();
    const draftId = await uploadedDraft(cookie);
    const stale = answered(await previewAction({ request: postRequest(`/transactions/import/${draftId}`, cookie, { [CHOICE_FIELDS.fingerprint]: "stale" }), params: { draftId }, context: {} }));
    expect([stale.init.status, stale.data.notice]).toEqual([409, IMPORT_MESSAGES.previewChanged]);
    expect(await Transaction.countDocuments({ userId })).toBe(0);

    const { result } = await previewLoader({ request: getRequest(`/transactions/import/${draftId}`, cookie), params: { draftId }, context: {} });
    if (result.status !== "ready") throw new Error(result.status);
    const response = await previewAction({
      request: postRequest(`/transactions/import/${draftId}`, cookie, { [CHOICE_FIELDS.fingerprint]: result.preview.fingerprint }),
      params: { draftId },
      context: {},
    });
    if (!(response instanceof Response)) throw new Error("expected a redirect");
    expect(response.headers.get("Location")).toBe("/transactions?tab=new");
    expect((await toastOf(response))?.message).toBe("Imported 2 transactions");
    expect(await Transaction.countDocuments({ userId, source: "import" })).toBe(2);

    const gone = await thrown(previewLoader({ request: getRequest(`/transactions/import/${draftId}`, cookie), params: { draftId }, context: {} }));
    expect([gone.init.status, gone.data]).toEqual([404, IMPORT_MESSAGES.draftGone]);
  });

  test("another user's upload answers 404", async () => {
    const owner = await signedInUser();
    const draftId = await uploadedDraft(owner.cookie);
    const intruder = await signedInUser();
    const read = await thrown(previewLoader({ request: getRequest(`/transactions/import/${draftId}`, intruder.cookie), params: { draftId }, context: {} }));
    expect(read.init.status).toBe(404);
    const write = await thrown(
      previewAction({ request: postRequest(`/transactions/import/${draftId}`, intruder.cookie, { fingerprint: "x" }), params: { draftId }, context: {} }),
    );
    expect(write.init.status).toBe(404);
    expect(await ImportDraft.countDocuments({ _id: draftId })).toBe(1);
  });
});

describe("past imports", () => {
  test("are listed; undo answers with what it removed; another user's import is 404", async () => {
    const { userId, cookie } = await signedInUser();
    const imported = await importBankFile(userId, FILE);
    if (imported.status !== "imported") throw new Error(imported.status);
    const page = await importLoader({ request: getRequest(`/transactions/import?undo=${imported.batchId}`, cookie), params: {}, context: {} });
    expect(page.imports.map((batch) => [batch._id, batch.status])).toEqual([[imported.batchId, "done"]]);
    expect(page.undoId).toBe(imported.batchId);

    const intruder = await signedInUser();
    const refused = await thrown(importAction({ request: postToImportPage(intruder.cookie, new URLSearchParams({ intent: IMPORT_INTENTS.undo, importId: imported.batchId })), params: {}, context: {} }));
    expect(refused.init.status).toBe(404);
    expect(await Transaction.countDocuments({ userId })).toBe(2);

    const undo = () => importAction({ request: postToImportPage(cookie, new URLSearchParams({ intent: IMPORT_INTENTS.undo, importId: imported.batchId })), params: {}, context: {} });
    const response = await undo();
    if (!(response instanceof Response)) throw new Error("expected a redirect");
    expect((await toastOf(response))?.message).toBe("Import undone: removed 2 transactions");
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    const again = await undo();
    if (!(again instanceof Response)) throw new Error("expected a redirect");
    expect((await toastOf(again))?.message).toBe(IMPORT_MESSAGES.alreadyUndone);
  });
});
