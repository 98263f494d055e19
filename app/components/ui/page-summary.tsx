import type { ReactNode } from "react";

/** The heading block of a signed-in page whose features arrive in later releases. */
export function PageSummary({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-5xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-slate-900">{heading}</h2>
      <div className="mt-2 space-y-2 text-slate-600">{children}</div>
    </section>
  );
}
