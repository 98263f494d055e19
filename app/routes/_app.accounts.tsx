import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionCard } from "~/components/ui/section-card";
import { parseAccountForm } from "~/features/accounts/account-form.server";
import { ACCOUNTS_INTENTS, ACCOUNTS_MESSAGES, ACCOUNTS_PATH } from "~/features/accounts/accounts";
import { AccountForm } from "~/features/accounts/components/account-form";
import { AccountsFigures, ClosedAccounts, OpenAccounts } from "~/features/accounts/components/account-list";
import { requireUser } from "~/features/auth/auth.server";
import { addAccountBesideMain, listAccountsWithBalances } from "~/features/transactions/account-balances.server";
import { otherCurrencies } from "~/lib/currency-list";
import { todayIso } from "~/lib/month";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import { newSubmissionKey, submissionKeyOf } from "~/utils/submission.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const today = todayIso();
  const { accounts, overview } = await listAccountsWithBalances(user.id, today);
  return {
    currency: user.currency,
    otherCurrencies: otherCurrencies(),
    today,
    overview,
    open: accounts.filter((account) => !account.closed),
    closed: accounts.filter((account) => account.closed),
    submissionKey: newSubmissionKey(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case ACCOUNTS_INTENTS.add: {
      const { submission, input } = parseAccountForm(formData, { reportingCurrency: user.currency });
      if (!input) return data({ result: submission.reply() }, { status: 400 });
      const submissionKey = submissionKeyOf(formData);
      const added = await catchFailure("add account", () => addAccountBesideMain(user.id, input, todayIso(), submissionKey));
      if (!added.ok) return data({ result: submission.reply({ formErrors: [ACCOUNTS_MESSAGES.failed] }) }, { status: 503 });
      if (!added.value.ok) return data({ result: submission.reply({ fieldErrors: { [added.value.field]: [added.value.message] } }) }, { status: 400 });
      return redirectWithToast(ACCOUNTS_PATH, { type: "success", message: ACCOUNTS_MESSAGES.added });
    }
    default:
      throw unknownForm();
  }
}

export const handle: PageHandle = { title: "Accounts" };

export default function AccountsPage() {
  const { currency, otherCurrencies, today, overview, open, closed, submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AccountsFigures overview={overview} currency={currency} />
      <OpenAccounts accounts={open} currency={currency} />
      {closed.length > 0 ? <ClosedAccounts accounts={closed} /> : null}
      <SectionCard title="Add account" description="A bank account, card, loan or cash: its balance follows from the opening balance and its transactions.">
        {/* A fresh form after every answer: empty once an account is added, the typed values after a refusal. */}
        <AccountForm
          key={location.key}
          intent={ACCOUNTS_INTENTS.add}
          action={ACCOUNTS_PATH}
          today={today}
          lastResult={actionData?.result}
          submissionKey={submissionKey}
          reportingCurrency={currency}
          otherCurrencies={otherCurrencies}
          submitLabel="Add account"
          pendingLabel="Adding..."
        />
      </SectionCard>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Accounts | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
