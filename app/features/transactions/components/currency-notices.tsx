import { useRevalidateWhile } from "~/components/ui/use-revalidate-while";
import type { ReportingRecountProgress } from "../transactions";

/**
 * What a page of totals says about money in other currencies: that the totals are being counted again in a
 * new reporting currency (how far), and how many of the month's transactions wait for a rate (not counted).
 */
export function CurrencyNotices({ recount, unconverted = 0 }: { recount: ReportingRecountProgress | null; unconverted?: number }) {
  useRevalidateWhile(recount !== null, 5000);
  if (!recount && unconverted === 0) return null;
  return (
    <div role="status" className="space-y-1 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {recount ? (
        <p>
          Your totals are being counted again in {recount.currency}
          {recount.total > 0 ? `: ${recount.done.toLocaleString("en-US")} of ${recount.total.toLocaleString("en-US")} transactions so far` : ""}. Until then
          some figures mix the old currency and the new.
        </p>
      ) : null}
      {unconverted > 0 ? (
        <p>
          {unconverted === 1 ? "1 transaction" : `${unconverted.toLocaleString("en-US")} transactions`} in another currency {unconverted === 1 ? "is" : "are"} not in
          these totals yet: no exchange rate is known for {unconverted === 1 ? "its day" : "their days"}. Enter the rate you got on each, or wait for the European
          Central Bank&apos;s next rates.
        </p>
      ) : null}
    </div>
  );
}
