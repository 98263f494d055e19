import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { Account, ImportBatch, Transaction } from "../../../models";
import { rememberAccountOfFile } from "~/features/accounts/accounts.server";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import { createUser, previewBankFile, uniqueEmail, uploadBankFile } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { storeRateDays } from "~/features/exchange-rates/exchange-rates.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { parseEcbRates } from "~/integrations/ecb-rates.server";
import { convertInto, NEW_ACCOUNT } from "./account-choice";
import { confirmImport, listImports } from "./import.server";
import { IMPORT_MESSAGES } from "./messages";

useTestDatabase();

const EURO_CAMT = readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/bank-exports/de-camt053.xml"), "utf8");
const EURO_CAMT_IBAN = "DE89370400440532013000";
const ECB_FILE = readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/ecb/eurofxref-hist-90d.xml"), "utf8");


async function addAccount(userId: string, name: string, currency: string) {
  const added = await addAccountBesideMain(userId, { name, kind: "checking", onBudget: true, openingBalance: 0, openingDate: "2020-01-01", currency }, "2020-01-01");
  if (!added.ok) throw new Error(added.message);
  return added.account.id;
}

describe("an import keeps the file's currency", () => {
  test("a euro CAMT file imported by a dollar user lands in a new euro account, in euro cents", async () => {
    const userId = await createUser({ email: uniqueEmail("import-currency") });
    const draftId = await uploadBankFile(userId, EURO_CAMT, "camt.xml");
    const preview = await previewBankFile(userId, draftId);
    expect(preview.reading.currency).toBe("EUR");
    expect(preview.account).toMatchObject({ chosen: NEW_ACCOUNT, how: "proposed", conflict: null, options: [] });
    expect(preview.newTotals).toMatchObject({ moneyIn: 247500, moneyOut: 91368 });

    expect(await confirmImport(userId, draftId, {}, preview.fingerprint, "euro-camt")).toMatchObject({ status: "imported", imported: 8 });
    const account = await Account.findOne({ userId, fileAccountIds: EURO_CAMT_IBAN }).lean();
    expect(account).toMatchObject({ currency: "EUR", openingBalance: 123456, openingDate: "2020-02-01" });
    const stored = await Transaction.find({ userId }).sort({ date: 1, _id: 1 }).lean();
    expect(stored.map((row) => [String(row.accountId), row.amount])).toEqual(
      [75000, 878, 245000, 6400, 5700, 2900, 2500, 490].map((amount) => [String(account?._id), amount]),
    );
    // The import history shows its money in and out in the account's currency, which the batch records.
    expect(await listImports(userId)).toMatchObject([{ currency: "EUR", moneyIn: 247500, moneyOut: 91368 }]);
  });

  test("forcing a dollar account for a euro file is refused with the reason, and nothing is written", async () => {
    const userId = await createUser({ email: uniqueEmail("import-currency") });
    const draftId = await uploadBankFile(userId, EURO_CAMT, "camt.xml");
    const forced = { account: userId };
    const preview = await previewBankFile(userId, draftId, forced);
    const reason = "This file is in EUR, and Main account is in USD. Import into an account in EUR, or into a new EUR account.";
    expect(IMPORT_MESSAGES.currencyConflict("EUR", "Main account", "USD")).toBe(reason);
    expect(preview.account).toMatchObject({ chosen: NEW_ACCOUNT, conflict: { name: "Main account", currency: "USD", asked: true } });

    expect(await confirmImport(userId, draftId, forced, preview.fingerprint, "forced")).toMatchObject({ status: "refused", reason });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect(await ImportBatch.countDocuments({ userId })).toBe(0);
    expect(await Account.countDocuments({ userId, currency: "EUR" })).toBe(0);
  });

  test("the file's accounts in its currency are offered; a remembered account of another currency is not used, and said so", async () => {
    const userId = await createUser({ email: uniqueEmail("import-currency") });
    const euros = await addAccount(userId, "Girokonto", "EUR");
    const dollars = await addAccount(userId, "Checking", "USD");
    await rememberAccountOfFile(userId, dollars, EURO_CAMT_IBAN);
    const draftId = await uploadBankFile(userId, EURO_CAMT, "camt.xml");

    const preview = await previewBankFile(userId, draftId);
    expect(preview.account.options.map((option) => option.name)).toEqual(["Girokonto"]);
    expect(preview.account).toMatchObject({ chosen: NEW_ACCOUNT, conflict: { name: "Checking", currency: "USD", asked: false } });

    const intoEuros = await previewBankFile(userId, draftId, { account: euros });
    expect(intoEuros.account).toMatchObject({ chosen: euros, how: "chosen", conflict: null });
    expect(await confirmImport(userId, draftId, { account: euros }, intoEuros.fingerprint, "into-euros")).toMatchObject({ status: "imported", imported: 8 });
    expect(await Transaction.countDocuments({ userId, accountId: euros })).toBe(8);
  });

  test("a file that states no currency is read in its account's: a yen account's amounts are whole yen", async () => {
    const userId = await createUser({ email: uniqueEmail("import-currency") });
    const yen = await addAccount(userId, "Tokyo", "JPY");
    const draftId = await uploadBankFile(userId, ["Date,Description,Amount", "2024-04-01,Ramen,-1280", "2024-04-02,Refund,300"].join("\n"), "tokyo.csv");
    const intoYen = { account: yen };
    const preview = await previewBankFile(userId, draftId, intoYen);
    expect(preview.reading.currency).toBe("JPY");
    expect(preview.rows.map((row) => row.amount)).toEqual([1280, 300]);
    expect((await previewBankFile(userId, draftId)).reading.currency).toBe("USD");

    expect(await confirmImport(userId, draftId, intoYen, preview.fingerprint, "yen")).toMatchObject({ status: "imported", imported: 2 });
    expect((await Transaction.find({ userId, accountId: yen }).sort({ date: 1 }).lean()).map((row) => row.amount)).toEqual([1280, 300]);
    expect(await listImports(userId)).toMatchObject([{ currency: "JPY", moneyIn: 300, moneyOut: 1280 }]);
  });

  test("a yen amount with decimals is rounded half to even to whole yen, and the preview lists it", async () => {
    const userId = await createUser({ email: uniqueEmail("import-currency") });
    const yen = await addAccount(userId, "Tokyo", "JPY");
    const draftId = await uploadBankFile(userId, ["Date,Description,Amount", "2024-04-01,Ramen,-1280", "2024-04-02,Coffee,-450.5", "2024-04-03,Tea,-121.5"].join("\n"), "tokyo.csv");
    const intoYen = { account: yen };
    const preview = await previewBankFile(userId, draftId, intoYen);
    expect(preview.rows.map((row) => [row.amount, row.rounded, row.amountText])).toEqual([
      [1280, false, "-1280"],
      [450, true, "-450.5"],
      [122, true, "-121.5"],
    ]);
    expect(preview.reading.counts.rounded).toBe(2);
    expect(preview.roundedRows).toEqual([
      { label: "Row 3", text: "-450.5", cents: -450 },
      { label: "Row 4", text: "-121.5", cents: -122 },
    ]);
    expect(IMPORT_MESSAGES.roundedAmounts(2, "JPY")).toBe("2 amounts had more decimals than JPY has and were rounded to whole JPY (half to even)");
    expect(IMPORT_MESSAGES.roundedAmounts(1, "BHD")).toBe("1 amount had more decimals than BHD has and was rounded to thousandths of a BHD (half to even)");
    expect(IMPORT_MESSAGES.roundedAmounts(2, "USD")).toBe("2 amounts had more than two decimals and were rounded to cents (half to even)");
  });

  test("a euro file converted into the dollar main account at each day's rate: the preview shows both amounts, each transaction keeps its euros", async () => {
    await storeRateDays(parseEcbRates(ECB_FILE));
    const userId = await createUser({ email: uniqueEmail("import-currency") });
    const file = ["Date,Description,Amount,Currency", "2017-01-05,Bakery,-12.34,EUR", "2017-01-07,Refund,100.00,EUR"].join("\n");
    const draftId = await uploadBankFile(userId, file, "euros.csv");
    expect((await previewBankFile(userId, draftId)).account).toMatchObject({ chosen: NEW_ACCOUNT, converted: false, convertOptions: [{ id: userId, name: "Main account", currency: "USD" }] });

    const converting = { account: convertInto(userId) };
    const preview = await previewBankFile(userId, draftId, converting);
    expect(preview.account).toMatchObject({ chosen: userId, converted: true, conflict: null });
    expect(preview.conversion).toEqual({ from: "EUR", to: "USD", missingDays: [] });
    // €12.34 × 1.0501 (2017-01-05) = $12.958234 → $12.96; €100.00 on a Saturday at Friday's 1.0589 = $105.89.
    expect(preview.rows.map((row) => [row.amount, row.fileAmount])).toEqual([
      [1296, { cents: -1234, currency: "EUR", rateDay: "2017-01-05" }],
      [10589, { cents: 10000, currency: "EUR", rateDay: "2017-01-06" }],
    ]);
    expect(preview.newTotals).toMatchObject({ moneyIn: 10589, moneyOut: 1296 });

    expect(await confirmImport(userId, draftId, converting, preview.fingerprint, "converted")).toMatchObject({ status: "imported", imported: 2 });
    const stored = await Transaction.find({ userId }).sort({ date: 1 }).lean();
    expect(stored.map((row) => [String(row.accountId), row.amount, row.fileAmount, row.reported])).toEqual([
      [userId, 1296, { amount: 1234, currency: "EUR", rateDay: "2017-01-05" }, null],
      [userId, 10589, { amount: 10000, currency: "EUR", rateDay: "2017-01-06" }, null],
    ]);
    expect(await listImports(userId)).toMatchObject([{ currency: "USD", moneyIn: 10589, moneyOut: 1296 }]);

    // An amount typed over the converted one is no longer the file's.
    expect((await applyLedgerBatch(userId, { updated: [{ id: String(stored[0]._id), amount: 1300 }] })).ok).toBe(true);
    expect((await Transaction.findById(stored[0]._id).lean())?.fileAmount).toBeNull();
  });

  test("converting a file with a day no rate covers is refused with the day named, and nothing is written", async () => {
    await storeRateDays(parseEcbRates(ECB_FILE));
    const userId = await createUser({ email: uniqueEmail("import-currency") });
    const draftId = await uploadBankFile(userId, ["Date,Description,Amount,Currency", "2016-11-01,Bakery,-12.34,EUR", "2017-01-05,Cafe,-3.00,EUR"].join("\n"), "euros.csv");
    const converting = { account: convertInto(userId) };
    const preview = await previewBankFile(userId, draftId, converting);
    expect(preview.conversion).toEqual({ from: "EUR", to: "USD", missingDays: ["2016-11-01"] });
    const reason = IMPORT_MESSAGES.noRateToConvert("EUR", "USD", "2016-11-01");
    expect(reason).toBe(
      "No EUR to USD exchange rate is known for 2016-11-01 or the days before it, so these amounts cannot be converted. Import into an account in EUR, or wait for the European Central Bank's rates.",
    );
    expect(await confirmImport(userId, draftId, converting, preview.fingerprint, "no-rate")).toMatchObject({ status: "refused", reason });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect(await ImportBatch.countDocuments({ userId })).toBe(0);
  });
});
