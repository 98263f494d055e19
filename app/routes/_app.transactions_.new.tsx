import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TransactionForm, TransactionFormDialog } from "~/features/transactions/components/transaction-form";
import { requireUser } from "~/features/auth/auth.server";
import { isDebtCategoryId } from "~/features/categories/categories";
import { DEBT_MESSAGES } from "~/features/debts/debts";
import { formatMoney, type Cents } from "~/lib/money";
import { parseTransactionForm } from "~/features/transactions/transaction-form.server";
import { todayIso } from "~/lib/month";
import type { PageHandle } from "~/utils/page-title";
import { safeRedirect } from "~/utils/redirect";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import { formCurrency, landingAfterAdd, NEW_TRANSACTION_PATH, TRANSACTION_MESSAGES, TRANSACTIONS_PATH } from "~/features/transactions/transactions";
import { createTransaction, getAccountChoices, getCategoryChoices, isTooManyTags } from "~/features/transactions/transactions.server";
import { TAG_MESSAGES } from "~/features/tags/tags";
import { tagsByRules } from "~/features/rules/rules.server";
import { markArrivals } from "~/features/recurring/recurring.server";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { catchFailure } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";
import { runInRequestScope } from "~/utils/request-scope.server";
import { newSubmissionKey, submissionKeyOf } from "~/utils/submission.server";

/**
 * The signed-in user and what the form is read against, in one request scope: the session's user, the
 * categories and the accounts share one read of the user's document (decision 241), in an action too, before it writes.
 */
function readFormChoices(request: Request) {
  return runInRequestScope(async () => {
    const user = await requireUser(request);
    const [categories, { offered: accounts, mainCurrency }] = await Promise.all([getCategoryChoices(user.id), getAccountChoices(user.id)]);
    return { user, categories, accounts, mainCurrency };
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, categories, accounts, mainCurrency } = await readFormChoices(request);
  const params = new URL(request.url).searchParams;
  return {
    categories,
    accounts,
    mainCurrency,
    reportingCurrency: user.currency,
    today: todayIso(),
    type: params.get("type") === "income" ? ("income" as const) : ("expense" as const),
    redirectTo: safeRedirect(params.get("redirectTo"), TRANSACTIONS_PATH),
    submissionKey: newSubmissionKey(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, categories, accounts, mainCurrency } = await readFormChoices(request);
  const userId = user.id;
  const formData = await readForm(request);
  const submissionKey = submissionKeyOf(formData);
  const submission = parseTransactionForm(formData, categories, accounts, mainCurrency);
  const redirectTo = safeRedirect(formData.get("redirectTo"), TRANSACTIONS_PATH);
  // Without JavaScript, adding or removing a split row posts the form: it comes back as it was, with the rows changed.
  if (submission.status === undefined) return data({ result: submission.reply(), redirectTo });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), redirectTo }, { status: 400 });
  }
  const { value } = submission;
  const accountId = value.accountId ?? mainAccountId(userId);
  const ruleTagIds = await tagsByRules(userId, { description: value.description, amount: value.amount, type: value.type, accountId, date: value.date, category: value.category }, formCurrency(accounts, accountId, mainCurrency));
  const added = await catchFailure("add transaction", () => createTransaction(userId, { ...value, ruleTagIds }, { submissionKey }), { refusal: isTooManyTags });
  if (!added.ok && isTooManyTags(added.error)) return data({ result: submission.reply({ fieldErrors: { tags: [TAG_MESSAGES.tooMany] } }), redirectTo }, { status: 400 });
  if (!added.ok) return data({ result: submission.reply({ formErrors: [TRANSACTION_MESSAGES.addFailed] }), redirectTo }, { status: 503 });
  const transaction = added.value;
  await catchFailure("match a recurring bill", () => markArrivals(userId, [transaction]));
  const paysDebt = transaction.type === "expense" && isDebtCategoryId(transaction.category);
  const message = paysDebt ? DEBT_MESSAGES.appliedViaTransaction(formatMoney(transaction.amount as Cents, formCurrency(accounts, transaction.accountId, mainCurrency))) : TRANSACTION_MESSAGES.added;
  return redirectWithToast(landingAfterAdd(redirectTo, transaction), { type: "success", message });
}

export const handle: PageHandle = { title: "Transactions" };

export default function NewTransactionPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { categories, accounts, today, type } = loaderData;
  const actionData = useActionData<typeof action>();
  const redirectTo = actionData?.redirectTo ?? loaderData.redirectTo;
  return (
    <TransactionFormDialog title="Add Transaction" closeTo={redirectTo}>
      <TransactionForm
        id="new-transaction-form"
        action={NEW_TRANSACTION_PATH}
        lastResult={actionData?.result}
        categories={categories}
        accounts={accounts}
        mainCurrency={loaderData.mainCurrency}
        reportingCurrency={loaderData.reportingCurrency}
        defaults={{ type, amount: "", category: "", date: today, description: "", tags: "", showExpenseCategories: false, splits: [], accountId: accounts[0]?.id }}
        redirectTo={redirectTo}
        submissionKey={loaderData.submissionKey}
        submitLabel="Add Transaction"
        pendingLabel="Adding..."
      />
    </TransactionFormDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Add Transaction | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
