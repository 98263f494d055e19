import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { PRIMARY_BUTTON_CLASS } from "~/components/ui/buttons";
import { FormErrorBox, INPUT_CLASS, LabelledField, PendingContent, useIsSubmitting } from "~/components/ui/forms";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { CurrencyOptions } from "~/components/ui/currency-options";
import type { Currency } from "~/lib/currency";
import { centsToInput, toCents } from "~/lib/money";
import { ACCOUNT_KIND_LABELS, ACCOUNT_NAME_MAX_LENGTH, type ACCOUNTS_INTENTS, type AccountSummary } from "../accounts";
import { loadAccountSchemas } from "../load-schemas";

const OPENING_BALANCE_HINT = "What the account held on that day. For a credit card or loan, what you owed, with a minus sign: -350.00";

/** What the form shows first: the edited account as typed text, or a new account's choices. */
function defaultValueOf(account: AccountSummary | undefined, today: string, reportingCurrency: string): Record<string, string | undefined> {
  if (!account) return { kind: "checking", onBudget: "on", openingDate: today, currency: reportingCurrency };
  return {
    name: account.name,
    kind: account.kind,
    onBudget: account.onBudget ? "on" : undefined,
    openingBalance: centsToInput(account.openingBalance, account.currency),
    openingDate: account.openingDate,
  };
}

/**
 * Add or edit an account (`account` is the one edited), posting to `action`. Validated in the browser
 * once the schema has arrived (useLazyForm) and always on the server, whose reply (`lastResult`) shows
 * its messages under their fields and keeps what was typed, with and without JavaScript. A new account's
 * currency is chosen here (the reporting currency first); an account's currency is fixed once it exists.
 */
export function AccountForm({
  intent,
  action,
  account,
  today,
  lastResult,
  submissionKey,
  submitLabel,
  pendingLabel,
  reportingCurrency,
  otherCurrencies,
}: {
  intent: typeof ACCOUNTS_INTENTS.add | typeof ACCOUNTS_INTENTS.update;
  reportingCurrency: string;
  /** The currencies a new account may be in after the featured ones (none needed to edit one). */
  otherCurrencies?: readonly Currency[];
  /** A new account's form carries its page's one-time key: sent twice, it adds one account. */
  submissionKey?: string;
  action: string;
  account?: AccountSummary;
  today: string;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  pendingLabel: string;
}) {
  const pending = useIsSubmitting({ formAction: action, intent });
  const ref = useFocusFirstInvalid<HTMLFormElement>(useActionData());
  const { form, fields, formProps } = useLazyForm({
    id: `${intent}-form`,
    lastResult,
    defaultValue: defaultValueOf(account, today, reportingCurrency),
    loadSchemas: loadAccountSchemas,
    schemaOf: (schemas) => schemas.accountSchema(currency),
  });
  const currency: string = account?.currency ?? fields.currency.value ?? reportingCurrency;
  return (
    <Form {...formProps} ref={ref} method="post" action={action} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {submissionKey ? <SubmissionKeyField value={submissionKey} /> : null}
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={fields.name.id} label="Name" errors={fields.name.errors}>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            required
            maxLength={ACCOUNT_NAME_MAX_LENGTH}
            placeholder="e.g. Visa card"
            className={INPUT_CLASS}
          />
        </LabelledField>
        <LabelledField id={fields.kind.id} label="Type" errors={fields.kind.errors}>
          <select {...getSelectProps(fields.kind)} className={INPUT_CLASS}>
            {Object.entries(ACCOUNT_KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </LabelledField>
        {account ? null : (
          <LabelledField id={fields.currency.id} label="Currency" errors={fields.currency.errors}>
            <select {...getSelectProps(fields.currency)} className={INPUT_CLASS}>
              <CurrencyOptions others={otherCurrencies ?? []} />
            </select>
          </LabelledField>
        )}
        <LabelledField id={fields.openingBalance.id} label={account ? `Opening balance (${account.currency})` : "Opening balance"} errors={fields.openingBalance.errors} hint={OPENING_BALANCE_HINT}>
          {/* No decimal keypad: phones' decimal keypads have no minus sign, which a debt's balance needs. */}
          <input
            {...getInputProps(fields.openingBalance, { type: "text", ariaDescribedBy: `${fields.openingBalance.id}-hint` })}
            autoComplete="off"
            placeholder={centsToInput(toCents(0), currency)}
            className={INPUT_CLASS}
          />
        </LabelledField>
        <LabelledField id={fields.openingDate.id} label="Opening date" errors={fields.openingDate.errors}>
          <input {...getInputProps(fields.openingDate, { type: "date" })} required className={INPUT_CLASS} />
        </LabelledField>
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input {...getInputProps(fields.onBudget, { type: "checkbox" })} className="h-4 w-4 rounded border-slate-300 text-brand-600" />
          Count in the budget
        </label>
        <p className="mt-1 text-xs text-slate-500">Untick for an account you only track, such as a mortgage or investments: it counts in your net worth, not in your budget.</p>
      </div>
      <div className="flex justify-end">
        <button type="submit" disabled={pending} className={PRIMARY_BUTTON_CLASS}>
          <PendingContent pending={pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </PendingContent>
        </button>
      </div>
    </Form>
  );
}
