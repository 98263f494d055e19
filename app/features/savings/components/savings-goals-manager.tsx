import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import type { $ZodType, input, output } from "zod/v4/core";
import { ProgressBar } from "~/components/ui/progress-bar";
import { PencilIcon, TrashIcon } from "~/components/ui/icons";
import { Form, Link } from "@remix-run/react";
import { ConfirmDialog, confirmHref } from "~/components/ui/confirm-dialog";
import { FormActions, FormErrorBox, INPUT_CLASS, LabelledField, useIsSubmitting } from "~/components/ui/forms";
import { AMOUNT_PATTERN, centsToInput, formatMoney } from "~/lib/money";
import {
  amountToGo,
  GOAL_NAME_MAX_LENGTH,
  NO_ACCOUNT_LABEL,
  PROGRESS_BAND_CLASSES,
  progressBand,
  SAVINGS_INTENTS,
  SAVINGS_MESSAGES,
  SAVINGS_PATH,
  type GoalAccountOption,
  type SavingsGoalItem,
} from "../savings";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";
import { useSavingsForm, type SavingsSchemas } from "./use-savings-form";
import { PRIMARY_BUTTON_CLASS } from "~/components/ui/buttons";

/** A refused goal form as the action sends it back: what was typed and the messages, field by field. */
export type RefusedGoalForm = { intent: typeof SAVINGS_INTENTS.addGoal | typeof SAVINGS_INTENTS.updateGoal; goalId: string; result: SubmissionResult<string[]> };

