import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { PRIMARY_BUTTON_CLASS } from "~/components/ui/buttons";
import { FormErrorBox, INPUT_CLASS, LabelledField, PendingContent, useIsSubmitting } from "~/components/ui/forms";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import type { AccountChoice, CategoryChoice } from "~/features/transactions/transactions";
import { centsToInput, toCents } from "~/lib/money";
import { loadRecurringSchemas } from "../load-schemas";
import { FREQUENCIES, FREQUENCY_LABELS } from "../occurrences";
import { RECURRING_INTENTS, SCHEDULE_NAME_MAX_LENGTH } from "../recurring";

/** A schedule as the form edits it. */
export type EditedSchedule = { name: string; type: "income" | "expense"; accountId: string | null; currency: string; amount: number; frequency: string; nextDate: string; category: string; remind: boolean; remindDaysBefore: number };

function defaultValueOf(schedule: EditedSchedule | null, today: string): Record<string, string | undefined> {
  if (!schedule) return { type: "expense", frequency: "monthly", nextDate: today, remindDaysBefore: "3" };
  return {
    name: schedule.name,
    type: schedule.type,
    accountId: schedule.accountId ?? "",
    amount: centsToInput(toCents(schedule.amount), schedule.currency),
    frequency: schedule.frequency,
    nextDate: schedule.nextDate,
    category: schedule.category,
    remind: schedule.remind ? "on" : undefined,
    remindDaysBefore: String(schedule.remindDaysBefore),
  };
}

/**
 * Add a recurring bill or paycheck by hand, or edit one kept (`schedule`). Its categories are offered in two
 * groups, bills' and paychecks': the server checks that the one chosen fits the way, so the form needs no
 * script. Validated in the browser once the schema has arrived, always on the server.
 */
export function ScheduleForm({
  action,
  schedule,
  today,
  accounts,
  categories,
  mainCurrency,
  lastResult,
  submissionKey,
}: {
  action: string;
  schedule: EditedSchedule | null;
  today: string;
  accounts: AccountChoice[];
  categories: CategoryChoice[];
  mainCurrency: string;
  lastResult: SubmissionResult<string[]> | undefined;
  submissionKey?: string;
}) {
  const intent = schedule ? RECURRING_INTENTS.save : RECURRING_INTENTS.add;
  const pending = useIsSubmitting({ formAction: action, intent });
  const ref = useFocusFirstInvalid<HTMLFormElement>(useActionData());
  const { form, fields, formProps } = useLazyForm({
    id: `${intent}-form`,
    lastResult,
    defaultValue: defaultValueOf(schedule, today),
    loadSchemas: loadRecurringSchemas,
    schemaOf: (schemas) => schemas.scheduleFormSchema(currency),
  });
  const currency: string = accounts.find((account) => account.id === fields.accountId.value)?.currency ?? accounts[0]?.currency ?? mainCurrency;
  const byType = (type: "income" | "expense") => categories.filter((category) => category.type === type);
  return (
    <Form {...formProps} ref={ref} method="post" action={action} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {submissionKey ? <SubmissionKeyField value={submissionKey} /> : null}
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={fields.name.id} label="Name" errors={fields.name.errors} hint="As your bank describes it helps: payments are matched by it.">
          <input {...getInputProps(fields.name, { type: "text", ariaDescribedBy: `${fields.name.id}-hint` })} required maxLength={SCHEDULE_NAME_MAX_LENGTH} placeholder="e.g. Rent" className={INPUT_CLASS} />
        </LabelledField>
        <LabelledField id={fields.type.id} label="Bill or paycheck" errors={fields.type.errors}>
          <select {...getSelectProps(fields.type)} className={INPUT_CLASS}>
            <option value="expense">Bill (money out)</option>
            <option value="income">Paycheck (money in)</option>
          </select>
        </LabelledField>
        <LabelledField id={fields.amount.id} label={`Amount (${currency})`} errors={fields.amount.errors}>
          <input {...getInputProps(fields.amount, { type: "text" })} required inputMode="decimal" autoComplete="off" placeholder={centsToInput(toCents(0), currency)} className={INPUT_CLASS} />
        </LabelledField>
        <LabelledField id={fields.frequency.id} label="How often" errors={fields.frequency.errors}>
          <select {...getSelectProps(fields.frequency)} className={INPUT_CLASS}>
            {FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField id={fields.nextDate.id} label="Next due date" errors={fields.nextDate.errors}>
          <input {...getInputProps(fields.nextDate, { type: "date" })} required className={INPUT_CLASS} />
        </LabelledField>
        {accounts.length > 0 ? (
          <LabelledField id={fields.accountId.id} label="Account" errors={fields.accountId.errors}>
            <select {...getSelectProps(fields.accountId)} className={INPUT_CLASS}>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name} ({account.currency})
                </option>
              ))}
            </select>
          </LabelledField>
        ) : null}
        <LabelledField id={fields.category.id} label="Category" errors={fields.category.errors}>
          <select {...getSelectProps(fields.category)} className={INPUT_CLASS}>
            <option value="">No category yet</option>
            <optgroup label="For bills">
              {byType("expense").map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="For paychecks">
              {byType("income").map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </optgroup>
          </select>
        </LabelledField>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Reminders</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input {...getInputProps(fields.remind, { type: "checkbox" })} className="h-4 w-4 rounded border-slate-300 text-brand-600" />
          Email me before a bill is due
        </label>
        <LabelledField id={fields.remindDaysBefore.id} label="Days before" errors={fields.remindDaysBefore.errors}>
          <input {...getInputProps(fields.remindDaysBefore, { type: "number" })} min={0} max={30} className={`${INPUT_CLASS} max-w-[8rem]`} />
        </LabelledField>
      </fieldset>
      <div className="flex justify-end">
        <button type="submit" disabled={pending} className={PRIMARY_BUTTON_CLASS}>
          <PendingContent pending={pending} pendingLabel="Saving…">{schedule ? "Save" : "Add recurring bill"}</PendingContent>
        </button>
      </div>
    </Form>
  );
}
