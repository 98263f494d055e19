import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/react";
import * as z from "zod/mini";
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
import {
  addCategory,
  deleteCategory,
  moveCategory,
  renameCategory,
  reorderCategories,
  type CategoryRefusal,
} from "~/features/categories/categories.server";
import { setCategoryAmount } from "~/features/budgets/budgets.server";
import { parseAmountToCents, ZERO_CENTS } from "~/lib/money";
import { safeRedirect } from "~/utils/redirect";
import { requireSameOrigin } from "~/utils/security.server";
import { createFormErrorsHeader, createToastHeader, redirectWithToast } from "~/utils/flash.server";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";

const CategoryFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(CATEGORY_INTENTS.add), name: z.string(), type: z.string(), amount: z.optional(z.string()) }),
  z.object({ intent: z.literal(CATEGORY_INTENTS.rename), categoryId: z.string(), name: z.string() }),
  z.object({ intent: z.literal(CATEGORY_INTENTS.amount), categoryId: z.string(), amount: z.string(), month: z.string() }),
  z.object({ intent: z.literal(CATEGORY_INTENTS.delete), categoryId: z.string() }),
  z.object({ intent: z.literal(CATEGORY_INTENTS.move), categoryId: z.string(), direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal(CATEGORY_INTENTS.reorder), type: z.string(), ids: z.array(z.string()) }),
]);

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

type Submission = z.infer<typeof CategoryFormSchema>;

async function apply(userId: string, submission: Submission): Promise<{ ok: true; category?: Category } | CategoryRefusal> {
  switch (submission.intent) {
    case CATEGORY_INTENTS.add:
      return addCategory(userId, { name: submission.name, type: submission.type, amount: parseAmountToCents(submission.amount) ?? ZERO_CENTS });
    case CATEGORY_INTENTS.rename:
      return renameCategory(userId, submission.categoryId, submission.name);
    case CATEGORY_INTENTS.amount: {
      const cents = parseAmountToCents(submission.amount);
      if (cents === null) return { ok: false, errors: [FAILURE_MESSAGE.amount] };
      return setCategoryAmount(userId, submission.categoryId, cents, submission.month);
    }
    case CATEGORY_INTENTS.delete:
      return deleteCategory(userId, submission.categoryId);
    case CATEGORY_INTENTS.move:
      return moveCategory(userId, submission.categoryId, submission.direction);
    case CATEGORY_INTENTS.reorder:
      return reorderCategories(userId, submission.type, submission.ids);
  }
}

/** `changed`: the category the submission changed (none for a reorder); a deletion names it as everywhere else, by its display name. */
function successMessage(submission: Submission, changed: Category | null) {
  switch (submission.intent) {
    case CATEGORY_INTENTS.add:
      return CATEGORY_MESSAGES.added;
    case CATEGORY_INTENTS.delete:
      return CATEGORY_MESSAGES.deleted(capitalizeWords(changed?.name ?? submission.categoryId));
    case CATEGORY_INTENTS.move:
    case CATEGORY_INTENTS.reorder:
      return CATEGORY_MESSAGES.reordered;
    default:
      return CATEGORY_MESSAGES.updated;
  }
}

/** After a delete, the deleted category's own page would be a 404: go to the dashboard instead. */
function landingAfter(submission: Submission, redirectTo: string) {
  if (submission.intent !== CATEGORY_INTENTS.delete) return redirectTo;
  const { pathname } = new URL(redirectTo, "http://localhost");
  return pathname === `/categories/${encodeURIComponent(submission.categoryId)}` ? safeRedirect(null) : redirectTo;
}

const TYPED_FIELDS: CategoryField[] = ["name", "type", "amount"];

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

  const parsed = CategoryFormSchema.safeParse({ ...Object.fromEntries(formData), ids: formData.getAll("ids") });
  if (!parsed.success) return refuse({ formErrors: [FAILURE_MESSAGE[intent]] });
  const applied = await catchFailure(`category ${intent}`, () => apply(userId, parsed.data));
  if (!applied.ok) return refuse({ formErrors: [FAILURE_MESSAGE[intent]] }, 500);
  const outcome = applied.value;
  if (!outcome.ok) {
    const { fieldErrors, formErrors } = splitCategoryErrors(outcome.errors);
    return refuse({ fieldErrors, formErrors: formErrors.map((message) => (message === CATEGORY_MESSAGES.notFound ? FAILURE_MESSAGE[intent] : message)) });
  }
  const changed = outcome.category ?? null;
  return redirectWithToast(landingAfter(parsed.data, redirectTo), { type: "success", message: successMessage(parsed.data, changed) });
}
