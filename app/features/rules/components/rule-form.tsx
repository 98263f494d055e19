import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, SMALL_BUTTON_CLASS } from "~/components/ui/buttons";
import { ErrorList, FormErrorBox, INPUT_CLASS, LabelledField, PendingContent, useIsSubmitting } from "~/components/ui/forms";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { useLazyForm } from "~/components/ui/use-lazy-form";
import { RULE_NAME_MAX_LENGTH } from "../rules";
import { EMPTY_ACTION, EMPTY_CONDITION, EMPTY_PART, type RuleChoices, type RuleFormValue } from "../rule-form-value";

const loadRuleSchemas = () => import("../schema");

type Row = RuleFormValue["conditions"][number];

const REMOVE_CLASS = "rounded-lg px-2 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900";

/** The condition a row's select offers, grouped as a person reads them; accounts come from the user's. */
function ConditionOptions({ accounts }: Pick<RuleChoices, "accounts">) {
  return (
    <>
      <optgroup label="Description">
        <option value="description:contains">Description contains</option>
        <option value="description:equals">Description is</option>
        <option value="description:starts-with">Description starts with</option>
        <option value="description:matches">Description matches (* any text, ? one character)</option>
      </optgroup>
      <optgroup label="Amount">
        <option value="amount:equals">Amount is</option>
        <option value="amount:above">Amount is above</option>
        <option value="amount:below">Amount is below</option>
        <option value="amount:between">Amount is between</option>
      </optgroup>
      <optgroup label="Way">
        <option value="type:expense">It is an expense</option>
        <option value="type:income">It is income</option>
      </optgroup>
      <optgroup label="Account">
        {accounts.map((account) => (
          <option key={account.id} value={`account:${account.id}`}>
            Account is {account.name}
          </option>
        ))}
      </optgroup>
      <optgroup label="Date">
        <option value="date:from">Date is on or after</option>
        <option value="date:to">Date is on or before</option>
      </optgroup>
    </>
  );
}

function ActionOptions({ categories, accounts }: Pick<RuleChoices, "categories" | "accounts">) {
  const ofType = (type: "expense" | "income") => categories.filter((category) => category.type === type);
  return (
    <>
      <option value="">Choose what to do</option>
      {(["expense", "income"] as const).map((type) => (
        <optgroup key={type} label={type === "expense" ? "Set an expense category" : "Set an income category"}>
          {ofType(type).map((category) => (
            <option key={category.id} value={`category:${category.id}`}>
              Set category: {category.name}
            </option>
          ))}
        </optgroup>
      ))}
      <optgroup label="Describe">
        <option value="rename">Rename to</option>
        <option value="tags">Add tags (separated by commas)</option>
      </optgroup>
      <optgroup label="Transfer">
        {accounts.map((account) => (
          <option key={account.id} value={`transfer:${account.id}`}>
            Transfer with {account.name}
          </option>
        ))}
      </optgroup>
      <optgroup label="Split">
        <option value="split">Split across categories</option>
      </optgroup>
    </>
  );
}

