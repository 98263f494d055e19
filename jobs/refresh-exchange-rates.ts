import { refreshExchangeRates } from "../app/features/exchange-rates/exchange-rates.server";
import { convertWaitingAmounts } from "../app/features/transactions/ledger.server";

export const REFRESH_EXCHANGE_RATES = "refresh-exchange-rates";
/** The ECB publishes once a business day, around 16:00 CET; four looks a day see each publication within six hours. */
export const REFRESH_EXCHANGE_RATES_INTERVAL = "6 hours";

/**
 * Stores the ECB's newest rates, then converts the transactions that waited for them. A failure is logged,
 * not thrown: the next run tries again, and older days still answer.
 */
export async function refreshRates() {
  try {
    const added = await refreshExchangeRates();
    if (added > 0) await convertWaitingAmounts();
    return added;
  } catch (error) {
    console.error(`exchange rates: refresh failed: ${error instanceof Error ? error.message : String(error)}`);
    return 0;
  }
}
