import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { TrashIcon } from "~/components/ui/icons";
import { Form, Link } from "@remix-run/react";
import { FormActions, FormErrorBox, INPUT_CLASS, LabelledField, useIsSubmitting } from "~/components/ui/forms";
import { AMOUNT_PATTERN, formatMoney } from "~/lib/money";
import { REASON_MAX_LENGTH, SAVINGS_INTENTS, SAVINGS_MESSAGES, SAVINGS_PATH, type GoalAccountOption, type SavingsEntry } from "../savings";
import { AccountField, withQuery } from "./savings-goals-manager";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";
import { useSavingsForm } from "./use-savings-form";
import { PRIMARY_BUTTON_CLASS } from "~/components/ui/buttons";

const cellClass = "px-3 py-2 text-sm";
const headClass = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500";

/** Block 3: the first five savings transactions, newest first; the description is always 'Savings'. */
export function RecentSavingsTransactions({ entries, currency }: { entries: SavingsEntry[]; currency: string }) {
  return (
    <section aria-labelledby="recent-savings-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="recent-savings-heading" className="text-lg font-semibold text-slate-900">
        Recent Savings Transactions
      </h2>
      {entries.length === 0 ? (
        <p className="text-slate-600">No savings transactions yet.</p>
      ) : (
        <table className="w-full" data-testid="recent-savings-table">
          <thead>
            <tr>
              <th className={headClass}>Date</th>
              <th className={headClass}>Amount</th>
              <th className={headClass}>Description</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={cellClass}>{entry.date}</td>
                <td className={`${cellClass} font-semibold text-slate-900`}>{formatMoney(entry.amount, currency)}</td>
                <td className={cellClass}>Savings</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The withdrawal form: validated in the browser once the schema has arrived, and on the server, which also
 * checks the balances. With goals kept in accounts it asks which one the money comes out of.
 */
function WithdrawalForm({ today, accounts, result, submissionKey }: { today: string; accounts: GoalAccountOption[]; result?: SubmissionResult<string[]>; submissionKey: string }) {
  const pending = useIsSubmitting({ intent: SAVINGS_INTENTS.addWithdrawal });
  const { form, fields, formProps } = useSavingsForm({ id: "withdrawal-form", lastResult: result, defaultValue: { date: today }, schemaOf: (schemas) => schemas.WithdrawalSchema });
  return (
    <Form {...formProps} tabIndex={-1} aria-label="Record Withdrawal" className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <input type="hidden" name="intent" value={SAVINGS_INTENTS.addWithdrawal} />
      <SubmissionKeyField value={submissionKey} />
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-3">
        <LabelledField id={fields.amount.id} label="Amount" errors={fields.amount.errors}>
          <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" pattern={AMOUNT_PATTERN} required placeholder="0.00" className={INPUT_CLASS} />
        </LabelledField>
        <LabelledField id={fields.date.id} label="Date" errors={fields.date.errors}>
          <input {...getInputProps(fields.date, { type: "date" })} className={INPUT_CLASS} />
        </LabelledField>
        <LabelledField id={fields.reason.id} label="Reason" errors={fields.reason.errors}>
          <input {...getInputProps(fields.reason, { type: "text" })} maxLength={REASON_MAX_LENGTH} placeholder="e.g. Emergency expense, Vacation payment" className={INPUT_CLASS} />
        </LabelledField>
        <AccountField field={fields.accountId} label="From account" hint="Money taken from an account moves back into your main account." accounts={accounts} />
      </div>
      <FormActions cancelTo={SAVINGS_PATH} pending={pending} submitLabel="Save" />
    </Form>
  );
}

/** Block 4: '+ Record Withdrawal' with its form (opened by the query), and the withdrawals with their delete buttons. */
export function SavingsWithdrawals({
  withdrawals,
  accounts,
  currency,
  today,
  open,
  result,
  submissionKey,
}: {
  withdrawals: SavingsEntry[];
  /** The accounts a withdrawal may come out of (those goals keep their money in). */
  accounts: GoalAccountOption[];
  currency: string;
  today: string;
  open: boolean;
  result?: SubmissionResult<string[]>;
  /** The page's one-time key: the same withdrawal sent twice is recorded once. */
  submissionKey: string;
}) {
  return (
    <section aria-labelledby="withdrawals-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="withdrawals-heading" className="text-lg font-semibold text-slate-900">
          Savings Withdrawals
        </h2>
        {open ? (
          <button type="button" disabled className={PRIMARY_BUTTON_CLASS}>
            + Record Withdrawal
          </button>
        ) : (
          <Link to={`${withQuery(SAVINGS_PATH, { withdraw: "new" })}#withdrawal-form`} preventScrollReset className={PRIMARY_BUTTON_CLASS}>
            + Record Withdrawal
          </Link>
        )}
      </div>
      {open ? <WithdrawalForm today={today} accounts={accounts} result={result} submissionKey={submissionKey} /> : null}
      {withdrawals.length === 0 ? (
        <p className="text-slate-600">{SAVINGS_MESSAGES.noWithdrawals}</p>
      ) : (
        <table className="w-full" data-testid="withdrawals-table">
          <thead>
            <tr>
              <th className={headClass}>Date</th>
              <th className={headClass}>Amount</th>
              <th className={headClass}>Reason</th>
              <th className={headClass}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {withdrawals.map((withdrawal) => (
              <tr key={withdrawal.id} data-testid="withdrawal-row">
                <td className={cellClass}>{withdrawal.date}</td>
                <td className={`${cellClass} font-semibold text-red-600`}>-{formatMoney(withdrawal.amount, currency)}</td>
                <td className={cellClass}>{withdrawal.description}</td>
                <td className={`${cellClass} text-right`}>
                  <Form method="post" action={SAVINGS_PATH} preventScrollReset>
                    <input type="hidden" name="intent" value={SAVINGS_INTENTS.deleteWithdrawal} />
                    <input type="hidden" name="withdrawalId" value={withdrawal.id} />
                    <button type="submit" aria-label={`Delete withdrawal of ${formatMoney(withdrawal.amount, currency)} on ${withdrawal.date}`} className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700">
                      <TrashIcon />
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
