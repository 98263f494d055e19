import { Link } from "@remix-run/react";
import { SECONDARY_BUTTON_CLASS } from "~/components/ui/buttons";
import { SectionCard } from "~/components/ui/section-card";
import { formatMoney, toCents, type Cents } from "~/lib/money";
import type { AccountSummary } from "../accounts";
import { BalanceText } from "./account-list";

/** A register row as the page shows it: the transaction, its category's name, and the account's balance after it. */
export type RegisterRow = {
  id: string;
  date: string;
  description: string;
  categoryName: string;
  type: "income" | "expense";
  amount: number;
  balance: Cents;
  /** A reconciliation found it on a statement. */
  cleared: boolean;
};

const COLUMNS = [
  { label: "Date", align: "" },
  { label: "Description", align: "" },
  { label: "Category", align: "" },
  { label: "Amount", align: "text-right" },
  { label: "Cleared", align: "text-center" },
  { label: "Balance", align: "text-right" },
] as const;

/**
 * An account's transactions, newest first, each with the balance after it, and links to older and
 * newest pages (plain links with `?cursor=`, so paging needs no script).
 */
export function AccountRegister({
  account,
  rows,
  currency,
  olderHref,
  newestHref,
}: {
  account: Pick<AccountSummary, "kind">;
  rows: RegisterRow[];
  currency: string;
  olderHref: string | null;
  newestHref: string | null;
}) {
  return (
    <SectionCard
      title="Transactions"
      description={
        newestHref ? (
          <>
            Showing older transactions.{" "}
            <Link to={newestHref} className="font-semibold text-brand-700 hover:underline">
              Back to newest
            </Link>
          </>
        ) : undefined
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No transactions in this account yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                {COLUMNS.map(({ label, align }) => (
                  <th key={label} scope="col" className={`py-2 pr-4 font-medium last:pr-0 ${align}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} data-testid="register-row">
                  <td className="whitespace-nowrap py-2 pr-4 text-slate-500">{row.date}</td>
                  <td className="min-w-40 py-2 pr-4 text-slate-900 break-words">{row.description}</td>
                  <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{row.categoryName}</td>
                  <td className={`whitespace-nowrap py-2 pr-4 text-right font-semibold tabular-nums ${row.type === "income" ? "text-emerald-700" : "text-red-700"}`}>
                    {row.type === "income" ? "+" : "−"}
                    {formatMoney(toCents(row.amount), currency)}
                  </td>
                  <td className="py-2 pr-4 text-center text-emerald-700">
                    {row.cleared ? (
                      <span role="img" aria-label="Cleared" title="Cleared">
                        ✓
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap py-2 text-right tabular-nums text-slate-900">
                    <BalanceText account={{ kind: account.kind, balance: row.balance }} currency={currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {olderHref ? (
        <div className="flex justify-center">
          <Link to={olderHref} className={SECONDARY_BUTTON_CLASS}>
            Older transactions
          </Link>
        </div>
      ) : null}
    </SectionCard>
  );
}
