import { useFetcher } from "@remix-run/react";
import { useId, useState, type FormEvent } from "react";
import { INPUT_CLASS, LabelledField, SubmitButton } from "~/components/ui/forms";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import type { action } from "~/routes/resources.categories";
import {
  CATEGORY_ACTION,
  CATEGORY_INTENTS,
  CATEGORY_NAME_MAX_LENGTH,
  categoryFormKey,
  newCategoryNameErrors,
  type CategoryField,
  type CategoryType,
} from "~/features/categories/categories";
import { invalidFieldProps, type FormErrors } from "~/utils/form-errors";
import { useHydrated } from "~/utils/use-hydrated";
import { useFetcherSuccess } from "./use-fetcher-success";

type Refusal = { fieldErrors: Partial<Record<string, string[]>>; formErrors?: string[] };

const FORM_KEY = categoryFormKey(CATEGORY_INTENTS.add);
const FIELD_ORDER: CategoryField[] = ["name", "type", "amount"];

/** The shared validator's errors for the typed name (the type is one of the select's two). */
function problemsOf(form: HTMLFormElement): Refusal | null {
  const errors = newCategoryNameErrors(new FormData(form).get("name"));
  return errors.length > 0 ? { fieldErrors: { name: errors } } : null;
}

/**
 * The "Please fix the following errors:" list: each message about a
 * field links to it (which also helps without JavaScript, where nothing moves
 * focus). Only a refusal of the whole form is announced here; one about fields moves focus to the first of them instead.
 */
function ErrorSummary({ refusal, fieldIds }: { refusal: Refusal; fieldIds: Record<CategoryField, string> }) {
  const aboutFields = FIELD_ORDER.flatMap((field) => (refusal.fieldErrors[field] ?? []).map((message) => ({ message, href: `#${fieldIds[field]}` })));
  const formErrors = refusal.formErrors ?? [];
  return (
    <div role={aboutFields.length > 0 ? undefined : "alert"} className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
      <p className="font-medium">Please fix the following errors:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {formErrors.map((message) => (
          <li key={message}>{message}</li>
        ))}
        {aboutFields.map(({ message, href }) => (
          <li key={message}>
            <a href={href} className="underline">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Adds a category: name, type and amount (the category's own monthly budget
 * or expected income). With JavaScript the form checks itself first; the
 * server's refusals come back to the fetcher, or without JavaScript to the
 * page (`refused`, from its loader). Either way every message is listed under
 * "Please fix the following errors:" and shown beside its field, which keeps what was typed.
 */
export function AddCategoryForm({ redirectTo, defaultType = "expense", refused }: { redirectTo: string; defaultType?: CategoryType; refused?: FormErrors | null }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  const refusedOnPage = refused?.form === FORM_KEY ? refused : null;
  const id = useId();
  const fieldIds = { name: `${id}-name`, type: `${id}-type`, amount: `${id}-amount` };
  const [name, setName] = useState(refusedOnPage?.values.name ?? "");
  const [clientRefusal, setClientRefusal] = useState<Refusal | null>(null);
  const [showServerRefusal, setShowServerRefusal] = useState(refusedOnPage !== null);

  const refusal = clientRefusal ?? (showServerRefusal ? (fetcher.data ?? refusedOnPage) : null);
  const formRef = useFocusFirstInvalid<HTMLFormElement>(refusal);
  const errorsOf = (field: CategoryField) => refusal?.fieldErrors[field];

  useFetcherSuccess(fetcher, () => {
    formRef.current?.reset();
    setName("");
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const problems = problemsOf(event.currentTarget);
    setClientRefusal(problems);
    setShowServerRefusal(problems === null);
    if (problems) event.preventDefault();
  };

  return (
    <fetcher.Form id={FORM_KEY} ref={formRef} method="post" action={CATEGORY_ACTION} onSubmit={onSubmit} className="space-y-3" aria-label="Add Category">
      <input type="hidden" name="intent" value={CATEGORY_INTENTS.add} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {refusal ? <ErrorSummary refusal={refusal} fieldIds={fieldIds} /> : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="sm:col-span-3">
          <LabelledField id={fieldIds.name} label="Category name" errors={errorsOf("name")}>
            <input
              id={fieldIds.name}
              name="name"
              required
              maxLength={CATEGORY_NAME_MAX_LENGTH}
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setClientRefusal(null);
                setShowServerRefusal(false);
              }}
              {...invalidFieldProps(fieldIds.name, errorsOf("name"))}
              className={INPUT_CLASS}
            />
          </LabelledField>
        </div>
        <LabelledField id={fieldIds.type} label="Type" errors={errorsOf("type")}>
          <select
            id={fieldIds.type}
            name="type"
            defaultValue={refusedOnPage?.values.type ?? defaultType}
            {...invalidFieldProps(fieldIds.type, errorsOf("type"))}
            className={INPUT_CLASS}
          >
            <option value="expense">Expense</option>
            <option value="income">Income</option>
          </select>
        </LabelledField>
        <div className="sm:col-span-2">
          <LabelledField id={fieldIds.amount} label="Amount" errors={errorsOf("amount")}>
            <input
              id={fieldIds.amount}
              name="amount"
              type="number"
              min={0}
              step={0.01}
              defaultValue={refusedOnPage?.values.amount ?? ""}
              placeholder="0.00"
              {...invalidFieldProps(fieldIds.amount, errorsOf("amount"))}
              className={INPUT_CLASS}
            />
          </LabelledField>
        </div>
      </div>
      <SubmitButton pending={fetcher.state === "submitting"} pendingLabel="Adding..." disabled={hydrated && !name.trim()} className="sm:w-auto">
        Add Category
      </SubmitButton>
    </fetcher.Form>
  );
}
