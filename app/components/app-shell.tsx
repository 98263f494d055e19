import { Form, NavLink, useLocation } from "@remix-run/react";
import { useReturnFocusToOpener } from "~/components/ui/return-focus";
import { useEffect, useRef, type ReactNode } from "react";
import { Logo } from "./brand";
import { NoticeRegion } from "./notice-region";
import { SiteFooter } from "./site-footer";

type NavItem = { to: string; label: string; premium?: boolean };

const NAV_ITEMS: NavItem[] = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/transactions", label: "Transactions" },
  { to: "/accounts", label: "Accounts" },
  { to: "/analytics", label: "Analytics" },
  { to: "/savings", label: "Savings" },
  { to: "/insights", label: "Insights" },
  { to: "/debt-management", label: "Debt Management" },
  { to: "/profile", label: "Profile" },
  { to: "/bank", label: "Bank", premium: true },
  { to: "/manage-subscription", label: "Subscription" },
];

function PremiumBadge() {
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[10px] font-bold uppercase tracking-wide text-amber-800">
      Premium
    </span>
  );
}

function Navigation() {
  return (
    <nav aria-label="Main" className="flex-1 space-y-1 px-3 py-4">
      {NAV_ITEMS.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          className={({ isActive }) =>
            `flex items-center justify-between rounded-lg px-3 py-2 text-sm font-medium ${
              isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
            }`
          }
        >
          <span>{item.label}</span>
          {item.premium ? <PremiumBadge /> : null}
        </NavLink>
      ))}
    </nav>
  );
}

function LogoutButton() {
  return (
    <Form method="post" action="/logout" className="border-t border-slate-200 p-3">
      <button type="submit" className="w-full rounded-lg px-3 py-2 text-left text-sm font-semibold text-red-700 hover:bg-red-50">
        Logout
      </button>
    </Form>
  );
}

/**
 * The mobile slide-over menu is a <details> element, so it opens and closes
 * without JavaScript; with JavaScript it also closes after each navigation.
 */
function MobileMenu() {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.key]);
  return (
    <details ref={details} className="group lg:hidden">
      <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden" aria-label="Open menu">
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </summary>
      <div
        className="fixed inset-0 top-16 z-40 bg-slate-900/40"
        aria-hidden="true"
        onClick={() => {
          if (details.current) details.current.open = false;
        }}
      />
      <div id="mobile-menu" className="fixed bottom-0 left-0 top-16 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl">
        <Navigation />
        <LogoutButton />
      </div>
    </details>
  );
}

function SubscriptionStatus({ premium }: { premium: boolean }) {
  if (!premium) return null;
  return (
    <>
      <NavLink to="/manage-subscription" className="hidden items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 lg:flex">
        My Subscription
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">Active</span>
      </NavLink>
      <span className="lg:hidden">
        <PremiumBadge />
      </span>
    </>
  );
}

export function AppShell({ title, premium, children }: { title: string; premium: boolean; children: ReactNode }) {
  useReturnFocusToOpener();
  return (
    <div>
      <header className="fixed inset-x-0 top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 lg:pl-72">
        <div className="flex items-center gap-2">
          <MobileMenu />
          <h1 className="truncate text-lg font-semibold text-slate-900" data-testid="page-title">
            {title}
          </h1>
        </div>
        <SubscriptionStatus premium={premium} />
      </header>
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-16 items-center border-b border-slate-200 px-5">
          <Logo to="/dashboard" />
        </div>
        <Navigation />
        <LogoutButton />
      </aside>
      <div className="flex min-h-screen flex-col lg:pl-64">
        <main className="flex-1 px-4 pb-12 pt-24 lg:px-8">
          <NoticeRegion className="mx-auto mb-6 max-w-6xl" />
          {children}
        </main>
        <SiteFooter />
      </div>
    </div>
  );
}
