import { useFetcher } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { SubmitButton } from "~/components/ui/forms";
import type { action } from "~/routes/resources.categories";
import {
  CATEGORY_ACTION,
  CATEGORY_INTENT,
  CATEGORY_MESSAGES,
  CATEGORY_NAME_MAX_LENGTH,
  categoryIdFromName,
  sanitizeCategory,
  type CategoryType,
} from "~/features/categories/categories";
import { useHydrated } from "~/utils/use-hydrated";
import { useFetcherSuccess } from "./use-fetcher-success";

/** The shared validator's errors for what the form holds (the order is the server's to choose). */
function problemsOf(form: HTMLFormElement) {
  const formData = new FormData(form);
  const { category, errors } = sanitizeCategory({ name: formData.get("name"), type: formData.get("type"), order: 0 });
  if (errors.length === 0 && !categoryIdFromName(category.name)) errors.push(CATEGORY_MESSAGES.invalidName);
  return errors;
}

const fieldClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

/**
 * Adds a category: name, type and amount (the category's own monthly budget
 * or expected income). With JavaScript the form checks itself first and
 * lists problems under "Please fix the following errors:"; without, the
 * server's problems come back as a notification.
 */
export function AddCategoryForm({ redirectTo, defaultType = "expense" }: { redirectTo: string; defaultType?: CategoryType }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [name, setName] = useState("");
  const [clientErrors, setClientErrors] = useState<string[]>([]);
  const [showServerErrors, setShowServerErrors] = useState(false);

  useFetcherSuccess(fetcher, () => {
    formRef.current?.reset();
    setName("");
  });

  const errors = clientErrors.length > 0 ? clientErrors : showServerErrors ? fetcher.data?.errors ?? [] : [];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const problems = problemsOf(event.currentTarget);
    setClientErrors(problems);
    setShowServerErrors(problems.length === 0);
    if (problems.length > 0) event.preventDefault();
  };

  return (
    <fetcher.Form ref={formRef} method="post" action={CATEGORY_ACTION} onSubmit={onSubmit} className="space-y-3" aria-label="Add Category">
      <input type="hidden" name="intent" value={CATEGORY_INTENT.add} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {errors.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          <p className="font-medium">Please fix the following errors:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-700 sm:col-span-3">
          Category name
          <input
            id={`${id}-name`}
            name="name"
            required
            maxLength={CATEGORY_NAME_MAX_LENGTH}
            autoComplete="off"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setClientErrors([]);
              setShowServerErrors(false);
            }}
            className={fieldClass}
          />
        </label>
        <label htmlFor={`${id}-type`} className="block text-sm font-medium text-slate-700">
          Type
          <select id={`${id}-type`} name="type" defaultValue={defaultType} className={fieldClass}>
            <option value="expense">Expense</option>
            <option value="income">Income</option>
          </select>
        </label>
        <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-700 sm:col-span-2">
          Amount
          <input id={`${id}-amount`} name="amount" type="number" min={0} step={0.01} defaultValue="" placeholder="0.00" className={fieldClass} />
        </label>
      </div>
      <SubmitButton pending={fetcher.state === "submitting"} pendingLabel="Adding..." disabled={hydrated && !name.trim()} className="sm:w-auto">
        Add Category
      </SubmitButton>
    </fetcher.Form>
  );
}
