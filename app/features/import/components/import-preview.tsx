import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { ErrorList, SubmitButton } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { formatMoney, toCents } from "~/lib/money";
import { DECIMAL_MARK_LABELS } from "../amounts";
import { describeDateOrder } from "../dates";
import { ENCODING_NAMES, ENCODINGS, type Encoding } from "../readers/encodings";
import type { LeftOutReason } from "../left-out";
import type { ImportPreview, PreviewRow } from "../preview";
import { IMPORT_MESSAGES } from "../messages";
import { importPreviewPath } from "../paths";
import type { Question, SignRule } from "../reading";
import { CHOICE_FIELDS, columnField, NO_COLUMN } from "../choices";
import { convertInto, NEW_ACCOUNT } from "../account-choice";
import { ACCOUNT_NAME_MAX_LENGTH } from "~/features/accounts/accounts";
import { longDay } from "~/features/recurring/recurring";
import { COLUMN_ROLES, DATE_ORDERS, FORMAT_LABELS, type ColumnRole, type DateOrder, type DecimalMark } from "../readers/source";
import { SUBMISSION_KEY_FIELD } from "~/utils/submission";

const plural = IMPORT_MESSAGES.plural;

const ROLE_LABELS: Record<ColumnRole, string> = {
  date: "Date",
  payee: "Payee or counterparty",
  memo: "Description or memo",
  amount: "Amount (one signed column)",
  debit: "Money out (debit column)",
  credit: "Money in (credit column)",
  direction: "Direction (in or out)",
  fee: "Fee charged on top",
  status: "Status (pending, booked…)",
  reference: "Bank's transaction id",
  category: "Category",
  balance: "Balance after each row (checked, not imported)",
};

const DELIMITER_NAMES: Record<string, string> = { ",": "commas", ";": "semicolons", "\t": "tabs", "|": "vertical bars" };

const SIGN_LABELS: Record<SignRule, string> = {
  "as-written": "Negative amounts are money out, positive amounts money in (bank account)",
  "charges-positive": "Positive amounts are charges, negative amounts payments and refunds (card statement)",
};

const STATUS_LABELS: Record<PreviewRow["status"], string> = {
  new: "New",
  duplicate: "Already there — skipped",
  pending: "Pending — skipped",
  declined: "Declined or reverted — skipped",
  zero: "Zero amount — skipped",
  balance: "A balance, not a transaction — skipped",
  error: "Not readable",
};

const DUPLICATE_REASONS: Record<NonNullable<PreviewRow["duplicateOf"]>, string> = {
  "bank-id": "You already have a transaction with the same bank id.",
  "same-details": "You already have a transaction with the same date, amount and description.",
  "repeated-bank-id": "The file lists this bank id twice.",
  "recorded-payment": "You recorded this recurring payment by hand for its due date.",
};

const SELECT_CLASS =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

