import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ProgressBar } from "~/components/ui/progress-bar";
import { ErrorList, Spinner, useIsSubmitting } from "~/components/ui/forms";
import { AMOUNT_PATTERN, formatMoney } from "~/lib/money";
import { accountPath } from "~/features/accounts/accounts";
import { DEBT_INTENTS, basisPointsToPercentText, debtCardId, debtPanelId, DEBT_PRIORITY_LABELS, DEBT_TYPE_LABELS, type DebtAccount, type DebtItem, type DebtPayment } from "../debts";
import { payoffDate, payoffMonths, percentPaid } from "../payoff";
import { monthLabel } from "~/lib/month";
import { useDebtForm } from "./use-debt-form";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";
import { useFocusOnOpen } from "~/components/ui/use-focus-on-open";

const PRIORITY_CLASSES = { high: "bg-red-100 text-red-700", medium: "bg-yellow-100 text-yellow-800", low: "bg-green-100 text-green-700" } as const;

/** The payoff of one debt at its minimum payment (payoffMonths), as the card shows it. */
function payoffText(debt: Pick<DebtItem, "currentBalance" | "aprBasisPoints" | "minimumPayment">, today: string) {
  if (debt.currentBalance <= 0 && debt.minimumPayment > 0) return "Paid off";
  const estimate = payoffMonths(debt.currentBalance, debt.aprBasisPoints, debt.minimumPayment);
  if (estimate.kind === "invalid") return "Invalid debt data";
  if (estimate.kind === "never") return "Never (payment too low)";
  return `${monthLabel(payoffDate(today, estimate.months))} (${estimate.months} ${estimate.months === 1 ? "month" : "months"})`;
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{value}</dd>
    </div>
  );
}

const LINK_CLASS = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50";
const PAY_INPUT_CLASS = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2";

/**
 * The Pay panel's page state: the action's reply when it refused a payment, the page's one-time key, and
 * the accounts the payment may come from (payFromAccounts; the first when the panel offers no choice).
 */
type PayPanelState = { lastResult: SubmissionResult<string[]> | undefined; submissionKey: string; fromAccounts: DebtAccount[] };

/**
 * The Pay panel of one debt: amount, date (today first) and, with a choice, the account it comes from (the
 * main account first), validated like the debt form (lazily in the browser, always on the server).
 */
function PayForm({ debt, today, pay, closeTo }: { debt: DebtItem; today: string; pay: PayPanelState; closeTo: string }) {
  const paying = useIsSubmitting({ intent: DEBT_INTENTS.pay });
  const panelId = debtPanelId(debt.id, "pay");
  useFocusOnOpen(panelId);
  const { fields, formProps } = useDebtForm({
    id: panelId,
    lastResult: pay.lastResult,
    defaultValue: { amount: "", date: today, fromAccountId: pay.fromAccounts[0]?.id ?? "" },
    schemaOf: (schemas) => schemas.PaymentSchema,
  });
  return (
    <Form {...formProps} tabIndex={-1} aria-label={`Pay ${debt.name}`} className="mt-4 scroll-mt-4 space-y-3 rounded-xl bg-slate-50 p-4 focus:outline-none">
      <input type="hidden" name="intent" value={DEBT_INTENTS.pay} />
      <input type="hidden" name="debtId" value={debt.id} />
      <SubmissionKeyField value={pay.submissionKey} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.amount.id} className="block text-sm font-medium text-slate-700">
            Payment Amount
          </label>
          <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" pattern={AMOUNT_PATTERN} required className={PAY_INPUT_CLASS} />
          <ErrorList id={fields.amount.errorId} errors={fields.amount.errors} />
        </div>
        <div>
          <label htmlFor={fields.date.id} className="block text-sm font-medium text-slate-700">
            Payment Date
          </label>
          <input {...getInputProps(fields.date, { type: "date" })} required className={PAY_INPUT_CLASS} />
          <ErrorList id={fields.date.errorId} errors={fields.date.errors} />
        </div>
        {pay.fromAccounts.length > 1 ? (
          <div>
            <label htmlFor={fields.fromAccountId.id} className="block text-sm font-medium text-slate-700">
              Pay from
            </label>
            <select {...getSelectProps(fields.fromAccountId)} className={PAY_INPUT_CLASS}>
              {pay.fromAccounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </select>
            <ErrorList id={fields.fromAccountId.errorId} errors={fields.fromAccountId.errors} />
          </div>
        ) : null}
      </div>
      {debt.accountName ? <p className="text-sm text-slate-600">Recorded as a transfer into {debt.accountName}: not counted as spending.</p> : null}
      <div className="flex justify-end gap-2">
        <Link to={closeTo} preventScrollReset className={LINK_CLASS}>
          Cancel
        </Link>
        <button type="submit" disabled={paying} className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-70">
          {paying ? <Spinner /> : null}
          Record Payment
        </button>
      </div>
    </Form>
  );
}

