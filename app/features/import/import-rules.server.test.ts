import { describe, expect, test } from "vitest";
import { Transaction } from "../../../models";
import { addRule } from "~/features/rules/rules.server";
import { createUser, importBankFile, previewBankFile, uniqueEmail, uploadBankFile } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { confirmImport } from "./import.server";

useTestDatabase();

const CARD_FILE = ["Date,Description,Amount", "2026-03-02,TESCO STORES 2041,-18.89", "2026-03-03,ACME PAYROLL,2500.00", "2026-03-04,TESCO STORES 3001,-7.40", "2026-03-05,Book shop,-20.00"].join("\n");

async function userWithRules() {
  const userId = await createUser({ email: uniqueEmail("import-rules") });
  await addRule(userId, { name: "Tesco", match: "all", conditions: [{ field: "description", operator: "starts-with", text: "tesco stores" }], actions: [{ kind: "rename", description: "Tesco" }] });
  await addRule(userId, { name: "Groceries", match: "all", conditions: [{ field: "description", operator: "equals", text: "tesco" }], actions: [{ kind: "set-category", categoryId: "food" }] });
  // A category of the other way is never set: the payroll stays uncategorised.
  await addRule(userId, { name: "Wrong way", match: "all", conditions: [{ field: "description", operator: "contains", text: "payroll" }], actions: [{ kind: "set-category", categoryId: "food" }] });
  return userId;
}

describe("rules in an import", () => {
  test("the preview shows what the rules make of each new row, and the import writes exactly that", async () => {
    const userId = await userWithRules();
    const draftId = await uploadBankFile(userId, CARD_FILE);
    const preview = await previewBankFile(userId, draftId);
    expect(preview.rows.map((row) => [row.description, row.category, row.ruleNames])).toEqual([
      ["Tesco", "Food & Dining", ["Tesco", "Groceries"]],
      ["ACME PAYROLL", "", []],
      ["Tesco", "Food & Dining", ["Tesco", "Groceries"]],
      ["Book shop", "", []],
    ]);
    expect(await confirmImport(userId, draftId, {}, preview.fingerprint)).toMatchObject({ status: "imported", imported: 4 });
    const stored = await Transaction.find({ userId }).sort({ date: 1 }).lean();
    expect(stored.map((row) => [row.description, row.category])).toEqual([
      ["Tesco", "food"],
      ["ACME PAYROLL", ""],
      ["Tesco", "food"],
      ["Book shop", ""],
    ]);
  });

  test("the same file imported again is found already there, though the rules renamed its rows", async () => {
    const userId = await userWithRules();
    await importBankFile(userId, CARD_FILE);
    const again = await previewBankFile(userId, await uploadBankFile(userId, CARD_FILE));
    expect(again.newCount).toBe(0);
    expect(again.duplicateCount).toBe(4);
  });

  test("a rule added after the preview changes what it shows: the import is shown again, nothing written", async () => {
    const userId = await createUser({ email: uniqueEmail("import-rules") });
    const draftId = await uploadBankFile(userId, CARD_FILE);
    const preview = await previewBankFile(userId, draftId);
    await addRule(userId, { name: "Books", match: "all", conditions: [{ field: "description", operator: "contains", text: "book" }], actions: [{ kind: "set-category", categoryId: "food" }] });
    expect(await confirmImport(userId, draftId, {}, preview.fingerprint)).toMatchObject({ status: "changed" });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
  });
});
