import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionCard } from "~/components/ui/section-card";
import { parseFinishingForm, parseStatement } from "~/features/accounts/account-form.server";
import { accountPath, ACCOUNTS_INTENTS } from "~/features/accounts/accounts";
import { accountCurrencyOf, getAccount, listAccountNames } from "~/features/accounts/accounts.server";
import { BalanceText } from "~/features/accounts/components/account-list";
import { ReconciliationHistory, StatementCheck, StatementForm, type ToClearRow } from "~/features/accounts/components/reconcile";
import { checkedStatementPath, finishedMessage, RECONCILE_MESSAGES, reconcilePath, type FinishingChoice } from "~/features/accounts/reconcile";
import { requireUser } from "~/features/auth/auth.server";
import { finishReconciliation, getReconcilePage, type ToClearItem } from "~/features/transactions/account-reconciliation.server";
import { transactionLabel } from "~/features/transactions/transactions";
import { getCategoryChoices } from "~/features/transactions/transactions.server";
import { centsToInput } from "~/lib/money";
import { todayIso } from "~/lib/month";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/not-found";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { newSubmissionKey, submissionKeyOf } from "~/utils/submission.server";

/** The transactions a statement would clear with their categories (and transfers' other accounts) named: the page shows names, never ids. */
async function namedRows(userId: string, rows: ToClearItem[]): Promise<ToClearRow[]> {
  if (rows.length === 0) return [];
  const [categories, accounts] = await Promise.all([getCategoryChoices(userId), listAccountNames(userId)]);
  const names = new Map(categories.map((category) => [category.id, category.name]));
  const accountNames = new Map(accounts.map((account) => [account.id, account.name]));
  return rows.map(({ id, date, description, type, amount, ...row }) => ({ id, date, description, type, amount, categoryName: transactionLabel({ type, ...row }, names, accountNames) }));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const accountId = params.accountId ?? "";
  const query = new URL(request.url).searchParams;
  const asked = query.has("statementDate") || query.has("statementBalance");
  const currency = await accountCurrencyOf(user.id, accountId);
  if (!currency) throw notFound();
  const { submission, statement } = asked ? parseStatement(query, currency) : { submission: null, statement: null };
  const page = await getReconcilePage(user.id, accountId, statement, todayIso());
  if (!page) throw notFound();
  const refusal = page.check?.ok === false ? page.check.message : null;
  const check = page.check?.ok
    ? {
        statementDate: page.check.statementDate,
        statementBalance: page.check.statementBalance,
        clearedBalance: page.check.clearedBalance,
        difference: page.check.difference,
        toClearCount: page.check.toClear.count,
        toClear: await namedRows(user.id, page.check.toClear.items),
      }
    : null;
  const refused = submission !== null && (submission.status !== "success" || refusal !== null);
  return data(
    {
      currency,
      account: page.account,
      history: page.history,
      statementTyped: { statementDate: query.get("statementDate") ?? "", statementBalance: query.get("statementBalance") ?? "" },
      statementResult: refused ? submission.reply(refusal ? { fieldErrors: { statementDate: [refusal] } } : undefined) : undefined,
      check,
      submissionKey: newSubmissionKey(),
    },
    { status: refused ? 400 : 200 },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const accountId = params.accountId ?? "";
  const currency = await accountCurrencyOf(user.id, accountId);
  if (!currency || !(await getAccount(user.id, accountId))) throw notFound();
  const formData = await readForm(request);
  const finish = async (choice: FinishingChoice) => {
    const { input } = parseFinishingForm(formData, currency);
    if (!input) return data({ message: RECONCILE_MESSAGES.changed }, { status: 400 });
    const submissionKey = submissionKeyOf(formData);
    const finished = await catchFailure("finish reconciliation", () => finishReconciliation(user.id, accountId, { ...input, choice }, todayIso(), submissionKey));
    if (!finished.ok) return data({ message: RECONCILE_MESSAGES.failed }, { status: 503 });
    if (!finished.value) throw notFound();
    if (!finished.value.ok) return data({ message: finished.value.message }, { status: finished.value.reason === "changed" ? 409 : 400 });
    return redirectWithToast(reconcilePath(accountId), { type: "success", message: finishedMessage(finished.value.reconciliation, currency) });
  };
  switch (formData.get("intent")) {
    case ACCOUNTS_INTENTS.finishReconciliation:
      return finish("clear");
    case ACCOUNTS_INTENTS.adjustAndFinish:
      return finish("adjust");
    case ACCOUNTS_INTENTS.keepDifference:
      return finish("keep-difference");
    default:
      throw unknownForm();
  }
}

export const handle: PageHandle = { title: "Accounts" };

export default function ReconcilePage() {
  const { currency, account, history, statementTyped, statementResult, check, submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const here = reconcilePath(account.id);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to={accountPath(account.id)} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to {account.name}
      </Link>
      <section aria-labelledby="reconcile-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id="reconcile-title" className="text-xl font-semibold text-slate-900 wrap-anywhere">
              Reconcile {account.name}
            </h2>
            <p className="mt-1 max-w-prose text-sm text-slate-600">
              Enter the closing date and balance of your bank statement. Every transaction up to that date that is not cleared yet is checked against it.
            </p>
          </div>
          <div className="text-right">
            <p className="text-sm font-medium text-slate-500">Balance</p>
            <p className="text-2xl font-semibold tabular-nums">
              <BalanceText account={account} currency={currency} />
            </p>
          </div>
        </div>
      </section>
      {account.closed ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">{RECONCILE_MESSAGES.closed}</p>
      ) : (
        <SectionCard title="Statement">
          {/* A fresh form for each statement asked for: what was typed, with the loader's messages. */}
          <StatementForm key={location.search} action={here} lastResult={statementResult} defaultValue={statementTyped} currency={currency} />
        </SectionCard>
      )}
      {check ? (
        <StatementCheck
          account={account}
          check={check}
          currency={currency}
          action={checkedStatementPath(account.id, { statementDate: check.statementDate, statementBalance: centsToInput(check.statementBalance) })}
          submissionKey={submissionKey}
          refusal={actionData?.message ?? null}
        />
      ) : null}
      <ReconciliationHistory history={history} account={account} currency={currency} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `Reconcile ${loaded?.account.name ?? "account"} | Ledgerly` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
