import { useId } from "react";
import { formatMoney } from "~/lib/money";
import type { unplannedCategories } from "../dashboard";

/**
 * Names the expense categories that have no plan this month: spending in
 * them shows as over until the user plans an amount (on the card: the
 * planned figure, or the card's Edit without JavaScript).
 */
export function UnplannedNotice({ categories, currency }: { categories: ReturnType<typeof unplannedCategories>; currency: string }) {
  const headingId = useId();
  if (categories.length === 0) return null;
  const overspent = categories.filter((category) => category.spent > 0);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 lg:px-6">
      <h2 id={headingId} className="font-semibold">
        {categories.length === 1 ? "1 category has no plan yet" : `${categories.length} categories have no plan yet`}
      </h2>
      <p className="mt-1 wrap-anywhere">
        {categories.map((category, index) => (
          <span key={category.id}>
            {index > 0 ? ", " : null}
            <span className={category.spent > 0 ? "font-semibold text-red-700" : undefined}>{category.name}</span>
            {category.spent > 0 ? ` (${formatMoney(category.spent, currency)} spent)` : null}
          </span>
        ))}
        .
      </p>
      <p className="mt-1">
        {overspent.length > 0 ? "Spending in a category with nothing planned counts as over budget. " : null}
        Plan an amount on each card below to see what is left as you spend.
      </p>
    </section>
  );
}
