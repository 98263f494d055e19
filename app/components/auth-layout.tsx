import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Logo } from "./brand";
import { NoticeRegion } from "./notice-region";
import { withRedirect } from "~/utils/redirect";

type Highlight = { title: string; text: string };

export function AuthLayout({
  title,
  subtitle,
  highlights,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  highlights?: Highlight[];
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-10 sm:px-6">
        <NoticeRegion className="mb-6" />
        <div className="grid flex-1 gap-10 lg:grid-cols-2 lg:items-center">
          <section className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
            {subtitle ? <div className="mt-1 text-sm text-slate-600">{subtitle}</div> : null}
            <div className="mt-6">{children}</div>
          </section>
          {highlights ? (
            <aside className="hidden rounded-2xl bg-gradient-to-br from-brand-600 to-brand-700 p-10 text-white lg:block">
              <ul className="space-y-6">
                {highlights.map((highlight) => (
                  <li key={highlight.title}>
                    <h2 className="text-lg font-semibold">{highlight.title}</h2>
                    <p className="mt-1 text-brand-100">{highlight.text}</p>
                  </li>
                ))}
              </ul>
            </aside>
          ) : null}
        </div>
      </main>
    </div>
  );
}

/** The line under a sign-in page's title that leads to the other one, keeping where the visitor was going. */
export function AuthSwitch({ question, to, label, redirectTo }: { question: string; to: string; label: string; redirectTo?: string }) {
  return (
    <>
      {question}{" "}
      <Link to={withRedirect(to, redirectTo)} className="font-semibold text-brand-700 hover:underline">
        {label}
      </Link>
    </>
  );
}

/** Posts to the Google strategy, which redirects to Google's consent screen. */
function GoogleSignInForm({ label, redirectTo }: { label: string; redirectTo?: string }) {
  return (
    <Form method="post" action="/auth/google">
      {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
      <button
        type="submit"
        className="inline-flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-700 shadow-sm hover:bg-slate-50"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24z" />
          <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9l4-3.1z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c1-2.8 3.6-4.9 6.7-4.9z" />
        </svg>
        {label}
      </button>
    </Form>
  );
}

/** "or" and the Google button, shown under a sign-in or sign-up form when Google is configured. */
export function GoogleAlternative({ enabled, label, redirectTo }: { enabled: boolean; label: string; redirectTo?: string }) {
  if (!enabled) return null;
  return (
    <>
      <Divider />
      <GoogleSignInForm label={label} redirectTo={redirectTo} />
    </>
  );
}

function Divider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
