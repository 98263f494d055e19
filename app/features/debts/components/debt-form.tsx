import { Form, Link } from "@remix-run/react";
import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { FormActions, FormErrorBox, INPUT_CLASS, LabelledField, useIsSubmitting } from "~/components/ui/forms";
import { AMOUNT_PATTERN, centsToInput, toCents } from "~/lib/money";
import { ACCOUNTS_PATH } from "~/features/accounts/accounts";
import { accountChoiceLabel, type DEBT_INTENTS, basisPointsToPercentText, DEBT_PRIORITY_LABELS, DEBT_TYPE_LABELS, type DebtAccount, type DebtItem } from "../debts";
import { useDebtForm } from "./use-debt-form";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";
import { useFocusOnOpen } from "~/components/ui/use-focus-on-open";

/** What the form shows first: the edited debt as typed text, or a new debt's choices. */
function defaultValueOf(debt: DebtItem | undefined): Record<string, string> {
  if (!debt) return { type: "credit_card", priority: "medium" };
  return {
    name: debt.name,
    type: debt.type,
    totalAmount: centsToInput(debt.totalAmount),
    // A linked debt's balance is its account's: shown here so that unlinking keeps it, never below zero.
    currentBalance: centsToInput(debt.accountId ? toCents(Math.max(0, debt.currentBalance)) : debt.currentBalance),
    interestRate: basisPointsToPercentText(debt.aprBasisPoints),
    minimumPayment: centsToInput(debt.minimumPayment),
    dueDate: debt.dueDate ?? "",
    priority: debt.priority,
    description: debt.description,
    accountId: debt.accountId ?? "",
  };
}

/**
 * Add or edit a debt (`debt` is the one edited). Validated in the browser once the schema has
 * arrived (useLazyForm) and always on the server, whose reply (`lastResult`) shows its
 * messages under their fields and keeps what was typed, with and without JavaScript. With `panelId`
 * it is a debt card's Edit panel: inside the card, under its figures, and focused as it opens.
 */
export function DebtForm({
  intent,
  debt,
  accounts,
  lastResult,
  title,
  submitLabel,
  cancelTo,
  submissionKey,
  panelId,
}: {
  intent: typeof DEBT_INTENTS.add | typeof DEBT_INTENTS.update;
  debt?: DebtItem;
  /** The accounts it may be linked to (linkableAccounts). */
  accounts: DebtAccount[];
  /** A new debt's form carries its page's one-time key; an edit rewrites the same fields however often it is sent. */
  submissionKey?: string;
  lastResult?: SubmissionResult<string[]>;
  title: string;
  submitLabel: string;
  cancelTo: string | null;
  panelId?: string;
}) {
  const pending = useIsSubmitting({ intent });
  useFocusOnOpen(panelId ?? null);
  const { form, fields, formProps } = useDebtForm({ id: panelId ?? "debt-form", lastResult, defaultValue: defaultValueOf(debt), schemaOf: (schemas) => schemas.DebtSchema });
  const amountProps = { type: "text", inputMode: "decimal", pattern: AMOUNT_PATTERN, placeholder: "0.00", className: INPUT_CLASS } as const;
  const titleId = `debt-${intent}-title`;
  // Inside a card, under its name (h3).
  const Title = panelId ? "h4" : "h2";
  return (
    <Form
      {...formProps}
      aria-labelledby={titleId}
      tabIndex={panelId ? -1 : undefined}
      className={panelId ? "mt-4 scroll-mt-4 space-y-4 rounded-xl bg-slate-50 p-4 focus:outline-none" : "space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"}
    >
      <Title id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </Title>
      <input type="hidden" name="intent" value={intent} />
      {debt ? <input type="hidden" name="debtId" value={debt.id} /> : null}
      {submissionKey ? <SubmissionKeyField value={submissionKey} /> : null}
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={fields.name.id} label="Debt Name" errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} required maxLength={100} placeholder="e.g. Visa card" className={INPUT_CLASS} />
        </LabelledField>
        <LabelledField id={fields.type.id} label="Debt Type" errors={fields.type.errors}>
          <select {...getSelectProps(fields.type)} className={INPUT_CLASS}>
            {Object.entries(DEBT_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </LabelledField>
        <div className="sm:col-span-2">
          <LabelledField id={fields.accountId.id} label="Account" errors={fields.accountId.errors}>
            <select {...getSelectProps(fields.accountId, { ariaDescribedBy: `${fields.accountId.id}-hint` })} className={INPUT_CLASS}>
              <option value="">Not linked</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {accountChoiceLabel(account)}
                </option>
              ))}
            </select>
          </LabelledField>
          <p id={`${fields.accountId.id}-hint`} className="mt-1 text-xs text-slate-500">
            {accounts.length > 0 ? (
              "Linked to its card or loan account, the debt owes what the account owes, and paying it is a transfer into the account."
            ) : (
              <>
                To link the debt to its card or loan account,{" "}
                <Link to={ACCOUNTS_PATH} className="font-semibold text-brand-700 hover:underline">
                  add the account
                </Link>{" "}
                first.
              </>
            )}
          </p>
        </div>
        <LabelledField id={fields.totalAmount.id} label="Total Amount" errors={fields.totalAmount.errors}>
          <input {...getInputProps(fields.totalAmount, { type: "text" })} {...amountProps} required />
        </LabelledField>
        <LabelledField id={fields.currentBalance.id} label="Current Balance" errors={fields.currentBalance.errors} hint="Leave empty when the debt is linked to an account.">
          <input {...getInputProps(fields.currentBalance, { type: "text", ariaDescribedBy: `${fields.currentBalance.id}-hint` })} {...amountProps} />
        </LabelledField>
        <LabelledField id={fields.interestRate.id} label="Interest Rate (APR %)" errors={fields.interestRate.errors}>
          <input {...getInputProps(fields.interestRate, { type: "text" })} {...amountProps} required />
        </LabelledField>
        <LabelledField id={fields.minimumPayment.id} label="Minimum Payment" errors={fields.minimumPayment.errors}>
          <input {...getInputProps(fields.minimumPayment, { type: "text" })} {...amountProps} required />
        </LabelledField>
        <LabelledField id={fields.dueDate.id} label="Due Date (optional)" errors={fields.dueDate.errors}>
          <input {...getInputProps(fields.dueDate, { type: "date" })} className={INPUT_CLASS} />
        </LabelledField>
        <LabelledField id={fields.priority.id} label="Priority" errors={fields.priority.errors}>
          <select {...getSelectProps(fields.priority)} className={INPUT_CLASS}>
            {Object.entries(DEBT_PRIORITY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </LabelledField>
      </div>
      <LabelledField id={fields.description.id} label="Description (optional)" errors={fields.description.errors}>
        <textarea {...getTextareaProps(fields.description)} rows={2} maxLength={500} className={INPUT_CLASS} />
      </LabelledField>
      <FormActions cancelTo={cancelTo} pending={pending} submitLabel={submitLabel} />
    </Form>
  );
}
