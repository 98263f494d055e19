import { reconcileEndedSubscriptions } from "../app/features/billing/billing.server";

export const RECONCILE_SUBSCRIPTIONS = "reconcile-subscriptions";
export const RECONCILE_INTERVAL = "1 hour";

/** Premium users whose billing period ended are re-read from Stripe, in case a webhook was missed. */
export async function reconcileSubscriptions(now = new Date()) {
  const result = await reconcileEndedSubscriptions(now);
  if (result.failed) console.warn(`subscription reconciliation: ${result.failed} of ${result.checked} could not be re-read`);
  return result;
}
