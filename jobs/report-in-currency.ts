import { recountInReportingCurrency } from "../app/features/transactions/ledger.server";

export const REPORT_IN_CURRENCY = "report-in-currency";

export type ReportInCurrencyJobData = { userId: string };

/** Counts one user's totals again in their new reporting currency (the profile's currency change queues it). */
export function reportInCurrency(userId: string) {
  return recountInReportingCurrency(userId);
}
