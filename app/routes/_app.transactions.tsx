import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConfirmDialog, confirmHref } from "~/components/ui/confirm-dialog";
import { RULES_PATH, SUGGEST_PARAM } from "~/features/rules/rules";
import { RECURRING_PATH } from "~/features/recurring/paths";
import { RuleOfferCard } from "~/features/rules/components/rule-offer";
import { ruleOfferFor } from "~/features/rules/rules.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useIsSubmitting } from "~/components/ui/forms";
import {
  AutoImportPromotion,
  EmptyTransactions,
  TransactionGroups,
  TransactionTabs,
  withRedirectTo,
} from "~/features/transactions/components/transaction-list";
import { requireUser, requireUserId } from "~/features/auth/auth.server";
import { isMonthKey } from "~/lib/month";
import type { PageHandle } from "~/utils/page-title";
import { safeRedirect } from "~/utils/redirect";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import {
  isListTab,
  NEW_TRANSACTION_PATH,
  TRANSACTION_INTENTS,
  TRANSACTION_MESSAGES,
  TRANSACTIONS_PATH,
  type ListTab,
  type TransactionItem,
} from "~/features/transactions/transactions";
import {
  bulkDeleteTransactions,
  getCategoryChoices,
  linkTransfer,
  listTransactionsWithCounts,
  listTransferProposals,
  resetFinancialData,
  restoreTransaction,
  softDeleteTransaction,
} from "~/features/transactions/transactions.server";
import { listAccountNames } from "~/features/accounts/accounts.server";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { notFound } from "~/utils/not-found";
import { TransferProposals } from "~/features/transactions/components/transfer-proposals";
import { readForm } from "~/utils/form-body.server";
import { parseTagNames, TAG_MESSAGES, TAGS_PATH, type TagItem } from "~/features/tags/tags";
import { listTags } from "~/features/tags/tags.server";
import { tagTransactions } from "~/features/transactions/tagging.server";

