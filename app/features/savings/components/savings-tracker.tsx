import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FormActions, INPUT_CLASS, LabelledField, useIsSubmitting } from "~/components/ui/forms";
import { AMOUNT_PATTERN, centsToInput, formatMoney, type Cents } from "~/lib/money";
import { breakdownShares, formatRate, SAVINGS_INTENTS, SAVINGS_MESSAGES, SAVINGS_PATH, type SavingsGoalItem } from "../savings";
import { GoalProgressBar, withQuery } from "./savings-goals-manager";
import { useSavingsForm } from "./use-savings-form";
import { SECONDARY_BUTTON_CLASS } from "~/components/ui/buttons";

type TrackerFigures = {
  initialSavings: Cents;
  appTransactions: Cents;
  withdrawn: Cents;
  totalSaved: Cents;
  savingsRate: number;
  monthlyBudget: Cents;
};

function Figure({ label, value, testId, tone = "text-slate-900" }: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd data-testid={testId} className={`mt-1 text-xl font-semibold ${tone}`}>
        {value}
      </dd>
    </div>
  );
}

/** The initial savings, shown with its Edit link, or its form (`editing`); `lastResult` is the action's reply when it refused one. */
function InitialSavings({ cents, currency, editing, lastResult }: { cents: Cents; currency: string; editing: boolean; lastResult: SubmissionResult<string[]> | undefined }) {
  if (!editing) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-500">Initial Savings</p>
          <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <span data-testid="savings-initial">{formatMoney(cents, currency)}</span>
            {cents > 0 ? <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-700">Starting Balance</span> : null}
          </p>
        </div>
        <Link to={`${withQuery(SAVINGS_PATH, { initial: "edit" })}#initial-savings`} preventScrollReset className={SECONDARY_BUTTON_CLASS}>
          Edit
        </Link>
      </div>
    );
  }
  return <InitialSavingsForm cents={cents} lastResult={lastResult} />;
}

/** The initial savings' form: "$1,200" is read as 1200.00 and empty as 0, in the browser once the schema has arrived and on the server. */
function InitialSavingsForm({ cents, lastResult }: { cents: Cents; lastResult: SubmissionResult<string[]> | undefined }) {
  const pending = useIsSubmitting({ intent: SAVINGS_INTENTS.setInitial });
  const { fields, formProps } = useSavingsForm({
    id: "initial-savings",
    lastResult,
    defaultValue: { initialSavings: cents > 0 ? centsToInput(cents) : "" },
    schemaOf: (schemas) => schemas.InitialSavingsSchema,
  });
  const field = fields.initialSavings;
  return (
    <Form {...formProps} tabIndex={-1} aria-label="Initial Savings" className="space-y-3">
      <input type="hidden" name="intent" value={SAVINGS_INTENTS.setInitial} />
      <LabelledField id={field.id} label="Initial Savings" errors={field.errors} hint={SAVINGS_MESSAGES.initialHint}>
        <input
          {...getInputProps(field, { type: "text", ariaDescribedBy: `${field.id}-hint` })}
          inputMode="decimal"
          pattern={AMOUNT_PATTERN}
          placeholder="0.00"
          className={INPUT_CLASS}
        />
      </LabelledField>
      <FormActions cancelTo={SAVINGS_PATH} pending={pending} submitLabel="Save" />
    </Form>
  );
}

/** Block 1 of the savings panel: initial savings, the breakdown, the figures and the active goal's progress. */
export function SavingsTracker({
  figures,
  currency,
  activeGoal,
  initial,
}: {
  figures: TrackerFigures;
  currency: string;
  activeGoal: SavingsGoalItem | null;
  initial: { editing: boolean; lastResult: SubmissionResult<string[]> | undefined };
}) {
  const added = (figures.appTransactions - figures.withdrawn) as Cents;
  const shares = breakdownShares(figures.initialSavings, added);
  return (
    <section aria-labelledby="savings-tracker-heading" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="savings-tracker-heading" className="text-lg font-semibold text-slate-900">
        Savings Tracker
      </h2>
      <InitialSavings cents={figures.initialSavings} currency={currency} editing={initial.editing} lastResult={initial.lastResult} />
      {shares.initial + shares.added > 0 ? (
        <div>
          <div className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-full bg-blue-400" style={{ width: `${shares.initial}%` }} />
            <div className="h-full bg-green-500" style={{ width: `${shares.added}%` }} />
          </div>
          <ul className="mt-2 flex gap-4 text-sm text-slate-600" aria-label="Savings breakdown">
            <li className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-full bg-blue-400" aria-hidden="true" />
              Initial: {formatMoney(figures.initialSavings, currency)}
            </li>
            <li className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-full bg-green-500" aria-hidden="true" />
              Added: {formatMoney(added, currency)}
            </li>
          </ul>
        </div>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Total Saved" value={formatMoney(figures.totalSaved, currency)} testId="savings-total-saved" />
        <Figure label="Savings Rate" value={formatRate(figures.savingsRate)} testId="savings-rate" />
        <Figure label="App Transactions" value={formatMoney(figures.appTransactions, currency)} testId="savings-app-transactions" />
        <Figure label="Monthly Budget" value={formatMoney(figures.monthlyBudget, currency)} testId="savings-monthly-budget" />
        {figures.withdrawn > 0 ? <Figure label="Withdrawals" value={`-${formatMoney(figures.withdrawn, currency)}`} testId="savings-withdrawals-total" tone="text-red-600" /> : null}
      </dl>
      {activeGoal ? (
        <div data-testid="savings-goal-progress-box" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <p className="text-sm font-medium text-slate-500">Goal Progress</p>
          <p className="mt-1 font-semibold text-slate-900">
            {activeGoal.name}: {formatMoney(activeGoal.current, currency)} of {formatMoney(activeGoal.target, currency)} ({activeGoal.progress}%)
          </p>
          <div className="mt-2">
            <GoalProgressBar progress={activeGoal.progress} label={`${activeGoal.name} progress`} />
          </div>
          {activeGoal.progress >= 100 ? <p className="mt-2 text-sm font-semibold text-green-700">{SAVINGS_MESSAGES.goalAchieved}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
