import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DANGER_BUTTON_CLASS, SMALL_BUTTON_CLASS } from "~/components/ui/buttons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrorBox, PendingContent, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { parseAccountForm } from "~/features/accounts/account-form.server";
import { ACCOUNT_KIND_LABELS, accountPath, ACCOUNTS_INTENTS, ACCOUNTS_MESSAGES, ACCOUNTS_PATH, type AccountSummary } from "~/features/accounts/accounts";
import { getAccount, listAccountNames, setAccountClosed, updateAccount } from "~/features/accounts/accounts.server";
import { AccountForm } from "~/features/accounts/components/account-form";
import { BalanceText, ReopenButton, ReportedBalance, TrackingOnlyBadge } from "~/features/accounts/components/account-list";
import { AccountRegister, type RegisterRow } from "~/features/accounts/components/account-register";
import { reconciledThrough, reconcilePath } from "~/features/accounts/reconcile";
import { listReconciliations } from "~/features/accounts/reconciliations.server";
import { requireUser } from "~/features/auth/auth.server";
import { closeAccount, getAccountRegister } from "~/features/transactions/account-balances.server";
import { transactionLabel, type CategoryChoice, type TransactionItem } from "~/features/transactions/transactions";
import { getCategoryChoices } from "~/features/transactions/transactions.server";
import { formatMoney } from "~/lib/money";
import { todayIso } from "~/lib/month";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/not-found";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";

/** A register page's rows with their categories (and transfers' other accounts) named: the page shows names, never ids. */
function registerRows(rows: Array<TransactionItem & Pick<RegisterRow, "balance">>, categories: CategoryChoice[], accounts: Array<{ id: string; name: string }>): RegisterRow[] {
  const names = new Map(categories.map((category) => [category.id, category.name]));
  const accountNames = new Map(accounts.map((account) => [account.id, account.name]));
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    description: row.description,
    type: row.type,
    amount: row.amount,
    balance: row.balance,
    cleared: row.cleared,
    categoryName: transactionLabel(row, names, accountNames),
  }));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const accountId = params.accountId ?? "";
  const cursor = new URL(request.url).searchParams.get("cursor");
  const [register, categories, accounts, reconciliations] = await Promise.all([
    getAccountRegister(user.id, accountId, cursor, todayIso()),
    getCategoryChoices(user.id),
    listAccountNames(user.id),
    listReconciliations(user.id, accountId),
  ]);
  if (!register) throw notFound();
  const here = accountPath(accountId);
  return {
    currency: register.account.currency,
    reportingCurrency: user.currency,
    today: todayIso(),
    account: register.account,
    reconciledThrough: reconciledThrough(reconciliations),
    rows: registerRows(register.rows, categories, accounts),
    olderHref: register.nextCursor ? `${here}?${new URLSearchParams({ cursor: register.nextCursor })}` : null,
    newestHref: cursor ? here : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const accountId = params.accountId ?? "";
  const account = await getAccount(user.id, accountId);
  if (!account) throw notFound();
  const formData = await readForm(request);
  const intent = formData.get("intent");
  switch (intent) {
    case ACCOUNTS_INTENTS.update: {
      const { submission, input } = parseAccountForm(formData, { fixedCurrency: account.currency });
      if (!input) return data({ intent, result: submission.reply(), message: null }, { status: 400 });
      const updated = await catchFailure("update account", () => updateAccount(user.id, accountId, input));
      if (!updated.ok) return data({ intent, result: submission.reply({ formErrors: [ACCOUNTS_MESSAGES.failed] }), message: null }, { status: 503 });
      if (!updated.value) throw notFound();
      if (!updated.value.ok) {
        return data({ intent, result: submission.reply({ fieldErrors: { [updated.value.field]: [updated.value.message] } }), message: null }, { status: 400 });
      }
      return redirectWithToast(accountPath(accountId), { type: "success", message: ACCOUNTS_MESSAGES.updated });
    }
    case ACCOUNTS_INTENTS.close: {
      const closed = await catchFailure("close account", () => closeAccount(user.id, accountId, todayIso()));
      if (!closed.ok) return data({ intent, result: undefined, message: ACCOUNTS_MESSAGES.failed }, { status: 503 });
      if (!closed.value) throw notFound();
      if (!closed.value.ok) return data({ intent, result: undefined, message: closed.value.message }, { status: 400 });
      return redirectWithToast(ACCOUNTS_PATH, { type: "success", message: ACCOUNTS_MESSAGES.closed });
    }
    case ACCOUNTS_INTENTS.reopen: {
      const reopened = await catchFailure("reopen account", () => setAccountClosed(user.id, accountId, false));
      if (!reopened.ok) return data({ intent, result: undefined, message: ACCOUNTS_MESSAGES.failed }, { status: 503 });
      if (!reopened.value) throw notFound();
      return redirectWithToast(ACCOUNTS_PATH, { type: "success", message: ACCOUNTS_MESSAGES.reopened });
    }
    default:
      throw unknownForm();
  }
}