function Select({ label, name, value, children, hint }: { label: string; name: string; value: string; children: ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={SELECT_CLASS}>
        {children}
      </select>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

function money(cents: number, currency: string) {
  return formatMoney(toCents(cents), currency);
}

function Radio({ name, value, children }: { name: string; value: string; children: ReactNode }) {
  return (
    <label className="flex items-start gap-2 rounded-lg border border-amber-200 bg-white px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:ring-2 has-[:checked]:ring-brand-100">
      <input type="radio" name={name} value={value} className="mt-0.5 h-4 w-4 text-brand-600" />
      <span>{children}</span>
    </label>
  );
}

function QuestionField({ question }: { question: Question }) {
  const legendId = useId();
  if (question.kind === "dateOrder") {
    return (
      <fieldset aria-labelledby={legendId} className="space-y-2">
        <legend id={legendId} className="text-sm font-semibold text-slate-900">
          How are dates written in this file? Every date, like “{question.example}”, can be read two ways.
        </legend>
        {question.orders.map((order) => (
          <Radio key={order} name={CHOICE_FIELDS.dateOrder} value={order}>
            {describeDateOrder(order, question.example)}
          </Radio>
        ))}
      </fieldset>
    );
  }
  if (question.kind === "decimalMark") {
    const intro =
      question.reason === "conflict"
        ? `The amounts are written two ways: ${plural(question.counts.point, "amount")} like 1,234.56 and ${plural(question.counts.comma, "amount")} like 1.234,56. Which one is right? Amounts written the other way will be listed as errors.`
        : `Every amount, like “${question.example}”, can be read two ways.`;
    return (
      <fieldset aria-labelledby={legendId} className="space-y-2">
        <legend id={legendId} className="text-sm font-semibold text-slate-900">
          How are amounts written in this file? {intro}
        </legend>
        <Radio name={CHOICE_FIELDS.decimalMark} value="point">
          Decimal point, commas group thousands: “{question.example}” is {describeExample(question.example, "point")}
        </Radio>
        <Radio name={CHOICE_FIELDS.decimalMark} value="comma">
          Decimal comma, points group thousands: “{question.example}” is {describeExample(question.example, "comma")}
        </Radio>
      </fieldset>
    );
  }
  return (
    <fieldset aria-labelledby={legendId} className="space-y-2">
      <legend id={legendId} className="text-sm font-semibold text-slate-900">
        Are positive amounts money in, or charges? {question.positive} of {question.total} amounts in this file are positive. Bank account exports write
        spending as negative amounts; many credit card exports write charges as positive amounts.
      </legend>
      {(["as-written", "charges-positive"] as const).map((rule) => (
        <Radio key={rule} name={CHOICE_FIELDS.sign} value={rule}>
          {SIGN_LABELS[rule]}
        </Radio>
      ))}
    </fieldset>
  );
}

/** "1,234" read with a mark, in words a person checks against their statement. */
function describeExample(example: string, mark: DecimalMark) {
  const digits = example.replace(/[^\d.,-]/g, "");
  const normalised = mark === "point" ? digits.replace(/,/g, "") : digits.replace(/\./g, "").replace(",", ".");
  const value = Number(normalised);
  if (!Number.isFinite(value)) return "a different number";
  return value.toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 4 });
}

function directionRule(preview: ImportPreview) {
  const { columns, sign } = preview.reading;
  const name = (index: number | null) => (index === null ? "" : `“${preview.table.headers[index]}”`);
  const parts: string[] = [];
  if (columns.amount === null) {
    parts.push(`${name(columns.debit) || "The debit column"} is money out; ${name(columns.credit) || "the credit column"} is money in.`);
  } else if (sign.marked) {
    parts.push(IMPORT_MESSAGES.markedSign(sign.marked.marker, sign.marked.unmarked));
  } else if (columns.direction !== null) {
    parts.push(`${name(columns.direction)} says which way the money went (for example “Af”/“Bij”, “S”/“H”, “DBIT”/“CRDT”); the amount's sign is taken from it.`);
  } else {
    parts.push(sign.rule === "charges-positive" ? "Positive amounts are charges (money out); negative amounts are money in." : "Negative amounts are money out; positive amounts are money in.");
  }
  if (columns.fee !== null) parts.push(`Fees in ${name(columns.fee)} are charged on top of the amount.`);
  return parts.join(" ");
}

