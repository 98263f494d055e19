import type Stripe from "stripe";

/**
 * Which Stripe subscription statuses unlock premium (decision 090):
 * - active: paid up;
 * - trialing: Ledgerly offers no trial, but a trial granted in Stripe is honoured;
 * - past_due: a renewal payment failed and Stripe is retrying; access stays
 *   until Stripe gives up (then the status becomes unpaid or canceled).
 */
const PREMIUM_STATUSES = new Set(["active", "trialing", "past_due"]);

export function premiumAccessFor(status: string | null | undefined) {
  return Boolean(status && PREMIUM_STATUSES.has(status));
}

/** The user's `subscription` object as stored (dates as Date, interval month | year). */
type SubscriptionSnapshot = {
  status: string;
  plan: string;
  interval: "month" | "year";
  priceId: string | null;
  planId: string | null;
  subscriptionId: string;
  customerId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  scheduledChange: ScheduledChange | null;
  changeOnResume: ScheduledChange | null;
};

/** A billing-period change waiting in a subscription schedule for the next renewal. */
type ScheduledChange = { interval: "month" | "year"; priceId: string; effectiveAt: Date };

/**
 * The subscription's metadata key that keeps a scheduled plan change (its price id) while a cancellation is
 * pending: Stripe refuses to end a subscription a schedule manages, so cancelling releases the schedule, and
 * resuming schedules the change again.
 */
export const PLAN_CHANGE_ON_RESUME = "ledgerly_plan_change_on_resume";

export const PREMIUM_PLAN_NAME = "Premium";

const fromUnixSeconds = (seconds: number | null | undefined) => (typeof seconds === "number" ? new Date(seconds * 1000) : null);
/** The id of a Stripe reference, expanded or not. */
export function idOf(value: string | { id: string }): string;
export function idOf(value: string | { id: string } | null | undefined): string | null;
export function idOf(value: string | { id: string } | null | undefined) {
  return typeof value === "string" ? value : (value?.id ?? null);
}

/**
 * What Stripe says about a subscription, in the shape of the user's document.
 * The period lives on the items in current API versions. A scheduled change is
 * only known when the subscription was read with its schedule expanded; one a
 * pending cancellation set aside is in the subscription's metadata.
 */
export function snapshotFromStripe(subscription: Stripe.Subscription, intervalOfPrice: IntervalOfPrice): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  return {
    status: subscription.status,
    plan: PREMIUM_PLAN_NAME,
    interval: item?.price.recurring?.interval === "year" ? "year" : "month",
    priceId: item?.price.id ?? null,
    planId: idOf(item?.price.product),
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    currentPeriodStart: fromUnixSeconds(item?.current_period_start),
    currentPeriodEnd: fromUnixSeconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: fromUnixSeconds(subscription.canceled_at),
    scheduledChange: scheduledChangeOf(subscription, intervalOfPrice),
    changeOnResume: subscription.cancel_at_period_end ? changeOnResumeOf(subscription, intervalOfPrice) : null,
  };
}

/** The plan change a pending cancellation keeps for a resume: from the next renewal, to another price Ledgerly knows. */
function changeOnResumeOf(subscription: Stripe.Subscription, intervalOfPrice: IntervalOfPrice): ScheduledChange | null {
  const priceId = subscription.metadata?.[PLAN_CHANGE_ON_RESUME];
  const item = subscription.items.data[0];
  const interval = priceId ? intervalOfPrice(priceId) : null;
  if (!priceId || !item || !interval || priceId === item.price.id) return null;
  return { interval, priceId, effectiveAt: new Date(item.current_period_end * 1000) };
}

/** Reads a price id as a billing period; null for a price Ledgerly does not know. */
export type IntervalOfPrice = (priceId: string) => "month" | "year" | null;

/** The first later phase of an attached schedule that bills another price than today's. */
function scheduledChangeOf(subscription: Stripe.Subscription, intervalOfPrice: IntervalOfPrice): ScheduledChange | null {
  const { schedule } = subscription;
  const item = subscription.items.data[0];
  if (!schedule || typeof schedule === "string" || schedule.status !== "active" || !item) return null;
  for (const phase of schedule.phases) {
    const price = phase.items[0]?.price;
    if (phase.start_date < item.current_period_end || !price || idOf(price) === item.price.id) continue;
    // A schedule read by expanding the subscription names its phases' prices by id.
    const interval = intervalOfPrice(idOf(price));
    if (!interval) continue;
    return { interval, priceId: idOf(price), effectiveAt: new Date(phase.start_date * 1000) };
  }
  return null;
}

type StoredSubscriptionRef = { subscriptionId?: string | null; status?: string | null } | null | undefined;

/**
 * Whether a fresh snapshot may replace what the user has stored. Events can
 * arrive late and out of order, and an old subscription's events must not
 * undo a newer one: a snapshot of the stored subscription always applies
 * (it is Stripe's current truth); another subscription only when it grants
 * access or nothing that grants access is stored.
 */
export function shouldApplySnapshot(stored: StoredSubscriptionRef, snapshot: SubscriptionSnapshot) {
  if (!stored?.subscriptionId || stored.subscriptionId === snapshot.subscriptionId) return true;
  return premiumAccessFor(snapshot.status) || !premiumAccessFor(stored.status);
}

/** The subscription id a webhook event is about, whatever its object; null for the events Ledgerly does not use. */
export function subscriptionIdOfEvent(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed":
      return idOf(event.data.object.subscription);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.id;
    case "subscription_schedule.created":
    case "subscription_schedule.updated":
    case "subscription_schedule.released":
    case "subscription_schedule.canceled":
    case "subscription_schedule.completed":
      return idOf(event.data.object.subscription) ?? event.data.object.released_subscription;
    case "invoice.paid":
    case "invoice.payment_failed":
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    default:
      return null;
  }
}

/** The Ledgerly user id an event names, when it names one (checkout's client reference or the metadata we set). */
export function userIdOfEvent(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed":
      return event.data.object.client_reference_id ?? event.data.object.metadata?.userId ?? null;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.metadata?.userId ?? null;
    default:
      return null;
  }
}
