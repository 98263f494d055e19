import { detectUserSeries } from "../app/features/recurring/recurring.server";
import { todayIso } from "../app/lib/month";

export const DETECT_SERIES = "detect-series";

export type DetectSeriesJobData = { userId: string };

/** Looks for recurring series in one user's whole history (the recurring page asks for it; an import queues it too). */
export function detectSeriesOf(userId: string) {
  return detectUserSeries(userId, todayIso());
}