/** The Payment History panel of one debt, focused as it opens. */
function PaymentHistory({ debt, history, currency }: { debt: DebtItem; history: DebtPayment[]; currency: string }) {
  const panelId = debtPanelId(debt.id, "history");
  useFocusOnOpen(panelId);
  return (
    <section id={panelId} tabIndex={-1} aria-label={`Payment History of ${debt.name}`} className="mt-4 scroll-mt-4 rounded-xl bg-slate-50 p-4 focus:outline-none">
      <h4 className="text-sm font-semibold text-slate-900">Payment History</h4>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No payments recorded yet.</p>
      ) : (
        <ul className="mt-2 h-32 divide-y divide-slate-200 overflow-y-auto">
          {history.map((payment) => (
            <li key={payment.id} className="flex justify-between gap-3 py-1.5 text-sm">
              <span className="text-slate-500">{payment.date}</span>
              <span className="flex-1 truncate text-slate-700">{payment.description}</span>
              <span className="font-medium text-slate-900">{formatMoney(payment.amount, currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One debt on the tracker: figures, payoff, progress, and under them its open panel: Pay, Payment History,
 * or the Edit form (`editor`), each scrolled to and focused as it opens (decision 219).
 */
export function DebtCard({
  debt,
  currency,
  today,
  links,
  pay,
  history,
  editor,
}: {
  debt: DebtItem;
  currency: string;
  today: string;
  links: { edit: string; delete: string; pay: string; history: string; close: string };
  pay: PayPanelState | null;
  history: DebtPayment[] | null;
  editor: ReactNode;
}) {
  const paid = percentPaid(debt.totalAmount, debt.currentBalance);
  const headingId = `debt-${debt.id}-name`;
  return (
    <article id={debtCardId(debt.id)} aria-labelledby={headingId} className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {debt.name}
          </h3>
          <p className="text-sm text-slate-500">
            {DEBT_TYPE_LABELS[debt.type]}{" "}
            <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${PRIORITY_CLASSES[debt.priority]}`}>{DEBT_PRIORITY_LABELS[debt.priority]} priority</span>
          </p>
          {debt.accountId && debt.accountName ? (
            <p className="mt-1 text-sm text-slate-600">
              Linked to{" "}
              <Link to={accountPath(debt.accountId)} className="font-semibold text-brand-700 hover:underline">
                {debt.accountName}
              </Link>
              : its balance is what the account owes
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={links.pay} preventScrollReset className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
            Pay
          </Link>
          <Link to={links.history} preventScrollReset className={LINK_CLASS}>
            History
          </Link>
          <Link to={links.edit} preventScrollReset className={LINK_CLASS}>
            Edit
          </Link>
          <Link to={links.delete} preventScrollReset className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50">
            Delete
          </Link>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Detail label="Current Balance" value={formatMoney(debt.currentBalance, currency)} />
        <Detail label="Total Amount" value={formatMoney(debt.totalAmount, currency)} />
        <Detail label="Interest Rate" value={`${basisPointsToPercentText(debt.aprBasisPoints)}%`} />
        <Detail label="Minimum Payment" value={formatMoney(debt.minimumPayment, currency)} />
        <Detail label="Payoff Date" value={payoffText(debt, today)} />
        {debt.dueDate ? <Detail label="Due Date" value={debt.dueDate} /> : null}
      </dl>
      {debt.currentBalance < 0 ? (
        <p className="mt-3 text-sm font-medium text-amber-700">Overpaid by {formatMoney(-debt.currentBalance as typeof debt.currentBalance, currency)}</p>
      ) : null}
      {debt.description ? <p className="mt-3 text-sm text-slate-600">{debt.description}</p> : null}
      <div className="mt-4">
        <div className="flex justify-between text-sm text-slate-600">
          <span>Progress</span>
          <span>{paid.toFixed(1)}% paid</span>
        </div>
        <ProgressBar percent={paid} fillClass="bg-green-500" label={`${debt.name} paid off`} className="mt-1 h-2" />
      </div>
      {editor}
      {pay ? <PayForm debt={debt} today={today} pay={pay} closeTo={links.close} /> : null}
      {history ? <PaymentHistory debt={debt} history={history} currency={currency} /> : null}
    </article>
  );
}
