import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent, type ReactNode } from "react";
import { ErrorList, Field, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { centsToInput, parseAmountToCents, toCents } from "~/lib/money";
import {
  DESCRIPTION_MAX_LENGTH,
  expectedCategoryType,
  isSplitPartCategory,
  formCurrency,
  transferChoice,
  transferCurrency,
  transferLabel,
  type AccountChoice,
  type CategoryChoice,
  TRANSACTION_FORM_TITLE_ID,
  type TransactionType,
} from "~/features/transactions/transactions";
import { useHydrated } from "~/utils/use-hydrated";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { useReturnFocusState } from "~/components/ui/return-focus";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";

const loadTransactionSchema = () => import("~/features/transactions/schema");

/**
 * The Add/Edit transaction page. Without JavaScript it is a page of its own;
 * once JavaScript runs it shows as a modal over a dimmed backdrop, where
 * Escape or a click on the backdrop is Cancel (back to `closeTo`, focus on the link that opened it).
 */
export function TransactionFormDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const returnFocus = useReturnFocusState();
  const dialog = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A modal dialog holds focus: it starts on the title, unless the visitor is already in the form.
  useEffect(() => {
    if (hydrated && !dialog.current?.contains(document.activeElement)) heading.current?.focus();
  }, [hydrated]);

  useEffect(() => {
    if (!hydrated) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { state: returnFocus });
    };
    document.addEventListener("keydown", closeOnEscape);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", closeOnEscape);
      document.body.style.overflow = overflow;
    };
  }, [hydrated, navigate, closeTo, returnFocus]);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop is a pointer shortcut; Escape closes for keyboards
    <div
      className={hydrated ? "fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-900/50 p-4" : ""}
      data-testid="transaction-form-backdrop"
      onMouseDown={(event) => {
        if (hydrated && event.target === event.currentTarget) navigate(closeTo, { state: returnFocus });
      }}
    >
      <section
        ref={dialog}
        role={hydrated ? "dialog" : undefined}
        aria-modal={hydrated || undefined}
        aria-labelledby={TRANSACTION_FORM_TITLE_ID}
        className={`w-full max-w-lg rounded-2xl bg-white p-6 ${hydrated ? "max-h-full overflow-y-auto shadow-xl" : "mx-auto border border-slate-200 shadow-sm"}`}
      >
        <h2 ref={heading} id={TRANSACTION_FORM_TITLE_ID} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </section>
    </div>
  );
}

type TransactionFormDefaults = {
  type: TransactionType;
  amount: string;
  category: string;
  date: string;
  description: string;
  showExpenseCategories: boolean;
  /** The parts of a split expense (amounts as typed); empty when it is not split. */
  splits: Array<{ category: string; amount: string }>;
  /** The account that holds it, when the form offers a choice. */
  accountId?: string;
  /** The rate the user typed for an account in another currency (empty: the day's reference rate). */
  rate?: string;
  /** Its tags' names, separated by commas. */
  tags?: string;
};

type SplitPart = { category: string; amount: string };
const EMPTY_PART: SplitPart = { category: "", amount: "" };

const sumOfParts = (parts: Array<Partial<SplitPart> | undefined> | undefined, currency: string) =>
  (parts ?? []).reduce((sum, part) => sum + (parseAmountToCents(part?.amount ?? "", currency) ?? 0), 0);

/**
 * The parts of a split expense: a category and an amount each, with buttons
 * that add and remove rows. They are conform's list intents, so without
 * JavaScript each one posts the form and the page comes back with the rows changed.
 */
