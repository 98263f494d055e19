import { Link } from "@remix-run/react";
import { SectionCard } from "~/components/ui/section-card";
import { useRevalidateWhile } from "~/components/ui/use-revalidate-while";
import { formatMoney, toCents } from "~/lib/money";
import { IMPORT_MESSAGES } from "../messages";
import { confirmHref } from "~/components/ui/confirm-dialog";
import { IMPORT_PATH, undoImportPath } from "../paths";
import { FORMAT_LABELS, type SourceFormat } from "../readers/source";

type KeptTransaction = { date?: string | null; description?: string | null; amount?: number | null; type?: string | null };

type ImportHistoryItem = {
  _id: string;
  fileName: string;
  format: string;
  /** The currency of the account the import went into; null for imports recorded before it was stored. */
  currency?: string | null;
  status: string;
  counts?: { imported?: number; duplicates?: number } | null;
  moneyIn: number;
  moneyOut: number;
  from?: string | null;
  to?: string | null;
  createdAt: Date | string;
  undoneAt?: Date | string | null;
  removed: number;
  /** While undoing: how many of its transactions go (those not changed since). */
  undoTotal?: number | null;
  kept: KeptTransaction[];
};

function when(value: Date | string) {
  return new Date(value).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

function KeptList({ kept, currency }: { kept: KeptTransaction[]; currency: string }) {
  if (kept.length === 0) return null;
  return (
    <div className="mt-2 text-sm text-slate-600">
      <p>Kept because you changed them after the import:</p>
      <ul className="mt-1 list-disc pl-5">
        {kept.map((transaction, index) => (
          <li key={index}>
            {transaction.date} · {transaction.description || "No description"} ·{" "}
            {formatMoney(toCents((transaction.type === "expense" ? -1 : 1) * (transaction.amount ?? 0)), currency)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The user's latest imports, each with what it brought in and Undo import:
 * amounts in the currency of the account it went into, or `currency` (the
 * user's) for an import recorded before batches stored theirs. An import
 * being undone says how far its job has come; the list loads again until it
 * is done (without JavaScript its Refresh link does).
 */
export function ImportHistory({ imports, currency }: { imports: ImportHistoryItem[]; currency: string }) {
  useRevalidateWhile(imports.some((batch) => batch.status === "undoing"), 1500);
  return (
    <SectionCard title="Past imports" description="Undo an import to remove exactly the transactions it added.">
      {imports.length === 0 ? (
        <p className="text-sm text-slate-600">No imports yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Past imports">
          {imports.map((batch) => (
            <li key={batch._id} className="py-3" data-testid="past-import">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div>
                  <p className="font-medium text-slate-900">
                    {batch.fileName || "Unnamed file"}{" "}
                    <span className="text-xs font-normal text-slate-500">{FORMAT_LABELS[batch.format as SourceFormat] ?? batch.format}</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    {when(batch.createdAt)} · {IMPORT_MESSAGES.plural(batch.counts?.imported ?? 0, "transaction")}
                    {batch.from && batch.to ? ` from ${batch.from} to ${batch.to}` : ""} · money in {formatMoney(toCents(batch.moneyIn), batch.currency ?? currency)}, money out{" "}
                    {formatMoney(toCents(batch.moneyOut), batch.currency ?? currency)}
                  </p>
                  {batch.status === "undoing" ? (
                    <p role="status" className="mt-1 text-sm font-medium text-slate-800">
                      {IMPORT_MESSAGES.undoing(batch.fileName, batch.removed, batch.undoTotal ?? 0)}…{" "}
                      <Link to={IMPORT_PATH} preventScrollReset className="font-semibold text-brand-700 hover:underline">
                        Refresh
                      </Link>
                    </p>
                  ) : null}
                  {batch.status === "undone" ? (
                    <>
                      <p className="text-sm font-medium text-amber-800">
                        {IMPORT_MESSAGES.undone(batch.removed, batch.kept.length)}
                        {batch.undoneAt ? ` · ${when(batch.undoneAt)}` : ""}
                      </p>
                      <KeptList kept={batch.kept} currency={batch.currency ?? currency} />
                    </>
                  ) : null}
                </div>
                {batch.status === "done" ? (
                  <Link
                    to={confirmHref(undoImportPath(batch._id))}
                    preventScrollReset
                    className="shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-center text-sm font-semibold text-slate-700 hover:bg-slate-50"
                  >
                    Undo import
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
