import { minorUnitDigits } from "~/lib/money";

export const IMPORT_LIMITS = {
  maxBytes: 5_000_000,
  maxRows: 20_000,
} as const;

function plural(count: number, word: string, plural = `${word}s`) {
  return `${count.toLocaleString("en-US")} ${count === 1 ? word : plural}`;
}

/** What amounts in `currency` are rounded to: its minor units (cents, whole yen, thousandths of a dinar). */
function minorUnitsName(currency: string) {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return `whole ${currency}`;
  if (digits === 3) return `thousandths of a ${currency}`;
  return `${digits} decimals`;
}

/** The preview's notice of the amounts rounded to the currency's minor units (decision 110). */
function roundedAmounts(count: number, currency: string) {
  const were = count === 1 ? "was" : "were";
  if (minorUnitDigits(currency) === 2) return `${plural(count, "amount")} had more than two decimals and ${were} rounded to cents (half to even)`;
  return `${plural(count, "amount")} had more decimals than ${currency} has and ${were} rounded to ${minorUnitsName(currency)} (half to even)`;
}

function noRateForRow(from: string, to: string, day: string) {
  return `No ${from} to ${to} exchange rate is known for ${day} or the days before it`;
}

export const IMPORT_MESSAGES = {
  chooseFile: "Please choose a file to import.",
  empty: "The file is empty.",
  tooBig: "The file is larger than 5 MB. Please split it into smaller files.",
  tooManyRows: "The file has more than 20,000 rows. Please split it into smaller files.",
  noRows: "No transactions were found in this file: no row has both a date and an amount.",
  noTable: "This file does not hold a table of transactions. Please export a CSV, OFX, QFX, QIF, CAMT.053 or MT940 file from your bank.",
  unreadable: "The file could not be read. Please export it from your bank again.",
  notMultipart: "Please upload the file with the import form.",
  draftGone: "This upload has expired or was already imported. Please upload the file again.",
  chooseDate: "Choose the column that holds the date",
  chooseAmount: "Choose the amount column, or the debit and credit columns",
  amountOrSplit: "Choose either an amount column or debit and credit columns, not both",
  chooseText: "Choose the column that holds the payee or the description",
  unknownColumn: "Choose one of the file's columns",
  answerQuestions: "Answer the questions above before importing.",
  previewChanged: "The choices changed since the preview. Check the preview below, then import again.",
  allDuplicates: "There is nothing new to import: every transaction of this file is already in your transactions.",
  nothingReadable: "No row can be imported with these choices.",
  importButton: (count: number) => `Import ${plural(count, "transaction")}`,
  imported: (imported: number, duplicates: number, linked = 0) =>
    [`Imported ${plural(imported, "transaction")}`, duplicates > 0 ? `skipped ${plural(duplicates, "duplicate")}` : null, linked > 0 ? `linked ${plural(linked, "transfer")}` : null]
      .filter(Boolean)
      .join(", "),
  importFailed: "The import failed and nothing was saved. Please try again.",
  undoStarted: (fileName: string) => `Undoing the import of ${fileName || "this file"}: its transactions are being removed. This page shows how far it is.`,
  /** How far an undo has come, as the past imports list shows it. */
  undoing: (fileName: string, removed: number, total: number) => `Undoing import of ${fileName || "this file"}: ${removed.toLocaleString("en-US")} of ${plural(total, "transaction")} removed`,
  undone: (removed: number, kept: number) =>
    kept > 0
      ? `Import undone: removed ${plural(removed, "transaction")}; kept ${plural(kept, "transaction")} you changed since the import`
      : `Import undone: removed ${plural(removed, "transaction")}`,
  alreadyUndone: "This import was already undone.",
  nameNewAccount: "Please name the new account.",
  nextAccountOfFile: "Now the file's next account.",
  accountOfFile: (index: number, count: number) => `Account ${index + 1} of ${count} in this file: each account of the file is imported on its own.`,
  accountNameTaken: "You already have an account with this name: choose it above, or give the new account another name.",
  currencyConflict: (fileCurrency: string, accountName: string, accountCurrency: string) =>
    `This file is in ${fileCurrency}, and ${accountName} is in ${accountCurrency}. Import into an account in ${fileCurrency}, or into a new ${fileCurrency} account.`,
  fileCurrency: (currency: string) => `This file is in ${currency}: it goes into an account in ${currency}.`,
  fileCurrencyConverted: (from: string, to: string) => `This file is in ${from}: its amounts are converted into ${to}, the account's currency.`,
  currencyNotStated: (currency: string, accountName: string | null) =>
    `The file does not state its currency. Amounts are read as ${currency}, the currency of ${accountName ?? "the new account"}.`,
  reportedIn: (currency: string) => `Your totals count these amounts in ${currency}, at the European Central Bank's rate of each day.`,
  convertInto: (accountName: string, currency: string) => `${accountName}, converted into ${currency}`,
  converting: (from: string, to: string) =>
    `Each amount is converted from ${from} to ${to} at the European Central Bank's rate of its day (of the nearest earlier day when the bank published none). Each transaction keeps its amount in ${from}.`,
  noRateForRow,
  noRateToConvert: (from: string, to: string, day: string) =>
    `${noRateForRow(from, to, day)}, so these amounts cannot be converted. Import into an account in ${from}, or wait for the European Central Bank's rates.`,
  newAccount: (currency: string | null) => (currency ? `A new account in ${currency}` : "A new account"),
  markedSign: (marker: string, unmarked: "in" | "out") =>
    unmarked === "out"
      ? `The amounts carry no sign: those marked ${marker} are money in (payments and refunds), the others are charges (money out).`
      : `The amounts carry no sign: those marked ${marker} are money out, the others are money in.`,
  roundedAmounts,
  plural,
} as const;