const CONFIRM_RESET = "reset";
const BULK_FORM_ID = "bulk-delete-form";
const SEARCH_MAX_LENGTH = 100;
/** The filter row's columns on wide screens by how many fields it shows (spelled out whole so Tailwind finds them). */
const FILTER_GRIDS: Record<number, string> = {
  4: "lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]",
  5: "lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]",
  6: "lg:grid-cols-[repeat(6,minmax(0,1fr))_auto]",
};
/** More than a long "Load more" session ever shows; each id costs a lookup. */
const BULK_DELETE_MAX = 500;
/** Query parameters that describe what is listed (the rest, cursor and confirm, are transient). */
const FILTER_PARAMS = ["month", "category", "type", "account", "tag", "q"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const requestedTab = params.get("tab");
  const type = params.get("type");
  const accounts = (await listAccountNames(user.id)).map(({ id, name, currency }) => ({ id, name, currency }));
  const account = params.get("account") ?? "";
  const tag = params.get("tag") ?? "";
  const tags = await listTags(user.id);
  const filters = {
    month: isMonthKey(params.get("month")) ? (params.get("month") as string) : "",
    category: params.get("category") ?? "",
    type: type === "income" || type === "expense" ? type : "",
    account: accounts.some((candidate) => candidate.id === account) ? account : "",
    tag: tags.some((candidate) => candidate.id === tag) ? tag : "",
    q: (params.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH),
  };
  const cursor = params.get("cursor");
  const [categories, page] = await Promise.all([
    getCategoryChoices(user.id),
    listTransactionsWithCounts(user.id, { tab: isListTab(requestedTab) ? requestedTab : null, ...filters, accountId: filters.account || null, tagId: filters.tag || null, cursor }),
  ]);
  // Proposed on the first page of New, where an import's rows wait, once there are two accounts to move money between.
  const transferProposals = page.tab === "new" && !cursor && accounts.length > 1 ? await listTransferProposals(user.id) : [];
  // After an edit that put a description in a category a second time (the edit page sends ?suggest=<id>).
  const suggested = params.get("suggest");
  const ruleOffer = suggested ? await ruleOfferFor(user.id, suggested) : null;
  return {
    tab: page.tab,
    counts: page.counts,
    filters,
    cursor,
    items: page.items,
    nextCursor: page.nextCursor,
    categories,
    accounts,
    tags,
    transferProposals,
    ruleOffer: ruleOffer && { ...ruleOffer, categoryName: categories.find((category) => category.id === ruleOffer.categoryId)?.name ?? "" },
    currency: user.currency,
    premium: user.premiumAccess,
    confirmReset: params.get("confirm") === CONFIRM_RESET,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request);
  const formData = await readForm(request);
  const redirectTo = safeRedirect(formData.get("redirectTo"), TRANSACTIONS_PATH);
  const notify = (type: "success" | "error" | "warning", message: string) => redirectWithToast(redirectTo, { type, message });
  const id = formData.get("id");
  switch (formData.get("intent")) {
    case TRANSACTION_INTENTS.delete: {
      const deleted = typeof id === "string" && (await softDeleteTransaction(userId, id));
      return deleted ? notify("success", TRANSACTION_MESSAGES.deleted) : notify("error", TRANSACTION_MESSAGES.deleteFailed);
    }
    case TRANSACTION_INTENTS.restore: {
      const restored = typeof id === "string" && (await restoreTransaction(userId, id));
      return restored ? notify("success", TRANSACTION_MESSAGES.restored) : notify("error", TRANSACTION_MESSAGES.restoreFailed);
    }
    case TRANSACTION_INTENTS.bulkDelete: {
      const ids = formData.getAll("ids").filter((value): value is string => typeof value === "string");
      if (ids.length === 0) return notify("warning", TRANSACTION_MESSAGES.nothingSelected);
      if (ids.length > BULK_DELETE_MAX) return notify("warning", TRANSACTION_MESSAGES.tooManySelected(BULK_DELETE_MAX));
      const result = await bulkDeleteTransactions(userId, ids);
      return result.success ? notify("success", TRANSACTION_MESSAGES.bulkDeleted(ids.length)) : notify("error", result.errors.join(" "));
    }
    case TRANSACTION_INTENTS.bulkTag: {
      const ids = formData.getAll("ids").filter((value): value is string => typeof value === "string");
      if (ids.length === 0) return notify("warning", TRANSACTION_MESSAGES.nothingSelectedToTag);
      if (ids.length > BULK_DELETE_MAX) return notify("warning", TRANSACTION_MESSAGES.tooManySelected(BULK_DELETE_MAX));
      const names = parseTagNames(String(formData.get("tags") ?? ""));
      if (!names.ok) return notify("error", names.message);
      const removeTagId = String(formData.get("removeTag") ?? "");
      if (names.names.length === 0 && removeTagId === "") return notify("warning", TRANSACTION_MESSAGES.noTagChange);
      const tagged = await catchFailure("tag transactions", () => tagTransactions(userId, ids, { addNames: names.names, removeTagIds: removeTagId ? [removeTagId] : [] }));
      if (!tagged.ok) return notify("error", TAG_MESSAGES.failed);
      if (tagged.value.ok) return notify("success", TRANSACTION_MESSAGES.tagged(tagged.value.changed));
      if (tagged.value.reason === "not-found") throw notFound();
      return notify("error", tagged.value.reason === "too-many-tags" ? TAG_MESSAGES.tooMany : TAG_MESSAGES.tooManyOnOne);
    }
    case TRANSACTION_INTENTS.linkTransfer: {
      const ids = formData.getAll("ids").filter((value): value is string => typeof value === "string");
      if (ids.length !== 2) throw unknownForm();
      const linked = await linkTransfer(userId, [ids[0], ids[1]]);
      if (!linked) throw notFound();
      return linked.ok ? notify("success", TRANSACTION_MESSAGES.transferLinked) : notify("error", TRANSACTION_MESSAGES.transferNotLinked);
    }
    case TRANSACTION_INTENTS.reset: {
      const reset = await catchFailure("reset", () => resetFinancialData(userId));
      return reset.ok ? notify("success", TRANSACTION_MESSAGES.resetDone) : notify("error", TRANSACTION_MESSAGES.resetFailed);
    }
    default:
      throw unknownForm();
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** Links of this page: the current query with some parameters changed (null removes one); an offer of a rule is shown once. */
function useListHref() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete(SUGGEST_PARAM);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const query = params.toString();
    return query ? `${TRANSACTIONS_PATH}?${query}` : TRANSACTIONS_PATH;
  };
}