/** An account select with "No account" first, shown only when there is an account to choose. */
export function AccountField({ field, label, hint, accounts }: { field: Parameters<typeof getSelectProps>[0]; label: string; hint: string; accounts: GoalAccountOption[] }) {
  if (accounts.length === 0) return null;
  return (
    <LabelledField id={field.id} label={label} errors={field.errors} hint={hint}>
      <select {...getSelectProps(field, { ariaDescribedBy: `${field.id}-hint` })} className={INPUT_CLASS}>
        <option value="">{NO_ACCOUNT_LABEL}</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/** `base` (a path, maybe with a query) with `params` added: the panels live in the query so they open without JavaScript. */
export function withQuery(base: string, params: Record<string, string>) {
  const query = new URLSearchParams(params).toString();
  if (!query) return base;
  return `${base}${base.includes("?") ? "&" : "?"}${query}`;
}

/** A goal's progress bar: grey up to 50%, yellow above 50, blue above 75, green at 100. */
export function GoalProgressBar({ progress, label }: { progress: number; label: string }) {
  const band = progressBand(progress);
  return <ProgressBar percent={progress} fillClass={PROGRESS_BAND_CLASSES[band]} label={label} band={band} className="h-2.5" />;
}

/** Both goal schemas as one form's: a new goal's fields are the edited goal's but `current`. */
type GoalFormSchema = $ZodType<output<SavingsSchemas["EditGoalSchema"]>, input<SavingsSchemas["EditGoalSchema"]>>;

/** What the goal form shows first: the edited goal as typed text, or nothing for a new one. */
function defaultValueOf(goal: SavingsGoalItem | null) {
  if (!goal) return {};
  return { name: goal.name, target: centsToInput(goal.target), current: centsToInput(goal.current), deadline: goal.deadline, accountId: goal.accountId ?? "" };
}

/**
 * 'New Goal' or 'Edit Goal' (`goal` is the one edited). Validated in the browser once the schema has
 * arrived (useLazyForm) and always on the server, whose reply shows its messages under their fields
 * and keeps what was typed, with and without JavaScript.
 */
function GoalForm({
  goal,
  accounts,
  refused,
  action,
  returnTo,
  cancelTo,
  submissionKey,
}: {
  goal: SavingsGoalItem | null;
  accounts: GoalAccountOption[];
  submissionKey: string;
  refused: RefusedGoalForm | null;
  action: string;
  returnTo: string | null;
  cancelTo: string | null;
}) {
  const intent = goal ? SAVINGS_INTENTS.updateGoal : SAVINGS_INTENTS.addGoal;
  const pending = useIsSubmitting({ intent });
  const { form, fields, formProps } = useSavingsForm({
    id: "savings-goal-form",
    lastResult: refused?.intent === intent ? refused.result : undefined,
    defaultValue: defaultValueOf(goal),
    schemaOf: (schemas): GoalFormSchema => (goal ? schemas.EditGoalSchema : schemas.NewGoalSchema),
    action,
  });
  const amountProps = { type: "text", inputMode: "decimal", pattern: AMOUNT_PATTERN, placeholder: "0.00", className: INPUT_CLASS } as const;
  const titleId = goal ? `goal-edit-${goal.id}-title` : "goal-new-title";
  // The goal's own account stays offered when it may no longer be chosen, so saving never unlinks it unasked.
  const accountChoices = accounts.filter((account) => account.usable || account.id === goal?.accountId);
  return (
    <Form {...formProps} tabIndex={-1} aria-labelledby={titleId} className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 id={titleId} className="font-semibold text-slate-900">
        {goal ? "Edit Goal" : "New Goal"}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {goal ? <input type="hidden" name="goalId" value={goal.id} /> : null}
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <SubmissionKeyField value={submissionKey} />
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={fields.name.id} label="Goal Name" errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} required maxLength={GOAL_NAME_MAX_LENGTH} placeholder="e.g. Emergency Fund" className={INPUT_CLASS} />
        </LabelledField>
        <LabelledField id={fields.target.id} label="Target Amount" errors={fields.target.errors}>
          <input {...getInputProps(fields.target, { type: "text" })} {...amountProps} required />
        </LabelledField>
        {goal ? (
          <LabelledField
            id={fields.current.id}
            label="Current Amount"
            errors={fields.current.errors}
            hint={goal.accountId ? "Raising it moves the increase from your main account into the goal's account." : "Raising it records the increase as a savings transaction."}
          >
            <input {...getInputProps(fields.current, { type: "text" })} {...amountProps} />
          </LabelledField>
        ) : null}
        <LabelledField id={fields.deadline.id} label="Deadline" errors={fields.deadline.errors} hint={goal ? undefined : "Leave empty for one year from today."}>
          <input {...getInputProps(fields.deadline, { type: "date" })} className={INPUT_CLASS} />
        </LabelledField>
        <AccountField field={fields.accountId} label="Account" hint="Where the money is kept: contributions move into it from your main account." accounts={accountChoices} />
      </div>
      <FormActions cancelTo={cancelTo} pending={pending} submitLabel={goal ? "Update" : "Save"} />
    </Form>
  );
}

function GoalRow({
  goal,
  accountName,
  active,
  currency,
  action,
  returnTo,
  editTo,
  deleteTo,
}: {
  goal: SavingsGoalItem;
  accountName: string | null;
  active: boolean;
  currency: string;
  action: string;
  returnTo: string | null;
  editTo: string;
  deleteTo: string;
}) {
  const achieved = goal.progress >= 100;
  return (
    <li
      data-testid="savings-goal"
      data-active={active || undefined}
      aria-current={active || undefined}
      className={`rounded-xl border p-4 ${achieved ? "border-green-300 bg-green-50" : active ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <Form method="post" action={action} preventScrollReset className="min-w-0 flex-1">
          <input type="hidden" name="intent" value={SAVINGS_INTENTS.selectGoal} />
          <input type="hidden" name="goalId" value={goal.id} />
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          <button type="submit" className="block w-full text-left" aria-pressed={active} title="Select this goal">
            <span className="block truncate font-semibold text-slate-900">{goal.name}</span>
            <span className="block text-sm text-slate-600">
              {formatMoney(goal.current, currency)} of {formatMoney(goal.target, currency)} · due {goal.deadline}
            </span>
            {accountName ? <span className="block text-sm text-slate-600">In {accountName}</span> : null}
          </button>
        </Form>
        <div className="flex shrink-0 gap-1">
          <Link to={editTo} preventScrollReset aria-label={`Edit ${goal.name}`} className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
            <PencilIcon />
          </Link>
          <Link to={deleteTo} preventScrollReset aria-label={`Delete ${goal.name}`} className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700">
            <TrashIcon />
          </Link>
        </div>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <GoalProgressBar progress={goal.progress} label={`${goal.name} progress`} />
        <span data-testid="savings-goal-progress" className="w-12 text-right text-sm font-semibold text-slate-700">
          {goal.progress}%
        </span>
      </div>
      {achieved ? (
        <p className="mt-2 text-sm font-semibold text-green-700">{SAVINGS_MESSAGES.goalAchieved}</p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{formatMoney(amountToGo(goal.current, goal.target), currency)} to go</p>
      )}
    </li>
  );
}

/**
 * The savings goals list with its add / edit form and delete confirmation,
 * every step a link or a form, so it works without JavaScript. The panel
 * shown follows the query of `basePath` (`goal=new`, `goal=<id>`,
 * `deleteGoal=<id>`); the forms post to `action` (the savings route), which
 * goes back to `returnTo` (default the savings page) when done. The form
 * opens by itself while there are no goals.
 */
export function SavingsGoalsManager({
  goals,
  accounts,
  activeGoalId,
  currency,
  panel,
  refused = null,
  basePath = SAVINGS_PATH,
  action = SAVINGS_PATH,
  returnTo = null,
  submissionKey,
}: {
  goals: SavingsGoalItem[];
  /** The accounts a goal may be given, and those the goals name. */
  accounts: GoalAccountOption[];
  /** The page's one-time key: a goal added or raised twice by the same form is written once. */
  submissionKey: string;
  activeGoalId: string | null;
  currency: string;
  /** What the query opens: the new-goal form, a goal's edit form, or a goal's delete confirmation. */
  panel: { adding: boolean; editId: string | null; deleteId: string | null };
  refused?: RefusedGoalForm | null;
  basePath?: string;
  action?: string;
  returnTo?: string | null;
}) {
  const editId = refused?.intent === SAVINGS_INTENTS.updateGoal ? refused.goalId : panel.editId;
  const edited = goals.find((goal) => goal.id === editId) ?? null;
  const adding = !edited && (panel.adding || goals.length === 0 || refused?.intent === SAVINGS_INTENTS.addGoal);
  const toDelete = goals.find((goal) => goal.id === panel.deleteId);
  return (
    <section aria-labelledby="savings-goals-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="savings-goals-heading" className="text-lg font-semibold text-slate-900">
          Savings Goals
        </h2>
        {!adding && !edited ? (
          <Link to={`${withQuery(basePath, { goal: "new" })}#savings-goal-form`} preventScrollReset className={PRIMARY_BUTTON_CLASS}>
            Add Goal
          </Link>
        ) : null}
      </div>
      {edited ? (
        <GoalForm key={`edit-${edited.id}`} goal={edited} accounts={accounts} refused={refused} action={action} returnTo={returnTo} cancelTo={basePath} submissionKey={submissionKey} />
      ) : adding ? (
        <GoalForm key="new" goal={null} accounts={accounts} refused={refused} action={action} returnTo={returnTo} cancelTo={goals.length === 0 ? null : basePath} submissionKey={submissionKey} />
      ) : null}
      {goals.length === 0 ? (
        <p className="text-slate-600">{SAVINGS_MESSAGES.noGoals}</p>
      ) : (
        <ul className="space-y-3" aria-label="Savings goals">
          {goals.map((goal) => (
            <GoalRow
              key={goal.id}
              goal={goal}
              accountName={accounts.find((account) => account.id === goal.accountId)?.name ?? null}
              active={goal.id === activeGoalId}
              currency={currency}
              action={action}
              returnTo={returnTo}
              editTo={`${withQuery(basePath, { goal: goal.id })}#savings-goal-form`}
              deleteTo={confirmHref(withQuery(basePath, { deleteGoal: goal.id }))}
            />
          ))}
        </ul>
      )}
      {toDelete ? (
        <ConfirmDialog
          title="Delete Savings Goal"
          message={SAVINGS_MESSAGES.confirmDelete}
          action={action}
          fields={{ intent: SAVINGS_INTENTS.deleteGoal, goalId: toDelete.id, ...(returnTo ? { returnTo } : {}) }}
          cancelTo={basePath}
        />
      ) : null}
    </section>
  );
}
