import type { Currency } from "~/lib/currency";
import { currencyLabel, FEATURED_CURRENCIES } from "~/lib/currency-list";

/**
 * A currency select's options: the common currencies first, then every other one. `others` comes from
 * the server (browsers ship slightly different currency lists, and hydration must match).
 */
export function CurrencyOptions({ others }: { others: readonly Currency[] }) {
  const groups = [
    { label: "Featured", currencies: FEATURED_CURRENCIES },
    { label: "All currencies", currencies: others },
  ];
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.currencies.map((option) => (
            <option key={option.code} value={option.code}>
              {currencyLabel(option)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
