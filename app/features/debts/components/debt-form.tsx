import { Form, useActionData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { FormActions, FormErrorBox, INPUT_CLASS, LabelledField, useIsSubmitting } from "~/components/ui/forms";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { AMOUNT_PATTERN, centsToInput } from "~/lib/money";
import { DEBT_ACTION, type DEBT_INTENTS, basisPointsToPercentText, DEBT_PRIORITY_LABELS, DEBT_TYPE_LABELS, type DebtItem } from "../debts";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";

type DebtFormValues = Record<"name" | "type" | "totalAmount" | "currentBalance" | "interestRate" | "minimumPayment" | "dueDate" | "priority" | "description", string>;

export const EMPTY_DEBT_VALUES: DebtFormValues = {
  name: "",
  type: "credit_card",
  totalAmount: "",
  currentBalance: "",
  interestRate: "",
  minimumPayment: "",
  dueDate: "",
  priority: "medium",
  description: "",
};

export function debtFormValues(debt: DebtItem): DebtFormValues {
  return {
    name: debt.name,
    type: debt.type,
    totalAmount: centsToInput(debt.totalAmount),
    currentBalance: centsToInput(debt.currentBalance),
    interestRate: basisPointsToPercentText(debt.aprBasisPoints),
    minimumPayment: centsToInput(debt.minimumPayment),
    dueDate: debt.dueDate ?? "",
    priority: debt.priority,
    description: debt.description,
  };
}

/** What the form shows after a refused submission: what was typed, so nothing is lost. */
export function valuesFromResult(result: SubmissionResult<string[]> | undefined, fallback: DebtFormValues): DebtFormValues {
  const typed = result?.initialValue as Partial<Record<keyof DebtFormValues, unknown>> | undefined;
  if (!typed) return fallback;
  const values = { ...fallback };
  for (const key of Object.keys(values) as Array<keyof DebtFormValues>) {
    if (typeof typed[key] === "string") values[key] = typed[key] as string;
  }
  return values;
}

/**
 * Add or edit a debt. Validated on the server (with and without JavaScript);
 * its messages come back in `result` and show under their fields.
 */
export function DebtForm({
  intent,
  debtId,
  values,
  result,
  title,
  submitLabel,
  cancelTo,
  submissionKey,
}: {
  intent: typeof DEBT_INTENTS.add | typeof DEBT_INTENTS.update;
  debtId?: string;
  /** A new debt's form carries its page's one-time key; an edit rewrites the same fields however often it is sent. */
  submissionKey?: string;
  values: DebtFormValues;
  result?: SubmissionResult<string[]>;
  title: string;
  submitLabel: string;
  cancelTo: string | null;
}) {
  const pending = useIsSubmitting({ intent });
  const formRef = useFocusFirstInvalid<HTMLFormElement>(useActionData());
  const errors = result?.error ?? {};
  const prefix = `debt-${intent}`;
  const fieldProps = (name: keyof DebtFormValues) => ({
    id: `${prefix}-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby": errors[name]?.length ? `${prefix}-${name}-error` : undefined,
    className: INPUT_CLASS,
  });
  return (
    <Form ref={formRef} method="post" action={DEBT_ACTION} preventScrollReset id="debt-form" aria-labelledby={`${prefix}-title`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" noValidate>
      <h2 id={`${prefix}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {debtId ? <input type="hidden" name="debtId" value={debtId} /> : null}
      {submissionKey ? <SubmissionKeyField value={submissionKey} /> : null}
      <FormErrorBox errors={errors[""]} />
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={`${prefix}-name`} label="Debt Name" errors={errors.name}>
          <input {...fieldProps("name")} type="text" required maxLength={100} placeholder="e.g. Visa card" />
        </LabelledField>
        <LabelledField id={`${prefix}-type`} label="Debt Type" errors={errors.type}>
          <select {...fieldProps("type")}>
            {Object.entries(DEBT_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField id={`${prefix}-totalAmount`} label="Total Amount" errors={errors.totalAmount}>
          <input {...fieldProps("totalAmount")} type="text" inputMode="decimal" pattern={AMOUNT_PATTERN} required placeholder="0.00" />
        </LabelledField>
        <LabelledField id={`${prefix}-currentBalance`} label="Current Balance" errors={errors.currentBalance}>
          <input {...fieldProps("currentBalance")} type="text" inputMode="decimal" pattern={AMOUNT_PATTERN} required placeholder="0.00" />
        </LabelledField>
        <LabelledField id={`${prefix}-interestRate`} label="Interest Rate (APR %)" errors={errors.interestRate}>
          <input {...fieldProps("interestRate")} type="text" inputMode="decimal" pattern={AMOUNT_PATTERN} required placeholder="0.00" />
        </LabelledField>
        <LabelledField id={`${prefix}-minimumPayment`} label="Minimum Payment" errors={errors.minimumPayment}>
          <input {...fieldProps("minimumPayment")} type="text" inputMode="decimal" pattern={AMOUNT_PATTERN} required placeholder="0.00" />
        </LabelledField>
        <LabelledField id={`${prefix}-dueDate`} label="Due Date (optional)" errors={errors.dueDate}>
          <input {...fieldProps("dueDate")} type="date" />
        </LabelledField>
        <LabelledField id={`${prefix}-priority`} label="Priority" errors={errors.priority}>
          <select {...fieldProps("priority")}>
            {Object.entries(DEBT_PRIORITY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </LabelledField>
      </div>
      <LabelledField id={`${prefix}-description`} label="Description (optional)" errors={errors.description}>
        <textarea {...fieldProps("description")} rows={2} maxLength={500} />
      </LabelledField>
      <FormActions cancelTo={cancelTo} pending={pending} submitLabel={submitLabel} />
    </Form>
  );
}
