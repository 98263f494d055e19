import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/react";
import { requireUserId } from "~/features/auth/auth.server";
import {
  capitalizeWords,
  CATEGORY_INTENTS,
  CATEGORY_MESSAGES,
  categoryFormKey,
  splitCategoryErrors,
  type Category,
  type CategoryField,
  type CategoryIntent,
} from "~/features/categories/categories";
import { parseCategoryForm, type CategoryForm } from "~/features/categories/category-form.server";
import {
  addCategory,
  deleteCategory,
  moveCategory,
  renameCategory,
  reorderCategories,
  type CategoryRefusal,
} from "~/features/categories/categories.server";
import { setCategoryAmount } from "~/features/budgets/budgets.server";
import { safeRedirect } from "~/utils/redirect";
import { requireSameOrigin } from "~/utils/security.server";
import { createFormErrorsHeader, createToastHeader, redirectWithToast } from "~/utils/flash.server";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";

const FAILURE_MESSAGE: Record<CategoryIntent, string> = {
  add: CATEGORY_MESSAGES.addFailed,
  rename: CATEGORY_MESSAGES.updateFailed,
  amount: CATEGORY_MESSAGES.budgetFailed,
  delete: CATEGORY_MESSAGES.deleteFailed,
  move: CATEGORY_MESSAGES.updateFailed,
  reorder: CATEGORY_MESSAGES.updateFailed,
};

function isIntent(value: unknown): value is CategoryIntent {
  return typeof value === "string" && Object.hasOwn(FAILURE_MESSAGE, value);
}

async function apply(userId: string, value: CategoryForm): Promise<{ ok: true; category?: Category } | CategoryRefusal> {
  switch (value.intent) {
    case CATEGORY_INTENTS.add:
      return addCategory(userId, value);
    case CATEGORY_INTENTS.rename:
      return renameCategory(userId, value.categoryId, value.name);
    case CATEGORY_INTENTS.amount:
      return setCategoryAmount(userId, value.categoryId, value.amount, value.month);
    case CATEGORY_INTENTS.delete:
      return deleteCategory(userId, value.categoryId);
    case CATEGORY_INTENTS.move:
      return moveCategory(userId, value.categoryId, value.direction);
    case CATEGORY_INTENTS.reorder:
      return reorderCategories(userId, value.type, value.ids);
  }
}

/** `changed`: the category the submission changed (none for a reorder); a deletion names it as everywhere else, by its display name. */
function successMessage(value: CategoryForm, changed: Category | null) {
  switch (value.intent) {
    case CATEGORY_INTENTS.add:
      return CATEGORY_MESSAGES.added;
    case CATEGORY_INTENTS.delete:
      return CATEGORY_MESSAGES.deleted(capitalizeWords(changed?.name ?? value.categoryId));
    case CATEGORY_INTENTS.move:
    case CATEGORY_INTENTS.reorder:
      return CATEGORY_MESSAGES.reordered;
    default:
      return CATEGORY_MESSAGES.updated;
  }
}

/** After a delete, the deleted category's own page would be a 404: go to the dashboard instead. */
function landingAfter(value: CategoryForm, redirectTo: string) {
  if (value.intent !== CATEGORY_INTENTS.delete) return redirectTo;
  const { pathname } = new URL(redirectTo, "http://localhost");
  return pathname === `/categories/${encodeURIComponent(value.categoryId)}` ? safeRedirect(null) : redirectTo;
}

const TYPED_FIELDS: CategoryField[] = ["name", "type", "amount"];

function isTypedField(name: string): name is CategoryField {
  return TYPED_FIELDS.includes(name as CategoryField);
}

/**
 * The schema's refusal as the forms show it: its messages about what was typed beside their fields;
 * one about a hidden field (a form no page sends) is the intent's failure.
 */
function schemaRefusal(error: Record<string, string[] | null>, intent: CategoryIntent) {
  const fieldErrors: Partial<Record<CategoryField, string[]>> = {};
  let aboutHiddenField = false;
  for (const [name, messages] of Object.entries(error)) {
    if (!messages?.length) continue;
    if (isTypedField(name)) fieldErrors[name] = messages;
    else aboutHiddenField = true;
  }
  return { fieldErrors, formErrors: aboutHiddenField ? [FAILURE_MESSAGE[intent]] : [] };
}

/** What was typed in the form's fields, to show it again beside their errors. */
function typedValues(formData: FormData) {
  const values: Record<string, string> = {};
  for (const field of TYPED_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

/**
 * Category mutations from the dashboard cards and forms. Fetchers (forms
 * carry `js=1` once hydrated) get a refusal as data: its messages by field,
 * and those about the whole form. Pages without JavaScript go back where they
 * came from, to the refused form (`#` its key): its field messages in a
 * one-time cookie the page's loader reads (flash.server), the rest as a
 * notice. Either way a refusal writes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (!isIntent(intent)) throw unknownForm();
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const fromScript = formData.get("js") === "1";
  const categoryId = formData.get("categoryId");
  const form = categoryFormKey(intent, intent === CATEGORY_INTENTS.add || typeof categoryId !== "string" ? undefined : categoryId);

  const refuse = async ({ fieldErrors = {}, formErrors = [] }: { fieldErrors?: Partial<Record<CategoryField, string[]>>; formErrors?: string[] }, status = 400) => {
    const values = typedValues(formData);
    if (fromScript) return data({ intent, form, values, fieldErrors, formErrors }, { status });
    const headers = new Headers();
    const aboutFields = Object.keys(fieldErrors).length > 0;
    if (aboutFields) headers.append("Set-Cookie", await createFormErrorsHeader({ form, values, fieldErrors }));
    if (formErrors.length > 0) headers.append("Set-Cookie", await createToastHeader({ type: "error", message: formErrors.join(" ") }));
    return redirect(aboutFields ? `${redirectTo}#${form}` : redirectTo, { headers });
  };

  const submission = parseCategoryForm(formData);
  if (submission.status !== "success") return refuse(schemaRefusal(submission.error ?? {}, intent));
  const applied = await catchFailure(`category ${intent}`, () => apply(userId, submission.value));
  if (!applied.ok) return refuse({ formErrors: [FAILURE_MESSAGE[intent]] }, 500);
  const outcome = applied.value;
  if (!outcome.ok) {
    const { fieldErrors, formErrors } = splitCategoryErrors(outcome.errors);
    return refuse({ fieldErrors, formErrors: formErrors.map((message) => (message === CATEGORY_MESSAGES.notFound ? FAILURE_MESSAGE[intent] : message)) });
  }
  const changed = outcome.category ?? null;
  return redirectWithToast(landingAfter(submission.value, redirectTo), { type: "success", message: successMessage(submission.value, changed) });
}