/** "Date ← Buchungstag · Amount ← Betrag · …": the columns in use, in a line. */
function columnSummary(preview: ImportPreview) {
  const used = COLUMN_ROLES.flatMap((role) => {
    const index = preview.reading.columns[role];
    return index === null ? [] : [`${ROLE_LABELS[role].replace(/ \(.*\)$/, "")} ← ${preview.table.headers[index]}`];
  });
  return used.length > 0 ? used.join(" · ") : "none chosen";
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="w-48 shrink-0 text-sm text-slate-500">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function FileFacts({ preview }: { preview: ImportPreview }) {
  const { table, encoding, reading } = preview;
  return (
    <SectionCard title="The file" description={preview.fileName || undefined}>
      <dl className="space-y-2">
        <Fact term="Format">{FORMAT_LABELS[preview.format]}</Fact>
        {table.account?.id || table.account?.name ? <Fact term="Account">{[table.account.name, table.account.id].filter(Boolean).join(" · ")}</Fact> : null}
        <Fact term="Currency">{table.account?.currency ?? "Not stated"}</Fact>
        <Fact term="Characters">
          {encoding.label}
          {encoding.detected ? " (found in the file)" : " (your choice)"}
        </Fact>
        {table.delimiter ? (
          <Fact term="Columns">
            separated by {DELIMITER_NAMES[table.delimiter] ?? table.delimiter}, {table.hasHeader ? "named by a header row" : "no header row"}
          </Fact>
        ) : null}
        <Fact term="Rows">{plural(table.rowCount, preview.format === "csv" ? "row" : "transaction")}</Fact>
        {table.skippedAbove.length > 0 ? (
          <Fact term="Lines above the table">
            <details>
              <summary className="cursor-pointer">{plural(table.skippedAbove.length, "line")} skipped (account details, period, balances)</summary>
              <ul className="mt-1 list-disc pl-5 text-slate-600">
                {table.skippedAbove.slice(0, 20).map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </details>
          </Fact>
        ) : null}
        {reading.skippedBelow.length > 0 ? (
          <Fact term="Lines below the table">
            <details>
              <summary className="cursor-pointer">{plural(reading.skippedBelow.length, "summary line")} skipped (totals, closing balance)</summary>
              <ul className="mt-1 list-disc pl-5 text-slate-600">
                {reading.skippedBelow.slice(0, 20).map((line) => (
                  <li key={line.label}>
                    {line.label}: {line.text}
                  </li>
                ))}
              </ul>
            </details>
          </Fact>
        ) : null}
      </dl>
      <Select label="Read the characters as" name={CHOICE_FIELDS.encoding} value={encoding.value} hint="Change this if letters like ä, é or ñ look wrong below.">
        {ENCODING_NAMES.map((name) => (
          <option key={name} value={name}>
            {ENCODINGS[name]}
          </option>
        ))}
      </Select>
    </SectionCard>
  );
}

const ACCOUNT_HINTS = {
  chosen: "Your choice",
  remembered: "Where you imported this account's files before",
  proposed: "Proposed from the file",
} as const;

/** What becomes of the file's opening balance line: the new account opens with it, or it is left out; never income. */
function openingBalanceNote(preview: ImportPreview, currency: string) {
  const { openingBalance, account } = preview;
  if (!openingBalance) return null;
  const amount = `${openingBalance.cents < 0 ? "−" : ""}${money(Math.abs(openingBalance.cents), currency)}`;
  return account.chosen === NEW_ACCOUNT
    ? `${openingBalance.label} is the file's opening balance (${amount} on ${openingBalance.date}): the new account opens with it. It is not imported as income.`
    : `${openingBalance.label} states a balance (${amount} on ${openingBalance.date}): it is skipped, not imported as income.`;
}

/** The currency the rows are written in: the file's, or the account's when they are converted into it. */
function amountCurrency({ conversion, reading }: ImportPreview) {
  return conversion?.to ?? reading.currency;
}

/** Which currency the amounts are read in, and why: the file states it, or the account it goes into decides. */
function currencyNote({ account, table, reading, conversion }: ImportPreview) {
  if (conversion) return IMPORT_MESSAGES.fileCurrencyConverted(conversion.from, conversion.to);
  if (table.account?.currency) return IMPORT_MESSAGES.fileCurrency(table.account.currency);
  const chosen = account.options.find((option) => option.id === account.chosen);
  return IMPORT_MESSAGES.currencyNotStated(reading.currency, chosen?.name ?? null);
}

/**
 * Which account the file goes into: one of the user's open accounts (in the
 * file's currency, when it states one), or a new one whose name field shows
 * only while "A new account" is chosen (in CSS, `.import-account` in
 * tailwind.css, so also without JavaScript).
 */
function AccountChoice({ preview, reportingCurrency }: { preview: ImportPreview; reportingCurrency: string }) {
  const { account, reading, conversion } = preview;
  const note = openingBalanceNote(preview, reading.currency);
  return (
    <SectionCard title="Account" description="The account these transactions belong to.">
      {preview.part ? (
        <p className="text-sm font-medium text-slate-800" data-testid="import-part">
          {IMPORT_MESSAGES.accountOfFile(preview.part.index, preview.part.count)}
        </p>
      ) : null}
      <div className="import-account grid gap-4 sm:grid-cols-2">
        <Select label="Import into" name={CHOICE_FIELDS.account} value={account.converted ? convertInto(account.chosen) : account.chosen} hint={ACCOUNT_HINTS[account.how]}>
          {account.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
          <option value={NEW_ACCOUNT}>{IMPORT_MESSAGES.newAccount(preview.table.account?.currency ?? null)}</option>
          {account.convertOptions.length > 0 ? (
            <optgroup label={`Convert from ${reading.currency} at each day's rate into`}>
              {account.convertOptions.map((option) => (
                <option key={option.id} value={convertInto(option.id)}>
                  {IMPORT_MESSAGES.convertInto(option.name, option.currency)}
                </option>
              ))}
            </optgroup>
          ) : null}
        </Select>
        <label data-new-account className="block space-y-1">
          <span className="block text-sm font-medium text-slate-700">Name of the new account</span>
          <input
            type="text"
            name={CHOICE_FIELDS.newAccountName}
            defaultValue={account.newName}
            maxLength={ACCOUNT_NAME_MAX_LENGTH}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
        </label>
      </div>
      {account.conflict ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900" data-testid="import-currency-conflict">
          {IMPORT_MESSAGES.currencyConflict(reading.currency, account.conflict.name, account.conflict.currency)}
        </p>
      ) : null}
      <p className="text-sm text-slate-700" data-testid="import-currency">
        {currencyNote(preview)}
        {amountCurrency(preview) === reportingCurrency ? null : ` ${IMPORT_MESSAGES.reportedIn(reportingCurrency)}`}
      </p>
      {conversion ? (
        <p role={conversion.missingDays.length > 0 ? "alert" : "status"} className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="import-conversion">
          {conversion.missingDays.length > 0
            ? IMPORT_MESSAGES.noRateToConvert(conversion.from, conversion.to, conversion.missingDays.join(", "))
            : IMPORT_MESSAGES.converting(conversion.from, conversion.to)}
        </p>
      ) : null}
      {note ? (
        <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="import-opening-balance">
          {note}
        </p>
      ) : null}
    </SectionCard>
  );
}

function ReadingChoices({ preview, updating }: { preview: ImportPreview; updating: boolean }) {
  const { reading, table, examples } = preview;
  const asked = new Set(reading.questions.map((question) => question.kind));
  const dateExample = examples.date ?? "";
  return (
    <SectionCard title="How the file is read" description={directionRule(preview)}>
      {preview.columnsFixed ? (
        <p className="text-sm text-slate-600">The columns of a {FORMAT_LABELS[preview.format]} file are fixed: nothing to match.</p>
      ) : (
        <details open={reading.problems.length > 0 || preview.columnsChosen} className="rounded-lg border border-slate-200 px-4 py-3">
          <summary className="cursor-pointer text-sm text-slate-700">
            <span className="font-semibold">Columns:</span> {columnSummary(preview)} <span className="text-brand-700">(change)</span>
          </summary>
          <input type="hidden" name={CHOICE_FIELDS.columnsChosen} value="1" />
          {preview.remembered ? <p className="mt-3 text-sm text-brand-700">Using the columns you confirmed for the last file with these columns.</p> : null}
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {COLUMN_ROLES.map((role) => {
              const chosen = reading.columns[role];
              const foundBy = preview.foundBy[role];
              return (
                <Select
                  key={role}
                  label={ROLE_LABELS[role]}
                  name={columnField(role)}
                  value={chosen === null ? NO_COLUMN : String(chosen)}
                  hint={foundBy ? (foundBy === "name" ? "Found by its name" : "Found by its values") : undefined}
                >
                  <option value={NO_COLUMN}>None</option>
                  {table.headers.map((header, index) => (
                    <option key={index} value={index}>
                      {header}
                    </option>
                  ))}
                </Select>
              );
            })}
          </div>
        </details>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {asked.has("decimalMark") || reading.decimal.mark === null ? null : (
          <Select
            label="Number format"
            name={CHOICE_FIELDS.decimalMark}
            value={reading.decimal.mark}
            hint={reading.decimal.chosen ? "Your choice" : `Found in the file${examples.amount ? `, e.g. “${examples.amount}”` : ""}`}
          >
            {(["point", "comma"] as const).map((mark) => (
              <option key={mark} value={mark}>
                {DECIMAL_MARK_LABELS[mark]} ({mark === "point" ? "decimal point" : "decimal comma"})
              </option>
            ))}
          </Select>
        )}
        {asked.has("dateOrder") || reading.dateOrder.order === null || reading.dateOrder.detection.status === "decided" && preview.format !== "csv" && preview.format !== "qif" ? null : (
          <Select label="Dates" name={CHOICE_FIELDS.dateOrder} value={reading.dateOrder.order} hint={reading.dateOrder.chosen ? "Your choice" : "Found in the file"}>
            {DATE_ORDERS.map((order: DateOrder) => (
              <option key={order} value={order}>
                {describeDateOrder(order, dateExample)}
              </option>
            ))}
          </Select>
        )}
        {asked.has("sign") || !reading.sign.applies ? null : (
          <Select label="Signs" name={CHOICE_FIELDS.sign} value={reading.sign.rule}>
            {(["as-written", "charges-positive"] as const).map((rule) => (
              <option key={rule} value={rule}>
                {SIGN_LABELS[rule]}
              </option>
            ))}
          </Select>
        )}
      </div>
      {reading.columns.status !== null ? (
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" name={CHOICE_FIELDS.includePending} defaultChecked={preview.includePending} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
          <span>
            Import pending transactions too
            <span className="block text-xs text-slate-500">Pending rows may still change or disappear at your bank; by default they are skipped.</span>
          </span>
        </label>
      ) : null}
      <button
        type="submit"
        disabled={updating}
        className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-70"
      >
        {updating ? "Updating preview..." : "Update preview"}
      </button>
    </SectionCard>
  );
}

function Tile({ term, testId, className, children }: { term: string; testId: string; className: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className={`font-semibold ${className}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** What the balance check found, in words; null when the file states no balance. */
function balanceCheckText(preview: ImportPreview, currency: string) {
  const check = preview.balanceCheck;
  if (!check) return null;
  const signed = (cents: number) => `${cents < 0 ? "−" : ""}${money(Math.abs(cents), currency)}`;
  const closing = `the bank's closing balance ${signed(check.closing.cents)} on ${check.closing.date}`;
  switch (check.kind) {
    case "matches":
      return `Balance check: matches ${closing}${check.owedAsPositive ? " (the bank writes what is owed as a positive amount)" : ""}.`;
    case "differs":
      return `Balance check: after this import the account would hold ${signed(check.expected)}, ${closing}: a difference of ${signed(check.difference)}. A row may be missing, doubled or already imported elsewhere.`;
    case "opens-new-account":
      return `Balance check: ${closing}. The new account opens with ${signed(check.opening.cents)} on ${check.opening.date}, so that it ends there.`;
    case "card-balance-unclear":
      return `The bank states a balance of ${money(check.closing.cents, currency)} for this card on ${check.closing.date}, which can mean owed or a credit: the new account opens at zero. Set its opening balance on its account page.`;
  }
}

function Totals({ preview, currency }: { preview: ImportPreview; currency: string }) {
  const balanceCheck = balanceCheckText(preview, currency);
  const { reading, newTotals } = preview;
  const { counts, totals, decimal, dateOrder } = reading;
  const skipped = [
    preview.duplicateCount > 0 ? `${plural(preview.duplicateCount, "duplicate")} (already in your transactions)` : null,
    counts.pending > 0 ? `${plural(counts.pending, "pending row")}` : null,
    counts.declined > 0 ? `${plural(counts.declined, "declined or reverted row")}` : null,
    counts.zero > 0 ? `${plural(counts.zero, "zero-amount row")}` : null,
    counts.balance > 0 ? `${plural(counts.balance, "balance line")}` : null,
    counts.errors > 0 ? `${plural(counts.errors, "row")} that cannot be read` : null,
  ].filter(Boolean);
  return (
    <SectionCard title="Check it against your statement">
      <dl className="grid gap-3 sm:grid-cols-4" data-testid="import-totals">
        <Tile term="Transactions" testId="import-count" className="text-lg text-slate-900">
          {totals.count.toLocaleString("en-US")}
        </Tile>
        <Tile term="Money in" testId="import-money-in" className="text-lg text-emerald-700">
          {money(totals.moneyIn, currency)}
        </Tile>
        <Tile term="Money out" testId="import-money-out" className="text-lg text-red-700">
          {money(totals.moneyOut, currency)}
        </Tile>
        <Tile term="Dates" testId="import-dates" className="text-sm text-slate-900">
          {totals.from && totals.to ? `${totals.from} to ${totals.to}` : "—"}
        </Tile>
      </dl>
      <p className="text-sm text-slate-600">
        Amounts: {decimal.mark ? `${DECIMAL_MARK_LABELS[decimal.mark]} (${decimal.mark === "point" ? "decimal point" : "decimal comma"})` : "whole numbers"}, in {reading.currency}
        {preview.conversion ? `, shown converted into ${currency}` : ""}. Dates:{" "}
        {dateOrder.order ? describeDateOrder(dateOrder.order, preview.examples.date ?? "") : "—"}.
      </p>
      <p className="text-sm text-slate-800" data-testid="import-summary">
        {preview.newCount > 0
          ? `${plural(preview.newCount, "new transaction")} will be imported (money in ${money(newTotals.moneyIn, currency)}, money out ${money(newTotals.moneyOut, currency)}).`
          : "Nothing new will be imported."}
        {skipped.length > 0 ? ` Skipped: ${skipped.join(", ")}.` : ""}
      </p>
      {balanceCheck ? (
        <p
          role="status"
          data-testid="balance-check"
          className={`rounded-lg border px-4 py-3 text-sm ${preview.balanceCheck?.kind === "differs" ? "border-amber-300 bg-amber-50 text-amber-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
        >
          {balanceCheck}
        </p>
      ) : null}
      {preview.roundedRows.length > 0 ? (
        <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {IMPORT_MESSAGES.roundedAmounts(counts.rounded, reading.currency)}:
          <ul className="mt-1 list-disc pl-5">
            {preview.roundedRows.slice(0, 10).map((row) => (
              <li key={row.label}>
                {row.label}: {row.text} → {money(row.cents, reading.currency)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </SectionCard>
  );
}

/** The file's category names that choose none of the user's categories, and what becomes of their rows. */
function UnmatchedCategories({ unmatched }: { unmatched: ImportPreview["unmatchedCategories"] }) {
  if (unmatched.length === 0) return null;
  const unknown = unmatched.filter((entry) => entry.reason === "unknown");
  const otherType = unmatched.filter((entry) => entry.reason === "other-type");
  const listed = (entries: typeof unmatched) => entries.map((entry) => `${entry.name} (${plural(entry.rows, "row")})`).join(", ");
  return (
    <div role="status" data-testid="unmatched-categories" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {unknown.length > 0 ? (
        <p>
          The file names {plural(unknown.length, "category", "categories")} you do not have: {listed(unknown)}. Those rows are imported as Uncategorized, to categorize on
          the New tab. To use the file&apos;s names, add these categories first (Add Category on the dashboard), then update this preview.
        </p>
      ) : null}
      {otherType.length > 0 ? (
        <p className={unknown.length > 0 ? "mt-2" : undefined}>
          Some rows name a category of the other kind (an income category on money out, or a spending category on money in): {listed(otherType)}. Those rows are imported as
          Uncategorized.
        </p>
      ) : null}
    </div>
  );
}

function PreviewTable({ preview, currency }: { preview: ImportPreview; currency: string }) {
  const { rows } = preview;
  return (
    <>
      <UnmatchedCategories unmatched={preview.unmatchedCategories} />
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="px-3 py-2 text-left text-xs text-slate-500">
            {rows.length < preview.table.rowCount ? `The first ${rows.length} of ${preview.table.rowCount.toLocaleString("en-US")} rows` : "Every row of the file"}
          </caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              {["Row", "Date", "Description", "Category", "Amount", "Status"].map((heading) => (
                <th key={heading} scope="col" className={`px-3 py-2 ${heading === "Amount" ? "text-right" : ""}`}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) =>
              row.status === "error" ? (
                <tr key={row.label} className="bg-red-50">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-500">{row.label}</td>
                  <td colSpan={5} className="px-3 py-2 text-red-700">
                    {row.error}
                  </td>
                </tr>
              ) : (
                <tr key={row.label} className={row.status === "new" ? undefined : "bg-amber-50 text-slate-500"}>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-500">{row.label}</td>
                  <td className="whitespace-nowrap px-3 py-2">{row.date}</td>
                  <td className="px-3 py-2">{row.description}</td>
                  <td className="px-3 py-2">
                    {row.category || "Uncategorized"}
                    {row.categoryNote ? <span className="block text-xs text-amber-800">{row.categoryNote}</span> : null}
                    {row.tags.length > 0 ? <span className="block text-xs text-violet-800">{row.tags.map((tag) => `#${tag}`).join(" ")}</span> : null}
                    {row.ruleNames.length > 0 ? <span className="block text-xs text-brand-700">by rule {row.ruleNames.join(", ")}</span> : null}
                    {row.meets ? <span className="block text-xs text-emerald-700">{`Pays ${row.meets.name}, due ${longDay(row.meets.dueDate)}`}</span> : null}
                  </td>
                  <td className={`whitespace-nowrap px-3 py-2 text-right ${row.type === "income" ? "text-emerald-700" : "text-slate-900"}`}>
                    {row.type === "expense" ? "−" : "+"}
                    {money(row.amount ?? 0, currency)}
                    {row.fileAmount ? (
                      <span className="block text-xs text-slate-500">
                        {money(Math.abs(row.fileAmount.cents), row.fileAmount.currency)} · rate of {row.fileAmount.rateDay}
                      </span>
                    ) : row.rounded ? (
                      <span className="block text-xs text-amber-700">from {row.amountText}</span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2" title={row.duplicateOf ? DUPLICATE_REASONS[row.duplicateOf] : undefined}>
                    {STATUS_LABELS[row.status]}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

const LEFT_OUT_TITLES: Record<LeftOutReason, string> = {
  error: "Cannot be read",
  duplicate: "Already in your transactions",
  pending: "Pending: not settled yet (tick “Import pending transactions too” to import them)",
  declined: "Declined or reverted by the bank",
  zero: "Zero amount",
  balance: "A balance, not a transaction",
};

/** What one left-out row is, in a line: its error, or its date, description and amount (and why it counts as already there). */
function leftOutLine(row: PreviewRow, currency: string) {
  if (row.status === "error") return row.error?.replace(`${row.label}: `, "") ?? "";
  const sign = row.amount === 0 ? "" : row.type === "expense" ? "−" : "+";
  const amount = row.amount === null ? row.amountText : `${sign}${money(row.amount, currency)}`;
  const line = [row.date, row.description, amount].filter(Boolean).join(" · ");
  return row.duplicateOf ? `${line}. ${DUPLICATE_REASONS[row.duplicateOf]}` : line;
}

/**
 * Every row of the file that will not be imported, under its reason: the table above shows the first rows
 * only, so a row left out further down is still named here, with what makes it so.
 */
function LeftOutRows({ preview, currency }: { preview: ImportPreview; currency: string }) {
  if (preview.leftOut.length === 0) return null;
  const total = preview.leftOut.reduce((sum, group) => sum + group.count, 0);
  return (
    <section aria-labelledby="import-left-out" className="space-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3" data-testid="import-left-out">
      <h3 id="import-left-out" className="text-sm font-semibold text-slate-900">
        {plural(total, "row")} will not be imported
      </h3>
      {preview.leftOut.map((group) => (
        <details key={group.reason} open={group.reason === "error" || group.count <= 10} className="text-sm">
          <summary className={`cursor-pointer font-medium ${group.reason === "error" ? "text-red-800" : "text-slate-800"}`}>
            {LEFT_OUT_TITLES[group.reason]}: {plural(group.count, "row")}
          </summary>
          <ul className={`mt-1 list-disc space-y-0.5 pl-5 ${group.reason === "error" ? "text-red-700" : "text-slate-600"}`}>
            {group.rows.map((row) => (
              <li key={row.label}>
                {row.label}: {leftOutLine(row, currency)}
              </li>
            ))}
            {group.others ? <li>And {group.others}</li> : null}
          </ul>
        </details>
      ))}
    </section>
  );
}

function RawTable({ preview }: { preview: ImportPreview }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="px-3 py-2 text-left text-xs text-slate-500">The first rows as the file has them</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2">
              Row
            </th>
            {preview.table.headers.map((header, index) => (
              <th key={index} scope="col" className="px-3 py-2">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {preview.rawRows.map((row) => (
            <tr key={row.label}>
              <td className="whitespace-nowrap px-3 py-2 text-slate-500">{row.label}</td>
              {row.cells.map((cell, index) => (
                <td key={index} className="whitespace-nowrap px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "+$300.00" or "−$300.00": which way a row moves its account. */
function signedMoney(type: "income" | "expense", cents: number, currency: string) {
  return `${type === "income" ? "+" : "−"}${money(cents, currency)}`;
}

/** The file's rows that look like the other side of a transaction in another account: ticked, they are linked as transfers on import. */
function TransferChoices({ preview, currency }: { preview: ImportPreview; currency: string }) {
  if (preview.transferProposals.length === 0) return null;
  return (
    <fieldset className="space-y-3 rounded-2xl border border-sky-200 bg-sky-50 p-4" data-testid="import-transfer-proposals">
      <legend className="px-1 text-sm font-semibold text-sky-950">Likely transfers</legend>
      <p className="text-sm text-sky-900">
        These rows look like the other side of a transaction in another account. Tick a pair to link it as a transfer on import: it then counts as neither income nor
        expense. Nothing is linked unticked.
      </p>
      <ul className="space-y-2">
        {preview.transferProposals.map((proposal) => (
          <li key={proposal.value}>
            <label className="flex items-start gap-3 text-sm text-slate-800">
              <input type="checkbox" name={CHOICE_FIELDS.linkTransfer} value={proposal.value} defaultChecked={proposal.chosen} className="mt-1 h-4 w-4" />
              <span>
                {proposal.row.label}: {signedMoney(proposal.row.type, proposal.row.amount, currency)} {proposal.row.description} on {proposal.row.date}, with{" "}
                {signedMoney(proposal.stored.type, proposal.stored.amount, currency)} {proposal.stored.description} in {proposal.stored.accountName} on {proposal.stored.date}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The whole preview as one GET form: every choice is a field, "Update
 * preview" reloads the page with them (with JavaScript, any change does),
 * and Import posts the same fields with the fingerprint of the preview shown.
 * Amounts are shown in the preview's currency (the file's, else its
 * account's); `currency` is the user's reporting currency.
 */
export function ImportPreviewForm({ preview, currency: reportingCurrency, notice, submissionKey }: { preview: ImportPreview; currency: string; notice: string | null; submissionKey: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const path = importPreviewPath(preview.draftId);
  const updating = navigation.state === "loading" && navigation.location.pathname === path;
  const importing = navigation.state === "submitting" && navigation.formAction === path;
  const blocked = preview.reading.questions.length > 0 || preview.reading.problems.length > 0;
  const cannotConvert = (preview.conversion?.missingDays.length ?? 0) > 0;
  const currency = amountCurrency(preview);
  return (
    <Form
      key={preview.fingerprint}
      method="get"
      action={path}
      className="space-y-6"
      onChange={(event) => {
        submit(event.currentTarget, { method: "get", action: path, replace: true, preventScrollReset: true });
      }}
    >
      <input type="hidden" name={CHOICE_FIELDS.fingerprint} value={preview.fingerprint} />
      {notice ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {notice}
        </p>
      ) : null}
      <FileFacts preview={preview} />
      {preview.reading.questions.length > 0 ? (
        <section aria-labelledby="import-questions" className="space-y-4 rounded-2xl border border-amber-300 bg-amber-50 p-6">
          <h2 id="import-questions" className="text-lg font-semibold text-amber-950">
            This file can be read more than one way
          </h2>
          <p className="text-sm text-amber-900">Nothing is guessed: choose how to read it, then update the preview.</p>
          {preview.reading.questions.map((question) => (
            <QuestionField key={question.kind} question={question} />
          ))}
          <button type="submit" className="rounded-lg bg-amber-600 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-700">
            Update preview
          </button>
        </section>
      ) : null}
      <AccountChoice preview={preview} reportingCurrency={reportingCurrency} />
      <ReadingChoices preview={preview} updating={updating} />
      {preview.reading.problems.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3">
          <ErrorList errors={preview.reading.problems} />
        </div>
      ) : null}
      {blocked ? (
        <RawTable preview={preview} />
      ) : (
        <>
          <Totals preview={preview} currency={currency} />
          <PreviewTable preview={preview} currency={currency} />
          <TransferChoices preview={preview} currency={currency} />
          <LeftOutRows preview={preview} currency={currency} />
        </>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* The key rides on the Import button alone, so the preview's GET never carries it into the address. */}
        <SubmitButton
          formMethod="post"
          formAction={path}
          name={SUBMISSION_KEY_FIELD}
          value={submissionKey}
          pending={importing}
          pendingLabel="Importing..."
          disabled={blocked || cannotConvert || preview.newCount === 0 || updating}
          className="sm:w-auto"
        >
          {blocked ? IMPORT_MESSAGES.answerQuestions : IMPORT_MESSAGES.importButton(preview.newCount)}
        </SubmitButton>
      </div>
      {!blocked && preview.newCount === 0 ? (
        <p className="text-sm text-slate-700">{preview.duplicateCount > 0 ? IMPORT_MESSAGES.allDuplicates : IMPORT_MESSAGES.nothingReadable}</p>
      ) : null}
    </Form>
  );
}

/** An upload that cannot be read in the chosen encoding: choose another, or start over. */
export function UnreadableFile({ draftId, fileName, error, encoding }: { draftId: string; fileName: string; error: string; encoding: Encoding | null }) {
  return (
    <SectionCard title="This file could not be read" description={fileName || undefined}>
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
      <Form method="get" action={importPreviewPath(draftId)} className="space-y-3">
        <Select label="Read the characters as" name={CHOICE_FIELDS.encoding} value={encoding ?? "utf-8"}>
          {ENCODING_NAMES.map((name) => (
            <option key={name} value={name}>
              {ENCODINGS[name]}
            </option>
          ))}
        </Select>
        <button type="submit" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
          Try again
        </button>
      </Form>
    </SectionCard>
  );
}
