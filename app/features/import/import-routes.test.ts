import type { SubmissionResult } from "@conform-to/react";
import mongoose from "mongoose";
import { describe, expect, test } from "vitest";
import { ImportDraft, Transaction } from "../../../models";
import { action as previewAction, loader as previewLoader } from "~/routes/_app.transactions_.import_.$draftId";
import { action as importAction, loader as importLoader } from "~/routes/_app.transactions_.import";
import { IMPORT_INTENTS, IMPORT_PATH, importPreviewPath } from "./paths";
import { createUser, importBankFile, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, outcome, payloadOf, postRequest, statusOf, urlEncodedPostRequest } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { IMPORT_MESSAGES } from "./messages";
import { CHOICE_FIELDS } from "./choices";
import { UNDO_IMPORT, undoImport as undoImportJob } from "../../../jobs/undo-imports";

useTestDatabase();

const FILE = "Date,Description,Amount\n2026-03-02,Corner Cafe,-4.50\n2026-03-03,Employer Inc,2500.00\n";

async function signedInUser() {
  const userId = await createUser({ email: uniqueEmail("import-routes") });
  return { userId, cookie: await cookieFor(userId) };
}

/** The upload form's post (multipart); the import page's other forms are url-encoded, which is how it tells them apart. */
function uploadRequest(cookie: string, file?: File) {
  return postRequest(IMPORT_PATH, cookie, file ? { intent: IMPORT_INTENTS.upload, file } : { intent: IMPORT_INTENTS.upload });
}

const undoRequest = (cookie: string, importId: string) => urlEncodedPostRequest(IMPORT_PATH, cookie, { intent: IMPORT_INTENTS.undo, importId });

/** The messages of a refused upload, whatever field they stand beside. */
function uploadMessages(answer: unknown) {
  return Object.values(payloadOf<{ result: SubmissionResult<string[]> }>(answer).result.error ?? {}).flat();
}

async function uploadedDraft(cookie: string, content = FILE) {
  const response = await importAction({ request: uploadRequest(cookie, new File([content], "bank.csv", { type: "text/csv" })), params: {}, context: {} });
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
      [urlEncodedPostRequest(IMPORT_PATH, cookie, { intent: "preview" }), 400, IMPORT_MESSAGES.notMultipart],
    ];
    for (const [request, status, message] of cases) {
      const answer = await outcome(() => importAction({ request, params: {}, context: {} }));
      expect([statusOf(answer), uploadMessages(answer)]).toEqual([status, [message]]);
    }
    expect(await ImportDraft.countDocuments({ userId })).toBe(0);
  });
});

