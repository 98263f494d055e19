import { useId, type ReactNode } from "react";

/**
 * A dashboard panel that folds away on phones. It is a <details> element, so
 * it opens and closes without JavaScript; from lg it is simply always open.
 */
export function CollapsiblePanel({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const headingId = useId();
  return (
    <details open className="group rounded-2xl border border-slate-200 bg-white shadow-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 lg:pointer-events-none lg:cursor-default lg:px-6 lg:pt-5 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {count === undefined ? null : (
            <span data-testid="item-count" className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">
              {count}
              <span className="sr-only"> items</span>
            </span>
          )}
        </span>
        <svg viewBox="0 0 20 20" className="h-5 w-5 text-slate-500 transition-transform group-open:rotate-180 lg:hidden" fill="currentColor" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <section aria-labelledby={headingId} className="px-4 pb-4 lg:px-6 lg:pb-6">
        {children}
      </section>
    </details>
  );
}