/** A filter that picks one of `options` (by id) or, first, every one of them. */
function FilterSelect({
  label,
  name,
  value,
  everyLabel,
  options,
  className,
}: {
  label: string;
  name: string;
  value: string;
  everyLabel: string;
  options: Array<{ id: string; name: string }>;
  className: string;
}) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value} className={className}>
        <option value="">{everyLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters({ tab, filters, categories, accounts, tags }: Pick<LoaderData, "tab" | "filters" | "categories" | "accounts" | "tags">) {
  const location = useLocation();
  const inputClass =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";
  const active = FILTER_PARAMS.some((name) => filters[name]);
  return (
    <Form
      key={location.search}
      method="get"
      action={TRANSACTIONS_PATH}
      role="search"
      aria-label="Filter transactions"
      className={`grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 ${
        FILTER_GRIDS[4 + (accounts.length > 1 ? 1 : 0) + (tags.length > 0 ? 1 : 0)]
      }`}
    >
      <input type="hidden" name="tab" value={tab} />
      <label className="block text-sm font-medium text-slate-700">
        Month
        <input type="month" name="month" defaultValue={filters.month} className={inputClass} />
      </label>
      <FilterSelect label="Category" name="category" value={filters.category} everyLabel="All categories" options={categories} className={inputClass} />
      <label className="block text-sm font-medium text-slate-700">
        Type
        <select name="type" defaultValue={filters.type} className={inputClass}>
          <option value="">All types</option>
          <option value="income">Income</option>
          <option value="expense">Expense</option>
        </select>
      </label>
      {accounts.length > 1 ? (
        <FilterSelect label="Account" name="account" value={filters.account} everyLabel="All accounts" options={accounts} className={inputClass} />
      ) : null}
      {tags.length > 0 ? <FilterSelect label="Tag" name="tag" value={filters.tag} everyLabel="All tags" options={tags} className={inputClass} /> : null}
      <label className="col-span-2 block text-sm font-medium text-slate-700 lg:col-span-1">
        Search
        <input type="search" name="q" defaultValue={filters.q} maxLength={SEARCH_MAX_LENGTH} placeholder="Description" className={inputClass} />
      </label>
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <button type="submit" className="rounded-lg bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-900">
          Apply
        </button>
        {active ? (
          <Link to={`${TRANSACTIONS_PATH}?tab=${tab}`} className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

type Page = { items: TransactionItem[]; nextCursor: string | null };

/**
 * The loader's page plus the pages "Load more" fetched with JavaScript. Any
 * navigation (a new filter, or coming back after an action) starts over from
 * the loader's page. A fetched page is appended only when it starts where the
 * list ends (Remix also re-runs the fetcher after actions).
 */
function useLoadedPages(items: TransactionItem[], nextCursor: string | null) {
  const location = useLocation();
  const fetcher = useFetcher<typeof loader>();
  const [more, setMore] = useState<Page[]>([]);
  useEffect(() => setMore([]), [location.key]);
  useEffect(() => {
    const page = fetcher.data;
    if (fetcher.state !== "idle" || !page) return;
    setMore((previous) => {
      const end = previous.length > 0 ? previous[previous.length - 1].nextCursor : nextCursor;
      return page.cursor && page.cursor === end ? [...previous, { items: page.items, nextCursor: page.nextCursor }] : previous;
    });
  }, [fetcher.state, fetcher.data, nextCursor]);
  return {
    items: more.length > 0 ? [...items, ...more.flatMap((page) => page.items)] : items,
    nextCursor: more.length > 0 ? more[more.length - 1].nextCursor : nextCursor,
    loading: fetcher.state !== "idle",
    load: (href: string) => fetcher.load(href),
  };
}

function LoadMore({ href, loading, onLoad }: { href: string; loading: boolean; onLoad: (href: string) => void }) {
  return (
    <div className="flex justify-center">
      <Link
        to={href}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          if (!loading) onLoad(href);
        }}
        aria-disabled={loading || undefined}
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 aria-disabled:opacity-60"
      >
        {loading ? "Loading..." : "Load more"}
      </Link>
    </div>
  );
}

/** Actions on the ticked rows: tags put on or taken off, or deletion. The tag field comes first, so Enter in it adds the tags. */
function BulkActionBar({ redirectTo, tags }: { redirectTo: string; tags: TagItem[] }) {
  const deleting = useIsSubmitting({ formAction: TRANSACTIONS_PATH, intent: TRANSACTION_INTENTS.bulkDelete });
  const tagging = useIsSubmitting({ formAction: TRANSACTIONS_PATH, intent: TRANSACTION_INTENTS.bulkTag });
  const control = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900";
  return (
    <Form id={BULK_FORM_ID} method="post" action={TRANSACTIONS_PATH} preventScrollReset className="flex flex-wrap items-end justify-between gap-3">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="w-full text-sm text-slate-600">Tick transactions to tag or delete several at once.</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium text-slate-700">
          Tags to add
          <input type="text" name="tags" autoComplete="off" placeholder="e.g. Trip to Lisbon" className={`mt-1 block w-48 ${control}`} />
        </label>
        {tags.length > 0 ? (
          <label className="text-sm font-medium text-slate-700">
            Tag to take off
            <select name="removeTag" defaultValue="" className={`mt-1 block ${control}`}>
              <option value="">None</option>
              {tags.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button
          type="submit"
          name="intent"
          value={TRANSACTION_INTENTS.bulkTag}
          disabled={tagging}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          Update tags
        </button>
      </div>
      <button
        type="submit"
        name="intent"
        value={TRANSACTION_INTENTS.bulkDelete}
        disabled={deleting}
        className="rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
      >
        Delete selected
      </button>
    </Form>
  );
}

/** Reached through ?confirm=reset, so the confirmation also works without JavaScript. */
function ResetDialog({ closeTo }: { closeTo: string }) {
  return (
    <ConfirmDialog
      title="Reset Financial Data"
      message="Every transaction moves to Deleted and your monthly totals start from zero. Categories and budgets are kept."
      confirmLabel="Reset Data"
      action={TRANSACTIONS_PATH}
      fields={{ intent: TRANSACTION_INTENTS.reset, redirectTo: closeTo }}
      cancelTo={closeTo}
    />
  );
}

export const handle: PageHandle = { title: "Transactions" };

export default function TransactionsPage() {
  const { tab, counts, filters, cursor, items, nextCursor, categories, accounts, tags, transferProposals, ruleOffer, currency, premium, confirmReset } = useLoaderData<typeof loader>();
  const listHref = useListHref();
  const pages = useLoadedPages(items, nextCursor);
  const here = listHref({ confirm: null });
  const tabHref = (target: ListTab) => listHref({ tab: target, cursor: null, confirm: null });
  const filtered = FILTER_PARAMS.some((name) => filters[name]);

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="w-full sm:w-80">
          <TransactionTabs tab={tab} tabHref={tabHref} counts={counts} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={confirmHref(listHref({ confirm: CONFIRM_RESET }))}
            preventScrollReset
            className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            Reset Financial Data
          </Link>
          <Link to="/transactions/import" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Import bank file
          </Link>
          <Link to={RULES_PATH} className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Rules
          </Link>
          <Link to={TAGS_PATH} className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Tags
          </Link>
          <Link to={RECURRING_PATH} className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Recurring
          </Link>
          <Link
            to="/resources/transactions-export"
            reloadDocument
            className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            Export CSV
          </Link>
          <Link
            to={withRedirectTo(NEW_TRANSACTION_PATH, tabHref("tracked"))}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Add Transaction
          </Link>
        </div>
      </div>

      <Filters tab={tab} filters={filters} categories={categories} accounts={accounts} tags={tags} />

      {ruleOffer ? <RuleOfferCard offer={ruleOffer} categoryName={ruleOffer.categoryName} dismissTo={here} /> : null}

      {tab === "new" && !premium ? <AutoImportPromotion /> : null}

      <TransferProposals proposals={transferProposals} accounts={accounts} currency={currency} redirectTo={here} />

      {cursor ? (
        <p className="text-sm text-slate-600">
          Showing older transactions.{" "}
          <Link to={listHref({ cursor: null, confirm: null })} className="font-semibold text-brand-700 hover:underline">
            Back to newest
          </Link>
        </p>
      ) : null}

      {pages.items.length > 0 ? (
        <>
          {tab !== "deleted" ? <BulkActionBar redirectTo={here} tags={tags} /> : null}
          <TransactionGroups
            items={pages.items}
            tab={tab}
            currency={currency}
            categories={categories}
            accounts={accounts}
            tags={tags}
            redirectTo={here}
            selectFormId={tab !== "deleted" ? BULK_FORM_ID : undefined}
          />
          {pages.nextCursor ? (
            <LoadMore href={listHref({ cursor: pages.nextCursor, confirm: null })} loading={pages.loading} onLoad={pages.load} />
          ) : null}
        </>
      ) : (
        <EmptyTransactions tab={tab} filtered={filtered} />
      )}

      {confirmReset ? <ResetDialog closeTo={here} /> : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Transactions | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