function SplitParts<Schema extends Record<string, unknown>>({
  form,
  parts,
  actionNumber,
  categories,
}: {
  form: FormMetadata<Schema, string[]>;
  parts: FieldMetadata<Array<Partial<Row["parts"][number]>> | undefined, Schema, string[]>;
  actionNumber: number;
  categories: RuleChoices["categories"];
}) {
  const expense = categories.filter((category) => category.type === "expense");
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3" aria-describedby={parts.errors?.length ? parts.errorId : undefined}>
      <legend className="px-1 text-sm font-medium text-slate-700">Parts of the split (an amount like 12.50, a percentage like 60%, or “rest”)</legend>
      {parts.getFieldList().map((partField, index) => {
        const part = partField.getFieldset();
        return (
          <div key={partField.key} className="grid grid-cols-[minmax(0,1fr)_8rem_auto] items-start gap-2">
            <label htmlFor={part.categoryId.id} className="sr-only">
              Category of part {index + 1} of action {actionNumber}
            </label>
            <select {...getSelectProps(part.categoryId)} className={INPUT_CLASS}>
              <option value="">Select a category</option>
              {expense.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
            <label htmlFor={part.share.id} className="sr-only">
              Share of part {index + 1} of action {actionNumber}
            </label>
            <input {...getInputProps(part.share, { type: "text" })} placeholder="60%" autoComplete="off" className={INPUT_CLASS} />
            <button {...form.remove.getButtonProps({ name: parts.name, index })} aria-label={`Remove part ${index + 1} of action ${actionNumber}`} className={REMOVE_CLASS}>
              Remove
            </button>
          </div>
        );
      })}
      <ErrorList id={parts.errorId} errors={parts.errors} />
      <button {...form.insert.getButtonProps({ name: parts.name, defaultValue: EMPTY_PART })} className={SMALL_BUTTON_CLASS}>
        Add a part
      </button>
    </fieldset>
  );
}

/**
 * A rule's form: its name, its conditions (all or any) and its actions, each a row of a choice and the text
 * it takes. Adding and removing rows are conform's list intents: without JavaScript each posts the form and
 * the page comes back with the rows changed, what was typed kept. The server reads the rows (readRuleForm) and
 * answers each one's message under it.
 */