describe("preview and import", () => {
  test("the preview reads its choices from the address; malformed ones are left to the file", async () => {
    const { cookie } = await signedInUser();
    const draftId = await uploadedDraft(cookie);
    const request = getRequest(`${importPreviewPath(draftId)}?encoding=klingon&dateOrder=sideways&decimalMark=comma&columns=1&column-date=0&column-memo=99&column-amount=2`, cookie);
    const { result } = await previewLoader({ request, params: { draftId }, context: {} });
    if (result.status !== "ready") throw new Error(result.status);
    expect(result.preview.encoding.value).toBe("utf-8");
    expect(result.preview.reading.decimal).toMatchObject({ mark: "comma", chosen: true });
    expect(result.preview.reading.columns).toMatchObject({ date: 0, memo: null, amount: 2 });
    expect(result.preview.leftOut.map((group) => [group.reason, group.rows.map((row) => row.error)])).toEqual([
      ["error", ['Row 2: amount "-4.50" does not fit the number format', 'Row 3: amount "2500.00" does not fit the number format']],
    ]);
  });

  test("import confirms the preview's fingerprint, then lands on the New tab with a notification", async () => {
    const { userId, cookie } = await signedInUser();
    const draftId = await uploadedDraft(cookie);
    const stale = await outcome(() => previewAction({ request: postRequest(importPreviewPath(draftId), cookie, { [CHOICE_FIELDS.fingerprint]: "stale" }), params: { draftId }, context: {} }));
    expect([statusOf(stale), payloadOf<{ notice: string }>(stale).notice]).toEqual([409, IMPORT_MESSAGES.previewChanged]);
    expect(await Transaction.countDocuments({ userId })).toBe(0);

    const { result } = await previewLoader({ request: getRequest(importPreviewPath(draftId), cookie), params: { draftId }, context: {} });
    if (result.status !== "ready") throw new Error(result.status);
    const response = await previewAction({
      request: postRequest(importPreviewPath(draftId), cookie, { [CHOICE_FIELDS.fingerprint]: result.preview.fingerprint }),
      params: { draftId },
      context: {},
    });
    if (!(response instanceof Response)) throw new Error("expected a redirect");
    expect(response.headers.get("Location")).toBe("/transactions?tab=new");
    expect((await toastOf(response))?.message).toBe("Imported 2 transactions");
    expect(await Transaction.countDocuments({ userId, source: "import" })).toBe(2);

    // The page's error boundary says the upload is gone (IMPORT_MESSAGES.draftGone).
    const gone = await outcome(() => previewLoader({ request: getRequest(importPreviewPath(draftId), cookie), params: { draftId }, context: {} }));
    expect(statusOf(gone)).toBe(404);
  });

  test("a file whose Category column gives every row a category lands on the Tracked tab, where its rows are", async () => {
    const { userId, cookie } = await signedInUser();
    const draftId = await uploadedDraft(cookie, "Date,Payee,Category,Amount\n2026-03-02,Corner Cafe,Food & Dining,-4.50\n2026-03-03,Employer Inc,Paycheck 1,2500.00\n");
    const { result } = await previewLoader({ request: getRequest(importPreviewPath(draftId), cookie), params: { draftId }, context: {} });
    if (result.status !== "ready") throw new Error(result.status);
    const response = await previewAction({ request: postRequest(importPreviewPath(draftId), cookie, { [CHOICE_FIELDS.fingerprint]: result.preview.fingerprint }), params: { draftId }, context: {} });
    if (!(response instanceof Response)) throw new Error("expected a redirect");
    expect(response.headers.get("Location")).toBe("/transactions?tab=tracked");
    expect((await Transaction.find({ userId }).sort({ date: 1 }).lean()).map((row) => row.category)).toEqual(["food", "salary"]);
  });

  test("another user's upload answers 404", async () => {
    const owner = await signedInUser();
    const draftId = await uploadedDraft(owner.cookie);
    const intruder = await signedInUser();
    const read = await outcome(() => previewLoader({ request: getRequest(importPreviewPath(draftId), intruder.cookie), params: { draftId }, context: {} }));
    expect(statusOf(read)).toBe(404);
    const write = await outcome(() => previewAction({ request: postRequest(importPreviewPath(draftId), intruder.cookie, { fingerprint: "x" }), params: { draftId }, context: {} }));
    expect(statusOf(write)).toBe(404);
    expect(await ImportDraft.countDocuments({ _id: draftId })).toBe(1);
  });
});

describe("past imports", () => {
  test("are listed; undo is accepted at once and done by its job, the page showing how far it is; another user's import is 404", async () => {
    const { userId, cookie } = await signedInUser();
    const imported = await importBankFile(userId, FILE);
    if (imported.status !== "imported") throw new Error(imported.status);
    const pageAt = async (path: string) => importLoader({ request: getRequest(path, cookie), params: {}, context: {} });
    const page = await pageAt(`/transactions/import?undo=${imported.batchId}`);
    expect(page.imports.map((batch) => [batch._id, batch.status])).toEqual([[imported.batchId, "done"]]);
    expect(page.undoId).toBe(imported.batchId);

    const intruder = await signedInUser();
    const refused = await outcome(() => importAction({ request: undoRequest(intruder.cookie, imported.batchId), params: {}, context: {} }));
    expect(statusOf(refused)).toBe(404);
    expect(await Transaction.countDocuments({ userId })).toBe(2);

    const undo = () => importAction({ request: undoRequest(cookie, imported.batchId), params: {}, context: {} });
    const response = await undo();
    if (!(response instanceof Response)) throw new Error("expected a redirect");
    expect(response.headers.get("Location")).toBe(IMPORT_PATH);
    expect((await toastOf(response))?.message).toBe(IMPORT_MESSAGES.undoStarted("bank.csv"));
    const queued = await mongoose.connection.db!.collection("agendaJobs").countDocuments({ name: UNDO_IMPORT, "data.batchId": imported.batchId });
    expect(queued).toBe(1);
    expect((await pageAt(IMPORT_PATH)).imports).toMatchObject([{ status: "undoing", removed: 0, undoTotal: 2 }]);
    // Sent again while under way: the same undo, queued again (a job cut off carries on), nothing removed twice.
    expect((await toastOf((await undo()) as Response))?.message).toBe(IMPORT_MESSAGES.undoStarted("bank.csv"));

    await undoImportJob(imported.batchId);
    await undoImportJob(imported.batchId);
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect((await pageAt(IMPORT_PATH)).imports).toMatchObject([{ status: "undone", removed: 2 }]);
    const again = await undo();
    if (!(again instanceof Response)) throw new Error("expected a redirect");
    expect((await toastOf(again))?.message).toBe(IMPORT_MESSAGES.alreadyUndone);
  });
});
