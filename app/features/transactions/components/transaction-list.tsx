import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { capitalizeWords, categoryLabel, isSplitCategory, isTransferCategory, isUncategorized, type Category } from "~/features/categories/categories";
import { formatMoney, toCents } from "~/lib/money";
import type { TagItem } from "~/features/tags/tags";
import { tagNameMap } from "~/features/tags/tag-names";
import { dayHeading } from "~/lib/month";
import {
  editTransactionPath,
  LIST_TABS,
  TRANSACTION_INTENTS,
  TRANSACTION_FORM_TITLE_ID,
  TRANSACTIONS_PATH,
  transactionLabel,
  type AccountChoice,
  type ListTab,
  type TransactionItem,
} from "~/features/transactions/transactions";

export type CategoryName = Pick<Category, "id" | "name">;

/** `path` with `?redirectTo=` so the transaction form it opens comes back here, aimed at the form's title. */
export function withRedirectTo(path: string, redirectTo: string) {
  return `${path}?${new URLSearchParams({ redirectTo })}#${TRANSACTION_FORM_TITLE_ID}`;
}

/** A split expense's parts, folded under its row (a disclosure that needs no script). */
function SplitParts({ item, currency, names }: { item: TransactionItem; currency: string; names: ReadonlyMap<string, string> }) {
  return (
    <details className="mt-1 text-sm text-slate-600">
      <summary className="cursor-pointer font-medium text-brand-700">Split across {item.allocations.length} categories</summary>
      <ul className="mt-1 space-y-0.5 border-l-2 border-slate-200 pl-3">
        {item.allocations.map((part) => (
          <li key={part.categoryId} className="flex justify-between gap-3">
            <span className="wrap-anywhere">{categoryLabel(part.categoryId, names)}</span>
            <span className="whitespace-nowrap tabular-nums">{formatMoney(toCents(part.amount), currency)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Consecutive items of one date, in the order given (newest first from the server). */
function groupByDate(items: TransactionItem[]) {
  const groups: Array<{ date: string; items: TransactionItem[] }> = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last?.date === item.date) last.items.push(item);
    else groups.push({ date: item.date, items: [item] });
  }
  return groups;
}


export function TransactionTabs({ tab, tabHref, counts }: { tab: ListTab; tabHref: (tab: ListTab) => string; counts: Record<ListTab, number> }) {
  return (
    <nav aria-label="Transaction tabs" className="flex gap-1 rounded-xl bg-slate-100 p-1">
      {LIST_TABS.map((option) => (
        <Link
          key={option.tab}
          to={tabHref(option.tab)}
          preventScrollReset
          aria-current={option.tab === tab ? "page" : undefined}
          className={`flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold ${
            option.tab === tab ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"
          }`}
        >
          {option.label}
          {/* The count is its own word in the tab's name: "Tracked (3)", not "Tracked3". */}
          <span className="sr-only"> (</span>
          <span className="ml-1.5 rounded-full bg-slate-200 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-slate-700" data-testid={`tab-count-${option.tab}`}>
            {counts[option.tab].toLocaleString("en-US")}
          </span>
          <span className="sr-only">)</span>
        </Link>
      ))}
    </nav>
  );
}

/** Shown to free users on the New tab: bank-imported transactions land there. */
export function AutoImportPromotion() {
  return (
    <section aria-labelledby="auto-import-title" className="rounded-xl border border-brand-500/30 bg-brand-50 p-4">
      <h3 id="auto-import-title" className="font-semibold text-brand-700">
        Auto-Import Transactions
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Link your bank and new transactions arrive here on their own, ready to categorize. Available with Premium.
      </p>
      <Link to="/subscription" className="mt-3 inline-flex rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
        Upgrade to Premium
      </Link>
    </section>
  );
}

function BankBadge({ bankName }: { bankName: string | null }) {
  return (
    <span title={bankName ?? undefined} className="whitespace-nowrap rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800">
      Bank{bankName ? ` · ${bankName}` : ""}
    </span>
  );
}

/**
 * Income in green, spending in red; money moved between the user's accounts in neither. An amount in
 * another currency than the reporting one shows what it counts for in the totals, or that it waits for a rate.
 */
function SignedAmount({ item, currency }: { item: TransactionItem; currency: string }) {
  const income = item.type === "income";
  const colour = isTransferCategory(item.category) ? "text-slate-700" : income ? "text-emerald-700" : "text-red-700";
  const reported = item.reported;
  return (
    <span className="text-right">
      <span className={`block whitespace-nowrap font-semibold tabular-nums ${colour}`}>
        {income ? "+" : "−"}
        {formatMoney(toCents(item.amount), currency)}
      </span>
      {reported && !isTransferCategory(item.category) ? (
        <span className="block whitespace-nowrap text-xs text-slate-500" title={reportedNote(reported)}>
          {reported.amount === null ? "No exchange rate yet" : `≈ ${formatMoney(toCents(reported.amount), reported.currency)}`}
          {reported.rateDay && reported.rateDay !== item.date ? ` · rate of ${reported.rateDay}` : ""}
        </span>
      ) : null}
      {item.fileAmount ? (
        <span className="block whitespace-nowrap text-xs text-slate-500" title={`Converted from the file's ${item.fileAmount.currency} at the European Central Bank's rate of ${item.fileAmount.rateDay}`}>
          Imported as {formatMoney(toCents(item.fileAmount.amount), item.fileAmount.currency)}
          {item.fileAmount.rateDay !== item.date ? ` · rate of ${item.fileAmount.rateDay}` : ""}
        </span>
      ) : null}
    </span>
  );
}

/** How a reported amount was reached, for its tooltip. */
function reportedNote(reported: NonNullable<TransactionItem["reported"]>) {
  if (reported.amount === null) return `Not in your totals until the European Central Bank publishes a rate for this day, or you enter the rate you got.`;
  if (reported.rate) return `At the rate you entered: ${reported.rate}`;
  return `At the European Central Bank's rate of ${reported.rateDay}`;
}

/** A small form posting one intent about one transaction to the transactions page's action. */
function RowActionForm({ intent, item, redirectTo, children }: { intent: string; item: TransactionItem; redirectTo: string; children: ReactNode }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === item.id;
  return (
    <Form method="post" action={TRANSACTIONS_PATH} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg px-2 py-1 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
      >
        {children}
      </button>
    </Form>
  );
}

/** A transaction's tags, each a link to the list of the transactions that carry it. */
function TagChips({ tagIds, tagNames }: { tagIds: string[]; tagNames: ReadonlyMap<string, string> }) {
  const shown = tagIds.filter((id) => tagNames.has(id));
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Tags" className="mt-1 flex flex-wrap gap-1">
      {shown.map((id) => (
        <li key={id}>
          <Link to={`${TRANSACTIONS_PATH}?${new URLSearchParams({ tab: "tracked", tag: id })}`} className="rounded-full bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-800 hover:bg-violet-100">
            #{tagNames.get(id)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function TransactionRow({
  item,
  tab,
  currency,
  names,
  tagNames,
  accountNames,
  currencyOfAccount,
  redirectTo,
  selectFormId,
}: {
  item: TransactionItem;
  tab: ListTab;
  currency: string;
  names: ReadonlyMap<string, string>;
  tagNames: ReadonlyMap<string, string>;
  /** The names of the user's accounts, when they have several: each row names its own (and a transfer the other). */
  accountNames: ReadonlyMap<string, string>;
  /** Each account's currency, which its transactions' amounts are in. */
  currencyOfAccount: ReadonlyMap<string, string>;
  redirectTo: string;
  selectFormId?: string;
}) {
  const category = transactionLabel(item, names, accountNames);
  const amountCurrency = currencyOfAccount.get(item.accountId) ?? currency;
  const accountName = accountNames.get(item.accountId);
  const uncategorized = isUncategorized(item.category);
  const split = isSplitCategory(item.category);
  const selectable = Boolean(selectFormId) && tab !== "deleted";
  // Narrow lists (phones, the sidebar) put the actions on a second line; wide ones keep one line per transaction.
  const columns = selectable
    ? "grid-cols-[auto_minmax(0,1fr)_auto] @xl:grid-cols-[auto_minmax(0,1fr)_auto_auto]"
    : "grid-cols-[minmax(0,1fr)_auto] @xl:grid-cols-[minmax(0,1fr)_auto_auto]";
  return (
    <li className={`grid items-center gap-x-3 gap-y-1 px-4 py-3 ${columns}`} data-testid="transaction-row">
      {selectable ? (
        <input
          type="checkbox"
          name="ids"
          value={item.id}
          form={selectFormId}
          aria-label={`Select ${item.description || category}`}
          className="h-4 w-4 rounded border-slate-300 text-brand-600"
        />
      ) : null}
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`text-sm font-medium wrap-anywhere ${uncategorized ? "text-amber-700" : isTransferCategory(item.category) ? "text-sky-800" : "text-slate-900"}`}>
            {category}
          </span>
          {item.allocations.length > 0 && !split ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Offset</span>
          ) : null}
          {accountName ? <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{accountName}</span> : null}
          {item.source === "plaid" ? <BankBadge bankName={item.bankName} /> : null}
          {item.pending ? (
            <span title="Not posted by the bank yet: its amount may still change" className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              Pending
            </span>
          ) : null}
        </div>
        {item.description ? <p className="truncate text-sm text-slate-600">{item.description}</p> : null}
        {split ? <SplitParts item={item} currency={amountCurrency} names={names} /> : null}
        <TagChips tagIds={item.tagIds} tagNames={tagNames} />
      </div>
      <SignedAmount item={item} currency={amountCurrency} />
      <div className={`flex items-center justify-end gap-1 ${selectable ? "col-span-2 col-start-2" : "col-span-2"} @xl:col-span-1 @xl:col-start-auto`}>
        {tab === "deleted" ? (
          <RowActionForm intent={TRANSACTION_INTENTS.restore} item={item} redirectTo={redirectTo}>
            Restore
          </RowActionForm>
        ) : (
          <>
            <Link
              to={withRedirectTo(editTransactionPath(item.id), redirectTo)}
              className="rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {tab === "new" ? "Categorize" : "Edit"}
            </Link>
            <RowActionForm intent={TRANSACTION_INTENTS.delete} item={item} redirectTo={redirectTo}>
              Delete
            </RowActionForm>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * Transactions grouped by date, newest first, each with the actions of its
 * tab. Every action is a form (or link) that comes back to `redirectTo`.
 * With `selectFormId`, rows get checkboxes that belong to that (bulk) form.
 */
export function TransactionGroups({
  items,
  tab,
  currency,
  categories,
  accounts = [],
  tags = [],
  redirectTo,
  selectFormId,
}: {
  items: TransactionItem[];
  tab: ListTab;
  currency: string;
  categories: CategoryName[];
  /** The user's tags, whose names the rows show. */
  tags?: TagItem[];
  /** The user's accounts: with more than one, each row names its own. */
  accounts?: AccountChoice[];
  redirectTo: string;
  selectFormId?: string;
}) {
  const names = new Map(categories.map((category) => [category.id, capitalizeWords(category.name)]));
  const accountNames = new Map(accounts.length > 1 ? accounts.map((account) => [account.id, account.name]) : []);
  const currencyOfAccount = new Map(accounts.map((account) => [account.id, account.currency]));
  const tagNames = tagNameMap(tags);
  return (
    <div className="@container space-y-4">
      {groupByDate(items).map((group) => (
        <section key={group.date} aria-label={dayHeading(group.date)}>
          <h3 className="px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{dayHeading(group.date)}</h3>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {group.items.map((item) => (
              <TransactionRow
                key={item.id}
                item={item}
                tab={tab}
                currency={currency}
                names={names}
                tagNames={tagNames}
                accountNames={accountNames}
                currencyOfAccount={currencyOfAccount}
                redirectTo={redirectTo}
                selectFormId={selectFormId}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const EMPTY_MESSAGES: Record<ListTab, string> = {
  new: "No new transactions. Transactions without a category appear here.",
  tracked: "No tracked transactions yet.",
  deleted: "No deleted transactions.",
};

export function EmptyTransactions({ tab, filtered }: { tab: ListTab; filtered?: boolean }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
      {filtered ? "No transactions match these filters." : EMPTY_MESSAGES[tab]}
    </p>
  );
}
