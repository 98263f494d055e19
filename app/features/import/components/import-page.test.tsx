import { describe, expect, test } from "vitest";
import { IMPORT_INTENTS, IMPORT_PATH } from "../paths";
import { ImportHistory } from "./import-history";
import { UploadCard } from "./upload-card";
import { renderInRouter, renderWhileSubmitting, silenceServerLayoutEffectWarnings } from "../../../../tests/setup/render-in-router";

silenceServerLayoutEffectWarnings();

const textOf = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

const batch = {
  _id: "64b7f0c2a1b2c3d4e5f60718",
  fileName: "march.csv",
  format: "csv",
  currency: "USD",
  counts: { imported: 15000, duplicates: 0 },
  moneyIn: 0,
  moneyOut: 150000,
  from: "2026-03-01",
  to: "2026-03-31",
  createdAt: "2026-04-01T10:00:00.000Z",
  undoneAt: null,
  kept: [],
};

describe("the import page's forms", () => {
  test("while an undo is sent, the upload form does not read 'Reading file...': only the form being sent shows it is busy", async () => {
    const undoing = await renderWhileSubmitting(<UploadCard lastResult={undefined} />, { path: IMPORT_PATH, fields: { intent: IMPORT_INTENTS.undo, importId: batch._id } });
    expect(undoing).not.toContain("Reading file...");
    expect(undoing).toMatch(/<button type="submit"[^>]*>Upload and preview<\/button>/);
    const uploading = await renderWhileSubmitting(<UploadCard lastResult={undefined} />, { path: IMPORT_PATH, fields: { intent: IMPORT_INTENTS.upload } });
    expect(uploading).toContain("Reading file...");
  });
});

describe("past imports", () => {
  test("an import being undone says how far it is, with a Refresh link and no timed reload; no Undo for it", () => {
    const html = renderInRouter(<ImportHistory imports={[{ ...batch, status: "undoing", removed: 3000, undoTotal: 15000 }]} currency="USD" />, IMPORT_PATH);
    expect(textOf(html)).toContain("Undoing import of march.csv: 3,000 of 15,000 transactions removed… Refresh");
    expect(html).toMatch(/<p role="status"[^>]*>[\s\S]*<a [^>]*href="\/transactions\/import"[^>]*>Refresh<\/a><\/p>/);
    expect(html).not.toMatch(/http-equiv|httpEquiv/i);
    expect(html).not.toContain("Undo import");
  });

  test("once undone: what it removed and what it kept", () => {
    const kept = [{ date: "2026-03-04", description: "Book shop", amount: 2000, type: "expense" }];
    const html = renderInRouter(<ImportHistory imports={[{ ...batch, status: "undone", removed: 14999, undoTotal: 15000, undoneAt: "2026-04-02T10:00:00.000Z", kept }]} currency="USD" />, IMPORT_PATH);
    expect(textOf(html)).toContain("Import undone: removed 14,999 transactions; kept 1 transaction you changed since the import");
    expect(textOf(html)).toContain("2026-03-04 · Book shop · -$20.00");
    expect(html).not.toContain("Undoing");
  });
});
