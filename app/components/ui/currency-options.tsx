import { currencyLabel, FEATURED_CURRENCIES, type Currency } from "~/lib/currency";

/**
 * A currency select's options: the common currencies first, then every other one. `others` comes from
 * the server (browsers ship slightly different currency lists, and hydration must match).
 */
export function CurrencyOptions({ others }: { others: readonly Currency[] }) {
  return (
    <>
      <optgroup label="Featured">
        {FEATURED_CURRENCIES.map((option) => (
          <option key={option.code} value={option.code}>
            {currencyLabel(option)}
          </option>
        ))}
      </optgroup>
      <optgroup label="All currencies">
        {others.map((option) => (
          <option key={option.code} value={option.code}>
            {currencyLabel(option)}
          </option>
        ))}
      </optgroup>
    </>
  );
}
