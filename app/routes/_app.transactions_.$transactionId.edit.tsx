import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TransactionForm, TransactionFormDialog } from "~/features/transactions/components/transaction-form";
import { requireUser, requireUserId } from "~/features/auth/auth.server";
import { parseTransactionForm } from "~/features/transactions/transaction-form.server";
import { isSplitCategory, isTransferCategory, isUncategorized } from "~/features/categories/categories";
import { centsToInput, toCents } from "~/lib/money";
import type { PageHandle } from "~/utils/page-title";
import { safeRedirect } from "~/utils/redirect";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import { editTransactionPath, formCurrency, TRANSACTION_MESSAGES, TRANSACTIONS_PATH, transferChoice, type TransactionItem } from "~/features/transactions/transactions";
import { getAccountChoices, getCategoryChoices, getTransaction, isTooManyTags, updateTransaction } from "~/features/transactions/transactions.server";
import { tagNameMap } from "~/features/tags/tag-names";
import { TAG_MESSAGES, tagNamesText } from "~/features/tags/tags";
import { SUGGEST_PARAM } from "~/features/rules/rules";
import { ruleOfferFor } from "~/features/rules/rules.server";
import { listTags } from "~/features/tags/tags.server";
import { catchFailure } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/not-found";

/** The category the form shows chosen: a transfer's names its other account; an uncategorized or split one none. */
function categoryChoiceOf(transaction: TransactionItem) {
  if (isTransferCategory(transaction.category) && transaction.transferAccountId) return transferChoice(transaction.type, transaction.transferAccountId);
  return isUncategorized(transaction.category) || isSplitCategory(transaction.category) ? "" : transaction.category;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const userId = user.id;
  const transaction = await getTransaction(userId, params.transactionId ?? "");
  if (!transaction) throw notFound();
  const [categories, { offered: accounts, mainCurrency }, tags] = await Promise.all([
    getCategoryChoices(userId),
    getAccountChoices(userId, transaction.accountId, transaction.transferAccountId),
    listTags(userId),
  ]);
  const categoryType = categories.find((category) => category.id === transaction.category)?.type;
  const currency = formCurrency(accounts, transaction.accountId, mainCurrency);
  return {
    id: transaction.id,
    categories,
    accounts,
    mainCurrency,
    reportingCurrency: user.currency,
    keptTransferTo: transaction.transferAccountId,
    defaults: {
      accountId: transaction.accountId,
      type: transaction.type,
      amount: centsToInput(toCents(transaction.amount), currency),
      rate: transaction.reported?.rate ?? "",
      category: categoryChoiceOf(transaction),
      date: transaction.date,
      description: transaction.description,
      tags: tagNamesText(transaction.tagIds, tagNameMap(tags)),
      // An income booked on an expense category is an offset: the form reopens with the switch on.
      showExpenseCategories: transaction.type === "income" && (transaction.allocations.length > 0 || categoryType === "expense"),
      splits: isSplitCategory(transaction.category)
        ? transaction.allocations.map((part) => ({ category: part.categoryId, amount: centsToInput(toCents(part.amount), currency) }))
        : [],
    },
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), TRANSACTIONS_PATH),
  };
}

/** Back to the transactions page with an offer of a rule, when this edit put a description in a category a second time. */
async function withRuleOffer(userId: string, redirectTo: string, transactionId: string) {
  const url = new URL(redirectTo, "http://app.invalid");
  if (url.pathname !== TRANSACTIONS_PATH || !(await ruleOfferFor(userId, transactionId))) return redirectTo;
  url.searchParams.set(SUGGEST_PARAM, transactionId);
  return `${url.pathname}${url.search}`;
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request);
  const formData = await readForm(request);
  const transaction = await getTransaction(userId, params.transactionId ?? "");
  if (!transaction) throw notFound();
  const [categories, { offered: accounts, mainCurrency }] = await Promise.all([getCategoryChoices(userId), getAccountChoices(userId, transaction.accountId, transaction.transferAccountId)]);
  const submission = parseTransactionForm(formData, categories, accounts, mainCurrency, transaction.transferAccountId);
  const redirectTo = safeRedirect(formData.get("redirectTo"), TRANSACTIONS_PATH);
  // Without JavaScript, adding or removing a split row posts the form: it comes back as it was, with the rows changed.
  if (submission.status === undefined) return data({ result: submission.reply(), redirectTo });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), redirectTo }, { status: 400 });
  }
  const updated = await catchFailure("update transaction", () => updateTransaction(userId, params.transactionId ?? "", submission.value), { refusal: isTooManyTags });
  if (!updated.ok && isTooManyTags(updated.error)) return data({ result: submission.reply({ fieldErrors: { tags: [TAG_MESSAGES.tooMany] } }), redirectTo }, { status: 400 });
  if (!updated.ok) return data({ result: submission.reply({ formErrors: [TRANSACTION_MESSAGES.updateFailed] }), redirectTo }, { status: 503 });
  if (!updated.value) throw notFound();
  return redirectWithToast(await withRuleOffer(userId, redirectTo, updated.value.id), { type: "success", message: TRANSACTION_MESSAGES.updated });
}

export const handle: PageHandle = { title: "Transactions" };

export default function EditTransactionPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { id, categories, accounts, defaults } = loaderData;
  const actionData = useActionData<typeof action>();
  const redirectTo = actionData?.redirectTo ?? loaderData.redirectTo;
  return (
    <TransactionFormDialog title="Edit Transaction" closeTo={redirectTo}>
      <TransactionForm
        id={`edit-transaction-form-${id}`}
        action={editTransactionPath(id)}
        lastResult={actionData?.result}
        categories={categories}
        accounts={accounts}
        mainCurrency={loaderData.mainCurrency}
        reportingCurrency={loaderData.reportingCurrency}
        keptTransferTo={loaderData.keptTransferTo}
        defaults={defaults}
        redirectTo={redirectTo}
        submitLabel="Update"
        pendingLabel="Updating..."
      />
    </TransactionFormDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit Transaction | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