export function RuleForm({
  action,
  intent,
  defaultValue,
  choices,
  lastResult,
  submissionKey,
  submitLabel,
  previewable = false,
}: {
  action: string;
  intent: string;
  defaultValue: RuleFormValue;
  choices: RuleChoices;
  lastResult: SubmissionResult<string[]> | undefined;
  submissionKey?: string;
  submitLabel: string;
  /** A new rule's form: it may be previewed on the user's past transactions, and applied to them once saved. */
  previewable?: boolean;
}) {
  const pending = useIsSubmitting({ formAction: action, intent });
  const ref = useFocusFirstInvalid<HTMLFormElement>(useActionData());
  const { form, fields, formProps } = useLazyForm({ id: `rule-${intent}`, lastResult, defaultValue, loadSchemas: loadRuleSchemas, schemaOf: (schemas) => schemas.ruleFormSchema });
  const conditions = fields.conditions.getFieldList();
  const actions = fields.actions.getFieldList();
  return (
    <Form {...formProps} ref={ref} method="post" action={action} preventScrollReset className="space-y-5">
      <input type="hidden" name="intent" value={intent} />
      {submissionKey ? <SubmissionKeyField value={submissionKey} /> : null}
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <LabelledField id={fields.name.id} label="Name" errors={fields.name.errors}>
        <input {...getInputProps(fields.name, { type: "text" })} maxLength={RULE_NAME_MAX_LENGTH} placeholder="e.g. Groceries at Tesco" className={INPUT_CLASS} />
      </LabelledField>

      <fieldset className="space-y-3" aria-describedby={fields.conditions.errors?.length ? fields.conditions.errorId : undefined}>
        <legend className="text-sm font-semibold text-slate-900">When a transaction arrives and</legend>
        <div className="flex flex-wrap gap-4 text-sm text-slate-700">
          {(["all", "any"] as const).map((match) => (
            <label key={match} className="flex items-center gap-2">
              <input type="radio" name={fields.match.name} value={match} defaultChecked={(fields.match.initialValue ?? "all") === match} className="h-4 w-4 border-slate-300 text-brand-600" />
              {match === "all" ? "every condition holds" : "any condition holds"}
            </label>
          ))}
        </div>
        {conditions.map((conditionField, index) => {
          const condition = conditionField.getFieldset();
          const number = index + 1;
          return (
            <div key={conditionField.key} className="grid items-start gap-2 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_8rem_auto]" data-testid="rule-condition">
              <div>
                <label htmlFor={condition.what.id} className="sr-only">
                  Condition {number}
                </label>
                <select {...getSelectProps(condition.what)} className={INPUT_CLASS}>
                  <ConditionOptions accounts={choices.accounts} />
                </select>
                <ErrorList id={condition.what.errorId} errors={condition.what.errors} />
              </div>
              <div>
                <label htmlFor={condition.value.id} className="sr-only">
                  Value of condition {number}
                </label>
                <input {...getInputProps(condition.value, { type: "text" })} placeholder="Text, an amount or YYYY-MM-DD" autoComplete="off" className={INPUT_CLASS} />
                <ErrorList id={condition.value.errorId} errors={condition.value.errors} />
              </div>
              <div>
                <label htmlFor={condition.upTo.id} className="sr-only">
                  Upper amount of condition {number} (for between)
                </label>
                <input {...getInputProps(condition.upTo, { type: "text" })} placeholder="and (between)" autoComplete="off" inputMode="decimal" className={INPUT_CLASS} />
                <ErrorList id={condition.upTo.errorId} errors={condition.upTo.errors} />
              </div>
              <button {...form.remove.getButtonProps({ name: fields.conditions.name, index })} aria-label={`Remove condition ${number}`} className={REMOVE_CLASS}>
                Remove
              </button>
            </div>
          );
        })}
        <ErrorList id={fields.conditions.errorId} errors={fields.conditions.errors} />
        <button {...form.insert.getButtonProps({ name: fields.conditions.name, defaultValue: EMPTY_CONDITION })} className={SMALL_BUTTON_CLASS}>
          Add a condition
        </button>
      </fieldset>

      <fieldset className="space-y-3" aria-describedby={fields.actions.errors?.length ? fields.actions.errorId : undefined}>
        <legend className="text-sm font-semibold text-slate-900">Then</legend>
        {actions.map((actionField, index) => {
          const rowAction = actionField.getFieldset();
          const number = index + 1;
          return (
            <div key={actionField.key} className="space-y-2" data-testid="rule-action">
              <div className="grid items-start gap-2 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto]">
                <div>
                  <label htmlFor={rowAction.what.id} className="sr-only">
                    Action {number}
                  </label>
                  <select {...getSelectProps(rowAction.what)} className={INPUT_CLASS}>
                    <ActionOptions categories={choices.categories} accounts={choices.accounts} />
                  </select>
                  <ErrorList id={rowAction.what.errorId} errors={rowAction.what.errors} />
                </div>
                <div>
                  <label htmlFor={rowAction.value.id} className="sr-only">
                    Value of action {number}
                  </label>
                  <input {...getInputProps(rowAction.value, { type: "text" })} placeholder="A name, or tags: trip, work" autoComplete="off" className={INPUT_CLASS} />
                  <ErrorList id={rowAction.value.errorId} errors={rowAction.value.errors} />
                </div>
                <button {...form.remove.getButtonProps({ name: fields.actions.name, index })} aria-label={`Remove action ${number}`} className={REMOVE_CLASS}>
                  Remove
                </button>
              </div>
              {rowAction.what.value === "split" ? <SplitParts form={form} parts={rowAction.parts} actionNumber={number} categories={choices.categories} /> : null}
            </div>
          );
        })}
        <ErrorList id={fields.actions.errorId} errors={fields.actions.errors} />
        <button {...form.insert.getButtonProps({ name: fields.actions.name, defaultValue: EMPTY_ACTION })} className={SMALL_BUTTON_CLASS}>
          Add an action
        </button>
      </fieldset>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {previewable ? (
          <>
            <label className="mr-auto flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="applyToPast" value="on" className="h-4 w-4 rounded border-slate-300 text-brand-600" />
              Also apply it to my past transactions
            </label>
            <button type="submit" name="preview" value="on" disabled={pending} className={SECONDARY_BUTTON_CLASS}>
              Preview on my transactions
            </button>
          </>
        ) : null}
        <button type="submit" disabled={pending} className={PRIMARY_BUTTON_CLASS}>
          <PendingContent pending={pending} pendingLabel="Saving...">
            {submitLabel}
          </PendingContent>
        </button>
      </div>
    </Form>
  );
}
