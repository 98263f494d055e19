import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export const PRIMARY_LINK_CLASS =
  "inline-flex items-center justify-center rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700";

export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 lg:py-20">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        {children ? <div className="mt-4 text-lg text-pretty text-slate-600">{children}</div> : null}
      </div>
    </header>
  );
}

export type FeatureKind = "expenses" | "budgets" | "analytics";

const FEATURE_ICON_PATHS: Record<FeatureKind, string> = {
  expenses: "M6 3h12v18l-3-2-3 2-3-2-3 2V3Zm3 5h6M9 12h6M9 16h3",
  budgets: "M12 3a9 9 0 1 0 9 9h-9V3Zm3-.5V9h6.5A9 9 0 0 0 15 2.5Z",
  analytics: "M4 20h16M7 16v-5m5 5V7m5 9v-8",
};

export function FeatureIcon({ feature }: { feature: FeatureKind }) {
  return (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={FEATURE_ICON_PATHS[feature]} />
      </svg>
    </span>
  );
}

export function SignUpCallToAction({
  heading,
  children,
  linkLabel = "Create a free account",
}: {
  heading: string;
  children: ReactNode;
  linkLabel?: string;
}) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="rounded-2xl bg-brand-600 px-6 py-12 text-center text-white sm:px-12">
        <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{heading}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-pretty text-brand-50">{children}</p>
        <Link
          to="/signup"
          className="mt-8 inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 font-semibold text-brand-700 shadow-sm hover:bg-brand-50"
        >
          {linkLabel}
        </Link>
      </div>
    </section>
  );
}

export type LegalSection = { id: string; heading: string; content: ReactNode };

/** Privacy Policy and Terms of Service: a dated document with a table of contents linking to each section. */
export function LegalDocument({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageIntro title={title}>
        <p className="text-base">Last updated: {lastUpdated}</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <div className="space-y-4 text-slate-700">{intro}</div>
        <nav aria-label="Contents" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Contents</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className="mt-10 scroll-mt-6">
            <h2 className="text-xl font-semibold text-slate-900">
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_li]:mt-1 [&_ul]:list-disc [&_ul]:pl-5">
              {section.content}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

/** A question that opens to its answer; a <details> element, so it works without JavaScript. */
export function FaqItem({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group px-5">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
        {question}
        <svg
          viewBox="0 0 20 20"
          className="size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="m5 8 5 5 5-5" />
        </svg>
      </summary>
      <div className="space-y-3 pb-5 leading-relaxed text-slate-600 [&_a]:text-brand-700 [&_a]:underline [&_li]:mt-1 [&_ul]:list-disc [&_ul]:pl-5">
        {children}
      </div>
    </details>
  );
}
