import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "~/components/ui/buttons";
import { FormErrorBox, INPUT_CLASS, LabelledField, PendingContent, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { centsToInput, formatMoney, toCents, type Cents } from "~/lib/money";
import { ACCOUNTS_INTENTS, transactionCount, type AccountSummary } from "../accounts";
import { loadAccountSchemas } from "../load-schemas";
import { reconciliationResult, signedMoney, type ReconciliationSummary } from "../reconcile";
import { BalanceText } from "./account-list";

const STATEMENT_BALANCE_HINT = "The closing balance your bank shows on that day. For a credit card or loan, what you owe, with a minus sign: -350.00";

/**
 * The statement to check: its date and closing balance. A GET form, since checking writes nothing: the
 * figures it leads to are a page of their own (`?statementDate=&statementBalance=`), which a reload or
 * the back button shows again. Validated in the browser once the schema has arrived and always by the
 * loader, whose reply (`lastResult`) shows its messages under the fields, with and without JavaScript.
 */
export function StatementForm({
  action,
  lastResult,
  defaultValue,
  currency,
}: {
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: Record<string, string>;
  /** The account's currency: the balance is typed in it. */
  currency: string;
}) {
  const navigation = useNavigation();
  const checking = navigation.state === "loading" && navigation.formMethod === "GET" && navigation.formAction === action;
  const ref = useFocusFirstInvalid<HTMLFormElement>(lastResult);
  const { form, fields, formProps } = useLazyForm({
    id: "statement-form",
    lastResult,
    defaultValue,
    loadSchemas: loadAccountSchemas,
    schemaOf: (schemas) => schemas.statementSchema(currency),
  });
  return (
    <Form {...formProps} ref={ref} method="get" action={action} preventScrollReset className="space-y-4">
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={fields.statementDate.id} label="Statement date" errors={fields.statementDate.errors}>
          <input {...getInputProps(fields.statementDate, { type: "date" })} required className={INPUT_CLASS} />
        </LabelledField>
        <LabelledField id={fields.statementBalance.id} label="Statement balance" errors={fields.statementBalance.errors} hint={STATEMENT_BALANCE_HINT}>
          {/* No decimal keypad: phones' decimal keypads have no minus sign, which a debt's balance needs. */}
          <input
            {...getInputProps(fields.statementBalance, { type: "text", ariaDescribedBy: `${fields.statementBalance.id}-hint` })}
            required
            autoComplete="off"
            placeholder="0.00"
            className={INPUT_CLASS}
          />
        </LabelledField>
      </div>
      <div className="flex justify-end">
        <button type="submit" disabled={checking} className={PRIMARY_BUTTON_CLASS}>
          <PendingContent pending={checking} pendingLabel="Checking...">
            Check statement
          </PendingContent>
        </button>
      </div>
    </Form>
  );
}

/** A transaction the statement would clear, with its category (or a transfer's other account) named. */
export type ToClearRow = { id: string; date: string; description: string; categoryName: string; type: "income" | "expense"; amount: number };

/** The statement as checked: its figures, the transactions it would clear, and what the page offers to finish. */
type CheckedStatement = {
  statementDate: string;
  statementBalance: Cents;
  clearedBalance: Cents;
  difference: Cents;
  toClearCount: number;
  toClear: ToClearRow[];
};

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function ToClearTable({ rows, count, currency }: { rows: ToClearRow[]; count: number; currency: string }) {
  if (count === 0) return <p className="text-sm text-slate-600">Every transaction up to this date is cleared already.</p>;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Date</th>
              <th scope="col" className="py-2 pr-4 font-medium">Description</th>
              <th scope="col" className="py-2 pr-4 font-medium">Category</th>
              <th scope="col" className="py-2 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid="to-clear-row">
                <td className="whitespace-nowrap py-2 pr-4 text-slate-500">{row.date}</td>
                <td className="min-w-40 py-2 pr-4 text-slate-900 break-words">{row.description}</td>
                <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{row.categoryName}</td>
                <td className={`whitespace-nowrap py-2 text-right font-semibold tabular-nums ${row.type === "income" ? "text-emerald-700" : "text-red-700"}`}>
                  {signedMoney(toCents(row.type === "income" ? row.amount : -row.amount), currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {count > rows.length ? <p className="text-sm text-slate-600">Showing the newest {rows.length} of {count.toLocaleString("en-US")}.</p> : null}
    </div>
  );
}

/** One finishing button: a form that sends the statement checked and the difference the page showed, under the page's one-time key. */
function FinishForm({
  action,
  check,
  submissionKey,
  intent,
  label,
  pendingLabel,
  explanation,
  primary,
}: {
  action: string;
  check: CheckedStatement;
  submissionKey: string;
  intent: (typeof ACCOUNTS_INTENTS)["finishReconciliation" | "adjustAndFinish" | "keepDifference"];
  label: string;
  pendingLabel: string;
  explanation: string;
  primary: boolean;
}) {
  const pending = useIsSubmitting({ formAction: action, intent });
  const explanationId = useId();
  return (
    <Form method="post" action={action} preventScrollReset className="flex flex-col items-start gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="statementDate" value={check.statementDate} />
      <input type="hidden" name="statementBalance" value={centsToInput(check.statementBalance)} />
      <input type="hidden" name="difference" value={centsToInput(check.difference)} />
      <SubmissionKeyField value={submissionKey} />
      <button type="submit" disabled={pending} aria-describedby={explanationId} className={primary ? PRIMARY_BUTTON_CLASS : SECONDARY_BUTTON_CLASS}>
        <PendingContent pending={pending} pendingLabel={pendingLabel}>
          {label}
        </PendingContent>
      </button>
      <p id={explanationId} className="text-xs text-slate-500">
        {explanation}
      </p>
    </Form>
  );
}

/**
 * A checked statement: the statement's balance against the account's on that date, whether they match or
 * by how much they differ, the transactions up to that date not cleared yet, and the ways to finish:
 * when it matches, clear them; when not, add an adjustment of the difference and clear, or keep the
 * difference as a note. A refusal of a finishing form (the figures changed since) shows above the buttons.
 */
export function StatementCheck({
  account,
  check,
  currency,
  action,
  submissionKey,
  refusal,
}: {
  account: Pick<AccountSummary, "kind">;
  check: CheckedStatement;
  currency: string;
  action: string;
  submissionKey: string;
  refusal: string | null;
}) {
  const matches = check.difference === 0;
  const clears = check.toClearCount === 0 ? "Nothing is left to clear: the statement is recorded as matched." : `Marks the ${transactionCount(check.toClearCount)} below cleared.`;
  return (
    <SectionCard title={`Statement of ${check.statementDate}`}>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Figure label="Statement balance">
          <BalanceText account={{ kind: account.kind, balance: check.statementBalance }} currency={currency} />
        </Figure>
        <Figure label={`Your balance on ${check.statementDate}`}>
          <BalanceText account={{ kind: account.kind, balance: check.clearedBalance }} currency={currency} />
        </Figure>
      </dl>
      {matches ? (
        <p className="rounded-lg bg-emerald-50 px-4 py-3 font-semibold text-emerald-800">
          Matches the statement
        </p>
      ) : (
        <div className="rounded-lg bg-amber-50 px-4 py-3">
          <p className="font-semibold text-amber-900">Difference: {formatMoney(toCents(Math.abs(check.difference)), currency)}</p>
          <p className="mt-1 text-sm text-amber-900">
            Look below for a transaction that is missing, entered twice, has another amount, or is dated after the statement.
          </p>
        </div>
      )}
      <div className="space-y-2">
        <h3 className="text-base font-semibold text-slate-900">Transactions to clear ({check.toClearCount.toLocaleString("en-US")})</h3>
        <ToClearTable rows={check.toClear} count={check.toClearCount} currency={currency} />
      </div>
      <FormErrorBox errors={[refusal]} />
      <div className="flex flex-wrap items-start gap-4">
        {matches ? (
          <FinishForm
            action={action}
            check={check}
            submissionKey={submissionKey}
            intent={ACCOUNTS_INTENTS.finishReconciliation}
            label="Finish reconciliation"
            pendingLabel="Finishing..."
            explanation={clears}
            primary
          />
        ) : (
          <>
            <FinishForm
              action={action}
              check={check}
              submissionKey={submissionKey}
              intent={ACCOUNTS_INTENTS.adjustAndFinish}
              label={`Add an adjustment of ${signedMoney(check.difference, currency)} and finish`}
              pendingLabel="Finishing..."
              explanation={`Adds a transaction of the difference on ${check.statementDate}, uncategorized, then marks the transactions cleared.`}
              primary
            />
            <FinishForm
              action={action}
              check={check}
              submissionKey={submissionKey}
              intent={ACCOUNTS_INTENTS.keepDifference}
              label="Save with the difference"
              pendingLabel="Saving..."
              explanation="Keeps a note of this statement and its difference; nothing is marked cleared."
              primary={false}
            />
          </>
        )}
      </div>
    </SectionCard>
  );
}

/** The account's reconciliations, the latest statement first. */
export function ReconciliationHistory({ history, account, currency }: { history: ReconciliationSummary[]; account: Pick<AccountSummary, "kind">; currency: string }) {
  return (
    <SectionCard title="Reconciliations">
      {history.length === 0 ? (
        <p className="text-sm text-slate-600">No reconciliations yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Statement date</th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">Statement balance</th>
                <th scope="col" className="py-2 pr-4 font-medium">Result</th>
                <th scope="col" className="py-2 font-medium">Done on</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {history.map((reconciliation) => (
                <tr key={reconciliation.id} data-testid="reconciliation-row">
                  <td className="whitespace-nowrap py-2 pr-4 text-slate-900">{reconciliation.statementDate}</td>
                  <td className="whitespace-nowrap py-2 pr-4 text-right tabular-nums">
                    <BalanceText account={{ kind: account.kind, balance: reconciliation.statementBalance }} currency={currency} />
                  </td>
                  <td className={`py-2 pr-4 ${reconciliation.status === "matched" ? "text-emerald-800" : "text-amber-900"}`}>{reconciliationResult(reconciliation, currency)}</td>
                  <td className="whitespace-nowrap py-2 text-slate-500">{reconciliation.recordedOn}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
