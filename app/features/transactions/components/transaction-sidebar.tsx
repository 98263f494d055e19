import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId } from "react";
import { useDialogFocus } from "~/components/ui/use-dialog-focus";
import { TRANSACTIONS_PATH, type AccountChoice, type ListTab, type TransactionItem } from "~/features/transactions/transactions";
import { AutoImportPromotion, EmptyTransactions, TransactionGroups, TransactionTabs, type CategoryName } from "./transaction-list";

/** The panel's id: the link that opens it ends in `#transactions-panel`, so without JavaScript the browser focuses it. */
export const TRANSACTIONS_PANEL_ID = "transactions-panel";

/**
 * The right-side transactions panel of the dashboard, rendered from loader
 * data (load it with `listSidebarTransactions(userId, tab)`), so it opens,
 * switches tabs and closes with links and works without JavaScript.
 *
 * - `tab`: the open tab; `items`: its transactions, newest first.
 * - `currency`: the user's display currency; `categories`: for category names.
 * - `closeTo`: the dashboard URL without the panel.
 * - `tabHref(tab)`: the dashboard URL with the panel open on `tab`; row
 *   actions and the edit form come back to the current tab's URL.
 * - `premium`: free users see the Auto-Import promotion on the New tab.
 */
export function TransactionSidebar({
  tab,
  items,
  counts,
  currency,
  categories,
  accounts,
  closeTo,
  tabHref,
  premium,
}: {
  tab: ListTab;
  items: TransactionItem[];
  counts: Record<ListTab, number>;
  currency: string;
  categories: CategoryName[];
  /** The user's accounts, so that rows name theirs (and a transfer the other) when there are several. */
  accounts: AccountChoice[];
  closeTo: string;
  tabHref: (tab: ListTab) => string;
  premium: boolean;
}) {
  const navigate = useNavigate();
  const titleId = useId();
  const redirectTo = tabHref(tab);
  const closeLink = useDialogFocus<HTMLAnchorElement>();

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [navigate, closeTo]);

  return (
    <div className="fixed inset-0 z-40">
      <Link to={closeTo} preventScrollReset aria-hidden="true" tabIndex={-1} className="absolute inset-0 bg-slate-900/40" />
      <aside
        id={TRANSACTIONS_PANEL_ID}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="absolute inset-y-0 right-0 flex w-full max-w-md flex-col bg-slate-50 shadow-xl"
      >
        <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Transactions
          </h2>
          <Link
            ref={closeLink}
            to={closeTo}
            preventScrollReset
            aria-label="Close transactions"
            className="flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </Link>
        </header>
        <div className="border-b border-slate-200 bg-white px-4 py-3">
          <TransactionTabs tab={tab} tabHref={tabHref} counts={counts} />
        </div>
        <div className="flex-1 space-y-4 overflow-y-auto p-4">
          {tab === "new" && !premium ? <AutoImportPromotion /> : null}
          {items.length > 0 ? (
            <TransactionGroups items={items} tab={tab} currency={currency} categories={categories} accounts={accounts} redirectTo={redirectTo} />
          ) : (
            <EmptyTransactions tab={tab} />
          )}
        </div>
        <footer className="border-t border-slate-200 bg-white px-4 py-3 text-center">
          <Link to={`${TRANSACTIONS_PATH}?tab=${tab}`} className="text-sm font-semibold text-brand-700 hover:underline">
            View all transactions
          </Link>
        </footer>
      </aside>
    </div>
  );
}
