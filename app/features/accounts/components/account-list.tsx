import { Form, Link } from "@remix-run/react";
import { SMALL_BUTTON_CLASS } from "~/components/ui/buttons";
import { PendingContent, useIsSubmitting } from "~/components/ui/forms";
import { SectionCard } from "~/components/ui/section-card";
import { formatMoney, type Cents } from "~/lib/money";
import { ACCOUNT_KIND_LABELS, accountPath, ACCOUNTS_INTENTS, shownBalance, transactionCount, type AccountsOverview, type AccountSummary } from "../accounts";

/** An account's balance as the pages word it: "$200.00 owed" for a card's or loan's debt. */
export function BalanceText({ account, currency }: { account: Pick<AccountSummary, "balance" | "kind">; currency: string }) {
  const { amount, owed } = shownBalance(account);
  if (owed) return <span className="text-red-700">{formatMoney(amount, currency)} owed</span>;
  return <span className={amount < 0 ? "text-red-700" : "text-slate-900"}>{formatMoney(amount, currency)}</span>;
}

export function TrackingOnlyBadge() {
  return (
    <span title="Counts in your net worth, not in your budget" className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
      Tracking only
    </span>
  );
}

function Figure({ label, cents, currency, tone = "text-slate-900" }: { label: string; cents: Cents; currency: string; tone?: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className={`mt-1 break-words text-2xl font-semibold tabular-nums ${tone}`}>{formatMoney(cents, currency)}</dd>
    </div>
  );
}

/** What the open accounts hold, what they owe, and the difference, in the reporting currency. */
export function AccountsFigures({ overview, currency }: { overview: AccountsOverview; currency: string }) {
  return (
    <div className="space-y-2">
      <dl aria-label="Account totals" className="grid gap-4 sm:grid-cols-3">
        <Figure label="Assets" cents={overview.assets} currency={currency} tone="text-emerald-700" />
        <Figure label="Liabilities" cents={overview.liabilities} currency={currency} />
        <Figure label="Net" cents={overview.net} currency={currency} tone={overview.net < 0 ? "text-red-700" : "text-slate-900"} />
      </dl>
      {overview.unconverted.length > 0 ? (
        <p role="status" className="text-sm text-amber-800">
          Not counted until an exchange rate into {currency} is known: {overview.unconverted.join(", ")}.
        </p>
      ) : null}
    </div>
  );
}

/** A balance in another currency than the reporting one, as it counts in the totals. */
export function ReportedBalance({ account, currency }: { account: Pick<AccountSummary, "currency" | "reportedBalance">; currency: string }) {
  if (account.currency === currency) return null;
  return (
    <span className="block text-xs font-normal text-slate-500">
      {account.reportedBalance === null ? `No ${account.currency} → ${currency} rate yet` : `≈ ${formatMoney(account.reportedBalance, currency)}`}
    </span>
  );
}

/** The open accounts, each a link to its register, with its type, balance and how many transactions it holds. */
export function OpenAccounts({ accounts, currency }: { accounts: AccountSummary[]; currency: string }) {
  return (
    <SectionCard title="Your accounts">
      <ul className="-my-2 divide-y divide-slate-100">
        {accounts.map((account) => (
          <li key={account.id} aria-label={account.name} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <Link to={accountPath(account.id)} className="font-semibold text-brand-700 wrap-anywhere hover:underline">
                  {account.name}
                </Link>
                {account.onBudget ? null : <TrackingOnlyBadge />}
              </div>
              <p className="text-sm text-slate-500">
                {[ACCOUNT_KIND_LABELS[account.kind], account.currency === currency ? null : account.currency, transactionCount(account.count)].filter(Boolean).join(" · ")}
              </p>
            </div>
            <p className="text-right font-semibold tabular-nums">
              <BalanceText account={account} currency={account.currency} />
              <ReportedBalance account={account} currency={currency} />
            </p>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

/** Reopens a closed account: a button-only form posting to the account's own page. */
export function ReopenButton({ account }: { account: Pick<AccountSummary, "id" | "name"> }) {
  const action = accountPath(account.id);
  const pending = useIsSubmitting({ formAction: action, intent: ACCOUNTS_INTENTS.reopen });
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value={ACCOUNTS_INTENTS.reopen} />
      <button type="submit" disabled={pending} aria-label={`Reopen ${account.name}`} className={SMALL_BUTTON_CLASS}>
        <PendingContent pending={pending} pendingLabel="Reopening...">
          Reopen
        </PendingContent>
      </button>
    </Form>
  );
}

/** Closed accounts: out of every total, kept with their transactions, and reopened with one button. */
export function ClosedAccounts({ accounts }: { accounts: AccountSummary[] }) {
  return (
    <SectionCard title="Closed accounts" description="They keep their transactions and count in no total until you reopen them.">
      <ul className="-my-2 divide-y divide-slate-100">
        {accounts.map((account) => (
          <li key={account.id} aria-label={account.name} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <Link to={accountPath(account.id)} className="font-semibold text-slate-700 wrap-anywhere hover:underline">
                {account.name}
              </Link>
              <p className="text-sm text-slate-500">
                {ACCOUNT_KIND_LABELS[account.kind]} · {transactionCount(account.count)}
              </p>
            </div>
            <ReopenButton account={account} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