function SplitEditor<Schema extends Record<string, unknown>>({
  form,
  splits,
  total,
  categories,
  currency,
}: {
  form: FormMetadata<Schema, string[]>;
  splits: FieldMetadata<SplitPart[], Schema, string[]>;
  total: string | undefined;
  categories: CategoryChoice[];
  currency: string;
}) {
  const rows = splits.getFieldList();
  const choices = categories.filter((category) => category.type === "expense" && isSplitPartCategory(category.id));
  const totalCents = parseAmountToCents(total ?? "", currency);
  const assigned = sumOfParts(splits.value as Array<Partial<SplitPart>> | undefined, currency);
  const secondaryButton = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50";
  return (
    <fieldset className="space-y-4 sm:space-y-2" aria-describedby={splits.errors?.length ? splits.errorId : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Split across categories</legend>
      {rows.map((row, index) => {
        const part = row.getFieldset();
        return (
          <div key={row.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_7rem_auto]">
            {/* On a phone the category takes the whole row, so its name is not cut short. */}
            <div className="col-span-2 space-y-1 sm:col-span-1">
              <label htmlFor={part.category.id} className="sr-only">
                Category of part {index + 1}
              </label>
              <select {...getSelectProps(part.category)} className={SELECT_CLASS}>
                <option value="">Select a category</option>
                {choices.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
              <ErrorList id={part.category.errorId} errors={part.category.errors} />
            </div>
            <div className="space-y-1">
              <label htmlFor={part.amount.id} className="sr-only">
                Amount of part {index + 1}
              </label>
              <input
                {...getInputProps(part.amount, { type: "text" })}
                inputMode="decimal"
                placeholder="0.00"
                autoComplete="off"
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400"
              />
              <ErrorList id={part.amount.errorId} errors={part.amount.errors} />
            </div>
            <button
              {...form.remove.getButtonProps({ name: splits.name, index })}
              aria-label={`Remove part ${index + 1}`}
              className="rounded-lg px-2 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              Remove
            </button>
          </div>
        );
      })}
      <p aria-live="polite" className="text-sm text-slate-600">
        Assigned {centsToInput(toCents(assigned), currency)}
        {totalCents ? ` of ${centsToInput(totalCents, currency)}${totalCents !== assigned ? `, ${centsToInput(toCents(totalCents - assigned), currency)} left` : ""}` : ""}
      </p>
      <ErrorList id={splits.errorId} errors={splits.errors} />
      <div className="flex flex-wrap gap-2">
        <button {...form.insert.getButtonProps({ name: splits.name, defaultValue: EMPTY_PART })} className={secondaryButton}>
          Add a category
        </button>
        <button {...form.update.getButtonProps({ name: splits.name, value: [] })} className={secondaryButton}>
          Don&apos;t split
        </button>
      </div>
    </fieldset>
  );
}

const SELECT_CLASS =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400";

const CATEGORY_GROUPS = [
  { type: "income", label: "Income categories" },
  { type: "expense", label: "Expense categories" },
] as const;

const TRANSFER_GROUPS = [
  { type: "expense", group: "transfer-out", label: "Transfer to account" },
  { type: "income", group: "transfer-in", label: "Transfer from account" },
] as const;

/**
 * The category options in two groups, and with several accounts a transfer
 * to (or from) each one. Which group shows is decided in CSS
 * (`.transaction-form` in tailwind.css) from the checked type and switch, so
 * the markup never depends on React state: the server and the hydrated page
 * render the same options, and a choice made before hydration survives it.
 */
/** An account as the form names it: with its currency when the user's accounts are in several. */
function accountLabel(account: AccountChoice, showCurrency: boolean) {
  return showCurrency ? `${account.name} (${account.currency})` : account.name;
}

function CategoryOptions({ categories, accounts }: { categories: CategoryChoice[]; accounts: AccountChoice[] }) {
  return (
    <>
      {CATEGORY_GROUPS.map((group) => (
        <optgroup key={group.type} label={group.label} data-category-group={group.type}>
          {categories
            .filter((category) => category.type === group.type)
            .map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
        </optgroup>
      ))}
      {accounts.length > 1
        ? TRANSFER_GROUPS.map(({ type, group, label }) => (
            <optgroup key={group} label={label} data-category-group={group}>
              {accounts.map((account) => (
                <option key={account.id} value={transferChoice(type, account.id)}>
                  {transferLabel(type, account.name)}
                </option>
              ))}
            </optgroup>
          ))
        : null}
    </>
  );
}

/**
 * Type toggle, Amount, Category (or a transfer to/from another account),
 * 'Show expense categories' (income only), Account, Date and Description. The category list follows the type and the switch
 * (in CSS, so also without JavaScript); the server still checks the choice,
 * since some browsers list hidden options anyway.
 */
export function TransactionForm({
  id,
  action,
  lastResult,
  categories,
  accounts,
  mainCurrency,
  reportingCurrency,
  keptTransferTo = null,
  defaults,
  redirectTo,
  submissionKey,
  submitLabel,
  pendingLabel,
}: {
  id: string;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  categories: CategoryChoice[];
  /** The open accounts to choose from; none when the user has one (the ledger's main account). */
  accounts: AccountChoice[];
  /** The main account's currency: amounts are typed in it when no account is offered. */
  mainCurrency: string;
  /** The user's reporting currency: an account in another asks for an optional rate. */
  reportingCurrency: string;
  /** The other account of the transfer edited: its other side keeps its amount unless a new one is typed. */
  keptTransferTo?: string | null;
  defaults: TransactionFormDefaults;
  redirectTo: string;
  /** A new transaction's form carries its page's one-time key; an edit rewrites the same fields however often it is sent. */
  submissionKey?: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const isSubmitting = useIsSubmitting({ formAction: action });
  const returnFocus = useReturnFocusState();
  const { form, fields, formProps } = useLazyForm({
    id,
    lastResult,
    defaultValue: { ...defaults, showExpenseCategories: defaults.showExpenseCategories ? "on" : undefined },
    loadSchemas: loadTransactionSchema,
    schemaOf: (schemas) => schemas.transactionSchema(categories, accounts, currency, { otherCurrency: otherCurrency ?? currency, keptTransferTo }),
  });
  const hydrated = useHydrated();
  const currency = formCurrency(accounts, fields.accountId.value, mainCurrency);
  const foreignAccounts = accounts.some((account) => account.currency !== reportingCurrency) || mainCurrency !== reportingCurrency;
  const severalCurrencies = new Set([mainCurrency, ...accounts.map((account) => account.currency)]).size > 1;
  const otherCurrency: string | null = transferCurrency(accounts, fields.category.value);
  // Without JavaScript the form cannot tell which transfer is chosen: it always offers the field when the accounts are in several currencies.
  const asksTransferAmount = severalCurrencies && (!hydrated || (otherCurrency !== null && otherCurrency !== currency));
  const splitting = fields.splits.getFieldList().length > 0;

  /**
   * Changing the type or the switch clears a chosen category the new choice
   * hides, rather than submitting it unseen. It reads the form itself: the
   * type may have been toggled before hydration, which conform never saw.
   */
  const clearHiddenCategory = (event: ChangeEvent<HTMLInputElement>) => {
    const values = new FormData(event.currentTarget.form!);
    const type = values.get(fields.type.name) === "income" ? "income" : "expense";
    const shownType = expectedCategoryType(type, values.has(fields.showExpenseCategories.name));
    const chosen = values.get(fields.category.name);
    if (chosen && categories.find((category) => category.id === chosen)?.type !== shownType) {
      form.update({ name: fields.category.name, value: "" });
    }
  };

  return (
    <Form method="post" action={action} className="transaction-form space-y-4" {...formProps}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {submissionKey ? <SubmissionKeyField value={submissionKey} /> : null}
      <FormErrorBox id={form.errorId} errors={form.errors} />

      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Type</legend>
        <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
          {(["expense", "income"] as const).map((option) => (
            <label
              key={option}
              className={`relative rounded-lg px-3 py-2 text-center text-sm font-semibold text-slate-600 has-[:checked]:bg-white has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                option === "expense" ? "has-[:checked]:text-red-700" : "has-[:checked]:text-emerald-700"
              }`}
            >
              <input
                {...getInputProps(fields.type, { type: "radio", value: option })}
                onChange={clearHiddenCategory}
                className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
              />
              {option === "expense" ? "Expense" : "Income"}
            </label>
          ))}
        </div>
      </fieldset>

      <Field
        label={foreignAccounts ? `Amount (${currency})` : "Amount"}
        inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", placeholder: centsToInput(toCents(0), currency), autoComplete: "off", autoFocus: true }}
        errors={fields.amount.errors}
      />

      {splitting ? (
        <SplitEditor form={form} splits={fields.splits} total={fields.amount.value} categories={categories} currency={currency} />
      ) : (
        <div className="space-y-1">
          <label htmlFor={fields.category.id} className="block text-sm font-medium text-slate-700">
            Category
          </label>
          <select {...getSelectProps(fields.category)} className={SELECT_CLASS}>
            <option value="">Select a category</option>
            <CategoryOptions categories={categories} accounts={accounts} />
          </select>
          <ErrorList id={fields.category.errorId} errors={fields.category.errors} />
          <button
            {...form.update.getButtonProps({ name: fields.splits.name, value: [EMPTY_PART, EMPTY_PART] })}
            data-expense-only
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            Split across categories
          </button>
        </div>
      )}

      <div data-offset-switch className="space-y-1">
        <label className="relative flex cursor-pointer items-center gap-3">
          <input
            {...getInputProps(fields.showExpenseCategories, { type: "checkbox" })}
            onChange={clearHiddenCategory}
            // A native checkbox states its own checked state; ARIA in HTML forbids aria-checked on it.
            // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
            role="switch"
            className="peer absolute left-0 top-0 z-10 h-6 w-11 cursor-pointer opacity-0"
          />
          <span
            aria-hidden="true"
            className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-brand-600 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500"
          />
          <span className="text-sm font-medium text-slate-700">Show expense categories</span>
        </label>
        <p className="text-xs text-slate-500">Record a refund or reimbursement against an expense category (an offset).</p>
      </div>

      {accounts.length > 0 ? (
        <div className="space-y-1">
          <label htmlFor={fields.accountId.id} className="block text-sm font-medium text-slate-700">
            Account
          </label>
          <select {...getSelectProps(fields.accountId)} className={SELECT_CLASS}>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {accountLabel(account, severalCurrencies)}
              </option>
            ))}
          </select>
          <ErrorList id={fields.accountId.errorId} errors={fields.accountId.errors} />
        </div>
      ) : null}

      {asksTransferAmount ? (
        <Field
          label={hydrated && otherCurrency ? `Amount in the other account (${otherCurrency})` : "Amount in the other account"}
          hint="For a transfer between accounts in two currencies: what arrived in, or left, the other account, as its bank shows it. Leave it empty otherwise; when editing, empty keeps the other side as it is."
          inputProps={{ ...getInputProps(fields.transferAmount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
          errors={fields.transferAmount.errors}
        />
      ) : null}

      {foreignAccounts ? (
        <Field
          label="Exchange rate (optional)"
          hint={`For an account in another currency: what one unit of it cost you in ${reportingCurrency}, as your bank charged it. Left empty, the European Central Bank's rate of the day is used.`}
          inputProps={{ ...getInputProps(fields.rate, { type: "text" }), inputMode: "decimal", placeholder: "e.g. 1.0832", autoComplete: "off" }}
          errors={fields.rate.errors}
        />
      ) : null}

      <Field label="Date" inputProps={getInputProps(fields.date, { type: "date" })} errors={fields.date.errors} />

      <Field
        label="Description"
        inputProps={{ ...getInputProps(fields.description, { type: "text" }), maxLength: DESCRIPTION_MAX_LENGTH, placeholder: "Optional" }}
        errors={fields.description.errors}
      />

      <Field
        label="Tags"
        hint="Optional. Separate tags with commas, e.g. Trip to Lisbon, Gifts."
        inputProps={{ ...getInputProps(fields.tags, { type: "text" }), autoComplete: "off" }}
        errors={fields.tags.errors}
      />

      <div className="flex justify-end gap-3 pt-2">
        <Link to={redirectTo} state={returnFocus} className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50">
          Cancel
        </Link>
        <SubmitButton pending={isSubmitting} pendingLabel={pendingLabel} className="sm:w-auto">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
