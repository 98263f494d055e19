import { useId, type ReactNode } from "react";

/**
 * A titled white card: one section of a settings-like page. With `targetId`, its title has that id and takes
 * focus when a link aims at it (`#targetId`).
 */
export function SectionCard({ title, description, targetId, children }: { title: string; description?: ReactNode; targetId?: string; children: ReactNode }) {
  const ownId = useId();
  const headingId = targetId ?? ownId;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} tabIndex={targetId ? -1 : undefined} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5 space-y-4">{children}</div>
    </section>
  );
}