function AccountHeader({
  account,
  currency,
  reportingCurrency,
  reconciledThrough,
}: {
  account: AccountSummary;
  currency: string;
  reportingCurrency: string;
  reconciledThrough: string | null;
}) {
  return (
    <section aria-labelledby="account-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="account-title" className="text-xl font-semibold text-slate-900 wrap-anywhere">
              {account.name}
            </h2>
            {account.onBudget ? null : <TrackingOnlyBadge />}
            {account.closed ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Closed</span> : null}
          </div>
          <p className="mt-1 text-sm text-slate-500">
            {ACCOUNT_KIND_LABELS[account.kind]}
            {account.currency === reportingCurrency ? null : ` · ${account.currency}`}
          </p>
        </div>
        <div className="text-right">
          <p className="text-sm font-medium text-slate-500">Balance</p>
          <p className="text-2xl font-semibold tabular-nums" data-testid="account-balance">
            <BalanceText account={account} currency={currency} />
          </p>
          <ReportedBalance account={account} currency={reportingCurrency} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Opening balance {formatMoney(account.openingBalance, currency)} on {account.openingDate}
          {reconciledThrough ? ` · Reconciled up to ${reconciledThrough}` : null}
        </p>
        {account.closed ? null : (
          <Link to={reconcilePath(account.id)} className={SMALL_BUTTON_CLASS}>
            Reconcile
          </Link>
        )}
      </div>
    </section>
  );
}

/** Close: a button-only form; a refusal (money left, the last open account) shows above it. */
function CloseAccount({ action, refusal }: { action: string; refusal: string | null }) {
  const pending = useIsSubmitting({ formAction: action, intent: ACCOUNTS_INTENTS.close });
  return (
    <SectionCard title="Close account" description="A closed account keeps its transactions and leaves every total. You can reopen it at any time.">
      <FormErrorBox errors={[refusal]} />
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value={ACCOUNTS_INTENTS.close} />
        <button type="submit" disabled={pending} className={DANGER_BUTTON_CLASS}>
          <PendingContent pending={pending} pendingLabel="Closing...">
            Close account
          </PendingContent>
        </button>
      </Form>
    </SectionCard>
  );
}

export const handle: PageHandle = { title: "Accounts" };

export default function AccountPage() {
  const { currency, reportingCurrency, today, account, reconciledThrough, rows, olderHref, newestHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = accountPath(account.id);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to={ACCOUNTS_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        ← All accounts
      </Link>
      <AccountHeader account={account} currency={currency} reportingCurrency={reportingCurrency} reconciledThrough={reconciledThrough} />
      {account.closed ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
          <p className="text-sm text-amber-900">This account is closed: it counts in no total.</p>
          <ReopenButton account={account} />
        </div>
      ) : null}
      <FormErrorBox errors={actionData?.intent === ACCOUNTS_INTENTS.reopen ? [actionData.message] : undefined} />
      <AccountRegister account={account} rows={rows} currency={currency} olderHref={olderHref} newestHref={newestHref} />
      <SectionCard title="Edit account">
        <AccountForm
          intent={ACCOUNTS_INTENTS.update}
          reportingCurrency={reportingCurrency}
          action={here}
          account={account}
          today={today}
          lastResult={actionData?.intent === ACCOUNTS_INTENTS.update ? actionData.result : undefined}
          submitLabel="Save account"
          pendingLabel="Saving..."
        />
      </SectionCard>
      {account.closed ? null : <CloseAccount action={here} refusal={actionData?.intent === ACCOUNTS_INTENTS.close ? actionData.message : null} />}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `${loaded?.account.name ?? "Account"} | Ledgerly` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
