import type { SubmissionResult } from "@conform-to/react";
import { createCookie, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { AddCategoryForm } from "~/features/categories/components/add-category-form";
import { CategoryList } from "~/features/categories/components/category-list";
import { CategorySection } from "~/features/dashboard/components/category-section";
import { CollapsiblePanel } from "~/features/dashboard/components/collapsible-panel";
import { DashboardSkeleton } from "~/features/dashboard/components/dashboard-skeleton";
import { BudgetFigures, EMPTY_BUDGET_TEXT } from "~/features/dashboard/components/monthly-budget";
import { LoadingMonthOverlay, MonthPicker, useMonthTransition } from "~/features/dashboard/components/month-picker";
import { SummaryCards } from "~/features/dashboard/components/summary-cards";
import { UnplannedNotice } from "~/features/dashboard/components/unplanned-notice";
import { DebtsCard } from "~/features/debts/components/debts-card";
import { UpcomingCard } from "~/features/recurring/components/upcoming-card";
import { readUpcomingCard } from "~/features/recurring/recurring.server";
import { DASHBOARD_DEBTS_SHOWN } from "~/features/debts/debts";
import { listDebts } from "~/features/debts/debts.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { confirmHref } from "~/components/ui/confirm-dialog";
import { focusLost } from "~/components/ui/fragment-focus";
import { Field, FormErrorBox, SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { withRedirectTo } from "~/features/transactions/components/transaction-list";
import { TRANSACTIONS_PANEL_ID, TransactionSidebar } from "~/features/transactions/components/transaction-sidebar";
import { requireUser } from "~/features/auth/auth.server";
import { getOrCarryOverCategoryBudgets, getOrCarryOverMonthBudget, setMonthBudget } from "~/features/budgets/budgets.server";
import { getCategories } from "~/features/categories/categories.server";
import { parseMonthBudgetForm } from "~/features/budgets/budget-form.server";
import { BUDGET_INTENTS, BUDGET_MESSAGES } from "~/features/budgets/budgets";
import { EXPENSE_VIEWS, INCOME_VIEWS, parseView } from "~/features/categories/category-figures";
import { DASHBOARD_MESSAGES, dashboardFigures, dashboardUrl, unplannedCategories, type BudgetCard } from "~/features/dashboard/dashboard";
import { secureCookiesEnabled } from "~/utils/env.server";
import { centsToInput, formatMoney } from "~/lib/money";
import { isMonthKey, monthLabel, resolveMonth, todayIso } from "~/lib/month";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { CurrencyNotices } from "~/features/transactions/components/currency-notices";
import { reportingRecountProgress } from "~/features/transactions/ledger.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import { isListTab, NEW_TRANSACTION_PATH, TRANSACTIONS_PATH, type ListTab } from "~/features/transactions/transactions";
import { listSidebarTransactions } from "~/features/transactions/transactions.server";
import { catchFailure } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";
import { getFormErrors } from "~/utils/flash.server";
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "~/components/ui/buttons";

const MONTH_COOKIE = "ledgerly_month";
const MONTH_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** Remembers the month last shown, so /dashboard without ?month opens it again. */
function monthCookie() {
  return createCookie(MONTH_COOKIE, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: secureCookiesEnabled(),
    maxAge: MONTH_COOKIE_MAX_AGE_SECONDS,
  });
}

/** `?panel=transactions&tab=new` opens the transactions sidebar on a tab. */
const TRANSACTIONS_PANEL = "transactions";
/** The budget form's amount field: the link that opens the form aims at it, so without JavaScript the browser focuses it. */
const BUDGET_AMOUNT_ID = "monthly-budget-amount";
const RESET_DATA_PATH = confirmHref(`${TRANSACTIONS_PATH}?confirm=reset`);

function sidebarTab(searchParams: URLSearchParams): ListTab | null {
  const tab = searchParams.get("tab");
  return searchParams.get("panel") === TRANSACTIONS_PANEL ? (isListTab(tab) ? tab : "new") : null;
}

/**
 * A fixed number of reads whatever the number of transactions: the user and
 * their categories, the month summary (by _id), the month budget (at most two
 * _id reads), the category budgets and, for premium users, the debts; plus
 * one page of the sidebar's tab when it is open; and the recurring bills, each with the due dates its transactions met
 * (one indexed read each). Totals come from the summary, never from transactions.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { searchParams } = new URL(request.url);
  const requested = searchParams.get("month");
  const cookie = monthCookie();
  const month = isMonthKey(requested) ? requested : resolveMonth(await cookie.parse(request.headers.get("Cookie")));
  const tab = sidebarTab(searchParams);
  const [categories, totals, monthBudget, categoryBudgets, sidebar, debts, recount, upcomingCard] = await Promise.all([
    getCategories(user.id).catch((error: unknown) => {
      console.error("loading categories failed", error);
      return null;
    }),
    getMonthTotals(user.id, month),
    getOrCarryOverMonthBudget(user.id, month),
    getOrCarryOverCategoryBudgets(user.id, month),
    tab ? listSidebarTransactions(user.id, tab).then(({ items, counts, accounts }) => ({ tab, items, counts, accounts })) : null,
    user.premiumAccess ? listDebts(user.id) : null,
    reportingRecountProgress(user.id),
    readUpcomingCard(user.id, todayIso(), user.currency),
  ]);
  const debtsCard = {
    count: debts?.length ?? 0,
    shown: debts?.slice(0, DASHBOARD_DEBTS_SHOWN).map(({ id, name, totalAmount, currentBalance }) => ({ id, name, totalAmount, currentBalance })) ?? null,
  };
  const figures = dashboardFigures({ totals, categories: categories ?? [], categoryBudgets, monthBudget });
  const { formErrors, headers: formErrorsHeaders } = await getFormErrors(request);
  const headers = new Headers(formErrorsHeaders ?? undefined);
  if (isMonthKey(requested)) headers.append("Set-Cookie", await cookie.serialize(month));
  return data(
    { month, currency: user.currency, premium: user.premiumAccess, categoriesFailed: categories === null, sidebar, debtsCard, upcomingCard, formErrors, recount, unconverted: totals.unconverted, ...figures },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const submission = parseMonthBudgetForm(await readForm(request));
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { month, amount } = submission.value;
  const set = await catchFailure("setting the monthly budget", () => setMonthBudget(user.id, month, amount));
  if (!set.ok) return data({ result: submission.reply({ formErrors: [BUDGET_MESSAGES.budgetFailed] }) }, { status: 503 });
  const { searchParams } = new URL(request.url);
  return redirectWithToast(dashboardUrl(searchParams, { month, editBudget: null }), {
    type: "success",
    message: BUDGET_MESSAGES.budgetSet(formatMoney(amount, user.currency)),
  });
}

/** Posts to the dashboard at `pageUrl` (the page without the open form), where Cancel also leads. */
function BudgetForm({ month, budget, pageUrl, onCancel }: { month: string; budget: BudgetCard; pageUrl: string; onCancel?: () => void }) {
  const actionData = useActionData<typeof action>();
  const isSubmitting = useIsSubmitting({ intent: BUDGET_INTENTS.setMonthBudget });
  const result: SubmissionResult<string[]> | undefined = actionData?.result;
  const amountErrors = result?.error?.amount ?? undefined;
  const submittedAmount = result?.initialValue?.amount;
  const formRef = useFocusFirstInvalid<HTMLFormElement>(actionData);
  return (
    <Form ref={formRef} method="post" action={pageUrl} preventScrollReset noValidate className="space-y-4">
      <input type="hidden" name="intent" value={BUDGET_INTENTS.setMonthBudget} />
      <input type="hidden" name="month" value={month} />
      <FormErrorBox errors={[...(result?.error?.[""] ?? []), ...(result?.error?.month ?? [])]} />
      <Field
        label="Monthly budget amount"
        inputProps={{
          id: BUDGET_AMOUNT_ID,
          name: "amount",
          type: "number",
          defaultValue: typeof submittedAmount === "string" ? submittedAmount : budget.userSet ? centsToInput(budget.amount) : "",
          min: 0,
          step: 0.01,
          inputMode: "decimal",
          autoFocus: true,
        }}
        errors={amountErrors}
      />
      <div className="flex gap-3">
        <SubmitButton pending={isSubmitting} pendingLabel="Saving..." className="sm:w-auto">
          Save Budget
        </SubmitButton>
        <Link
          to={pageUrl}
          preventScrollReset
          onClick={(event) => {
            if (!onCancel) return;
            event.preventDefault();
            onCancel();
          }}
          className="inline-flex items-center rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}


/** A link to `?editBudget=1` (aimed at the form's amount) that, with JavaScript, opens the form in place instead. */
function OpenBudgetFormLink({ to, onOpen, className, children, linkRef }: { to: string; onOpen: () => void; className: string; children: ReactNode; linkRef: Ref<HTMLAnchorElement> }) {
  return (
    <Link
      ref={linkRef}
      to={`${to}#${BUDGET_AMOUNT_ID}`}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
      className={className}
    >
      {children}
    </Link>
  );
}

/**
 * The monthly budget card. Its edit form opens through `?editBudget=1`
 * without JavaScript and in place with it; it stays open after a rejected save.
 */
function MonthlyBudget({ month, budget, currency }: { month: string; budget: BudgetCard; currency: string }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const [openedInPlaceAt, setOpenedInPlaceAt] = useState<string | null>(null);
  const openedByUrl = searchParams.get("editBudget") === "1";
  const openedInPlace = openedInPlaceAt === location.key && !actionData;
  const editing = openedByUrl || openedInPlace || Boolean(actionData);
  const closedUrl = dashboardUrl(searchParams, { editBudget: null });

  const formUrl = dashboardUrl(searchParams, { editBudget: "1" });
  const openInPlace = () => setOpenedInPlaceAt(location.key);
  const opener = useRef<HTMLAnchorElement>(null);
  const wasEditing = useRef(editing);
  // The form takes focus when it opens (its amount field); when it closes, focus goes back to the link that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing && focusLost()) opener.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <div className="space-y-4">
      <h3 className="font-semibold text-slate-900">Monthly Budget</h3>
      {editing ? (
        <BudgetForm month={month} budget={budget} pageUrl={closedUrl} onCancel={openedInPlace ? () => setOpenedInPlaceAt(null) : undefined} />
      ) : budget.userSet ? (
        <>
          <BudgetFigures budget={budget} currency={currency} />
          <OpenBudgetFormLink linkRef={opener} to={formUrl} onOpen={openInPlace} className={SECONDARY_BUTTON_CLASS}>
            Edit Budget
          </OpenBudgetFormLink>
        </>
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
          <p className="mb-4 text-slate-600">{EMPTY_BUDGET_TEXT}</p>
          <OpenBudgetFormLink linkRef={opener} to={formUrl} onOpen={openInPlace} className={PRIMARY_BUTTON_CLASS}>
            Set Monthly Budget
          </OpenBudgetFormLink>
        </div>
      )}
    </div>
  );
}

function AddTransactionLinks({ returnTo }: { returnTo: string }) {
  const to = withRedirectTo(NEW_TRANSACTION_PATH, returnTo);
  return (
    <>
      <Link
        to={to}
        aria-label="Add Transaction"
        className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white shadow hover:bg-brand-700 lg:hidden"
      >
        +
      </Link>
      {/* In the header rather than floating: a fixed button covered the cards beneath it. */}
      <Link to={to} className="hidden items-center gap-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 lg:inline-flex">
        <span aria-hidden="true">+</span> Add Transaction
      </Link>
    </>
  );
}

function CategoriesLoadFailed() {
  const location = useLocation();
  return (
    <div role="alert" className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center">
      <p className="text-lg font-semibold text-slate-900">{DASHBOARD_MESSAGES.categoriesFailed}</p>
      <a href={location.pathname + location.search} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        Refresh
      </a>
    </div>
  );
}

export const handle: PageHandle = { title: "Dashboard" };

export default function Dashboard() {
  const { month, currency, premium, categoriesFailed, sidebar, debtsCard, upcomingCard, formErrors, recount, unconverted, cards, budget, income, expense } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { transitioning, pickMonth } = useMonthTransition(month);
  if (categoriesFailed) return <CategoriesLoadFailed />;
  const incomeView = parseView(INCOME_VIEWS, searchParams.get("incomeView"));
  const expenseView = parseView(EXPENSE_VIEWS, searchParams.get("expenseView"));
  const here = location.pathname + location.search;
  const panelUrl = (tab: ListTab | null) => dashboardUrl(searchParams, { panel: tab ? TRANSACTIONS_PANEL : null, tab });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <MonthPicker month={month} transitioning={transitioning} onPick={pickMonth} />
          <h2 className="text-xl font-bold text-slate-900">{monthLabel(month)}</h2>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`${panelUrl("new")}#${TRANSACTIONS_PANEL_ID}`} preventScrollReset className={SECONDARY_BUTTON_CLASS}>
            View Transactions
          </Link>
          <Link to={RESET_DATA_PATH} className="px-2 text-sm font-medium text-slate-600 hover:text-red-700 hover:underline">
            Reset Financial Data
          </Link>
          <AddTransactionLinks returnTo={here} />
        </div>
      </div>

      <CurrencyNotices recount={recount} unconverted={unconverted} />

      {transitioning ? (
        <DashboardSkeleton />
      ) : (
        <>
          <SummaryCards cards={cards} currency={currency} />
          <UpcomingCard {...upcomingCard} />
          <CollapsiblePanel title="Budget Settings">
            <MonthlyBudget month={month} budget={budget} currency={currency} />
          </CollapsiblePanel>
          <CategorySection title="Income Sources" param="incomeView" views={INCOME_VIEWS} view={incomeView} rows={income} currency={currency}>
            <CategoryList
              type="income"
              items={income}
              view={incomeView}
              currency={currency}
              monthKey={month}
              redirectTo={here}
              label="Income sources"
              emptyMessage="No income sources yet."
              refused={formErrors}
            />
          </CategorySection>
          <UnplannedNotice categories={unplannedCategories(expense)} currency={currency} />
          <CategorySection title="Expense Categories" param="expenseView" views={EXPENSE_VIEWS} view={expenseView} rows={expense} currency={currency}>
            <CategoryList
              type="expense"
              items={expense}
              view={expenseView}
              currency={currency}
              monthKey={month}
              redirectTo={here}
              label="Expense categories"
              emptyMessage="No expense categories yet."
              refused={formErrors}
            />
          </CategorySection>
          <CollapsiblePanel title="Add Category">
            <AddCategoryForm redirectTo={here} refused={formErrors} />
          </CollapsiblePanel>
          <DebtsCard debts={debtsCard.shown} count={debtsCard.count} currency={currency} />
        </>
      )}
      {transitioning ? <LoadingMonthOverlay /> : null}
      {sidebar ? (
        <TransactionSidebar
          tab={sidebar.tab}
          items={sidebar.items}
          counts={sidebar.counts}
          currency={currency}
          categories={[...income, ...expense].map(({ category }) => ({ id: category.id, name: category.name }))}
          accounts={sidebar.accounts}
          closeTo={panelUrl(null)}
          tabHref={panelUrl}
          premium={premium}
        />
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Dashboard | Ledgerly" }];

function UnableToLoadData() {
  const location = useLocation();
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
      <h2 className="text-2xl font-bold text-slate-900">Unable to Load Data</h2>
      <p className="text-slate-600">Your dashboard could not be loaded just now.</p>
      <a href={location.pathname + location.search} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        Try Again
      </a>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary unexpectedErrorHandler={() => <UnableToLoadData />} />;
}
