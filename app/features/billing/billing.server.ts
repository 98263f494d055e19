import mongoose, { type Types } from "mongoose";
import type Stripe from "stripe";
import { User, type UserRecord } from "../../../models";
import { getStripe, isStripeError, requireStripe } from "~/integrations/stripe.server";
import { CONFIGURED_PREMIUM_PRICES, PLAN_MESSAGES, PAYMENT_SUCCESS_PATH, PLANS_PATH, type BillingInterval, type SubscribeFailure } from "./plans";
import { priceIdFor } from "./prices.server";
import { idOf, PLAN_CHANGE_ON_RESUME, premiumAccessFor, shouldApplySnapshot, snapshotFromStripe, type IntervalOfPrice } from "./subscription";

/** A failure whose message is meant for the user as it is. */
export class BillingError extends Error {}

type CheckoutRequest = { userId: string; priceId: string; origin: string };

/** Requests that differ only in time by less than this reuse one checkout session (a double click never opens two). */
const CHECKOUT_REUSE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Creates a Stripe Checkout Session for Premium and resolves to its hosted
 * page. The user's Stripe customer is created once and reused. The
 * idempotency key makes a double submission return the same session; it
 * includes the stored subscription, so subscribing again after a
 * cancellation opens a new one.
 */
export async function startCheckout({ userId, priceId, origin }: CheckoutRequest): Promise<{ checkoutUrl: string }> {
  const stripe = requireStripe();
  const user = await User.findById(userId)
    .select({ email: 1, displayName: 1, subscription: 1 })
    .lean<Pick<UserRecord, "email" | "displayName" | "subscription">>();
  if (!user) throw new BillingError(PLAN_MESSAGES.loginToSubscribe);
  const customerId = user.subscription?.customerId ?? (await createCustomer(stripe, userId, user.email, user.displayName));
  const window = Math.floor(Date.now() / CHECKOUT_REUSE_WINDOW_MS);
  const stored = `${user.subscription?.subscriptionId ?? "none"}:${user.subscription?.status ?? "none"}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "subscription",
      customer: customerId,
      client_reference_id: userId,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: `${origin}${PAYMENT_SUCCESS_PATH}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}${PLANS_PATH}`,
      metadata: { userId },
      subscription_data: { metadata: { userId } },
    },
    { idempotencyKey: `checkout:${userId}:${priceId}:${stored}:${window}` },
  );
  if (!session.id || !session.url) throw new BillingError(PLAN_MESSAGES.noCheckoutSession);
  return { checkoutUrl: session.url };
}

async function createCustomer(stripe: Stripe, userId: string, email: string, name?: string) {
  const customer = await stripe.customers.create(
    { email, ...(name && { name }), metadata: { userId } },
    { idempotencyKey: `customer:${userId}` },
  );
  await User.updateOne({ _id: userId }, { $set: { "subscription.customerId": customer.id } });
  return customer.id;
}

/** The stored subscription; a user who never subscribed has none of its fields. */
type StoredSubscription = Partial<NonNullable<UserRecord["subscription"]>>;

/** The user's premium flag and stored subscription; null when the user is gone. */
export async function getSubscriptionStatus(userId: string) {
  const user = await User.findById(userId)
    .select({ premiumAccess: 1, subscription: 1 })
    .lean<Pick<UserRecord, "premiumAccess" | "subscription">>();
  if (!user) return null;
  return { premiumAccess: Boolean(user.premiumAccess), subscription: user.subscription ?? {} };
}

async function storedSubscription(userId: string): Promise<StoredSubscription> {
  return (await getSubscriptionStatus(userId))?.subscription ?? {};
}

/** What a failed checkout tells the user: Stripe's messages and ours are written for users; anything else stays in the log. */
export function checkoutFailureMessage(error: unknown) {
  return isStripeError(error) || error instanceof BillingError ? error.message : PLAN_MESSAGES.checkoutFailed;
}

type SubscribeResult = { ok: true; checkoutUrl: string } | SubscribeFailure;

/**
 * "Subscribe Now": opens Stripe's checkout for the interval's price, unless
 * the user has premium already or the price is not configured. A failed
 * checkout comes back with the message for the user; its cause is logged.
 */
export async function subscribe({ userId, interval, origin }: { userId: string; interval: BillingInterval; origin: string }): Promise<SubscribeResult> {
  if ((await getSubscriptionStatus(userId))?.premiumAccess) return { ok: false, reason: "already-subscribed" };
  const priceId = priceIdFor(interval);
  if (!priceId) return { ok: false, reason: "pricing-not-configured" };
  try {
    const { checkoutUrl } = await startCheckout({ userId, priceId, origin });
    return { ok: true, checkoutUrl };
  } catch (error) {
    console.error("checkout failed", error);
    return { ok: false, reason: "checkout-failed", message: checkoutFailureMessage(error) };
  }
}

/**
 * Writes Stripe's current view of a subscription to its user, unless it is an
 * older subscription's news (see shouldApplySnapshot). Resolves whether it applied.
 */
export async function applySubscription(userId: string, subscription: Stripe.Subscription) {
  const snapshot = snapshotFromStripe(subscription, intervalOfConfiguredPrice);
  const status = await getSubscriptionStatus(userId);
  if (!status || !shouldApplySnapshot(status.subscription, snapshot)) return false;
  await User.updateOne(
    { _id: userId },
    { $set: { subscription: { ...snapshot, updatedAt: new Date() }, premiumAccess: premiumAccessFor(snapshot.status) } },
  );
  return true;
}

const intervalOfConfiguredPrice: IntervalOfPrice = (priceId) =>
  priceId === priceIdFor("annual") ? "year" : priceId === priceIdFor("monthly") ? "month" : null;

/** A subscription as Stripe has it now, with its schedule (the scheduled plan change) expanded. */
export function retrieveSubscription(stripe: Stripe, subscriptionId: string) {
  return stripe.subscriptions.retrieve(subscriptionId, { expand: ["schedule"] });
}

/** Re-reads the user's subscription from Stripe (by id, else the customer's newest) and stores it. */
export async function refreshSubscription(userId: string) {
  const stripe = requireStripe();
  const { subscriptionId, customerId } = await storedSubscription(userId);
  const id = subscriptionId ?? (customerId ? (await stripe.subscriptions.list({ customer: customerId, status: "all", limit: 1 })).data[0]?.id : undefined);
  if (!id) throw new BillingError(PLAN_MESSAGES.refreshFailed);
  const subscription = await retrieveSubscription(stripe, id);
  await applySubscription(userId, subscription);
  return subscription;
}

/** The stored subscription id, or a BillingError asking the user to refresh their subscription data first. */
async function requireSubscriptionId(userId: string) {
  const { subscriptionId } = await storedSubscription(userId);
  if (!subscriptionId) throw new BillingError(PLAN_MESSAGES.noSubscriptionId);
  return subscriptionId;
}

/**
 * Cancels at the end of the paid period (decision 164): Premium stays until
 * then and the user can resume. Stripe refuses to end a subscription that a
 * schedule manages, so a scheduled plan change is set aside in the
 * subscription's metadata (first, so a cancellation cut off half-way loses
 * nothing) and its schedule released; resuming schedules it again (decision 224).
 */
export async function cancelSubscription(userId: string) {
  const stripe = requireStripe();
  const current = await retrieveSubscription(stripe, await requireSubscriptionId(userId));
  // A change set aside by a cancellation cut off after its schedule was released is still in the metadata.
  const setAside = snapshotFromStripe(current, intervalOfConfiguredPrice).scheduledChange?.priceId ?? current.metadata?.[PLAN_CHANGE_ON_RESUME] ?? "";
  const metadata = { [PLAN_CHANGE_ON_RESUME]: setAside };
  if (current.schedule) {
    await stripe.subscriptions.update(current.id, { metadata });
    await stripe.subscriptionSchedules.release(idOf(current.schedule));
  }
  const updated = await stripe.subscriptions.update(current.id, { cancel_at_period_end: true, metadata, expand: ["schedule"] });
  if (!updated.cancel_at_period_end) throw new BillingError(PLAN_MESSAGES.cancelNotConfirmed);
  await applySubscription(userId, updated);
}

/**
 * Takes back a cancellation before the period ends: the subscription renews
 * as before, with the plan change the cancellation set aside scheduled again.
 * A resume cut off before that change was scheduled again finishes it.
 */
export async function resumeSubscription(userId: string) {
  const stripe = requireStripe();
  const current = await retrieveSubscription(stripe, await requireSubscriptionId(userId));
  if (!premiumAccessFor(current.status)) throw new BillingError(PLAN_MESSAGES.subscriptionEnded);
  const setAside = current.metadata?.[PLAN_CHANGE_ON_RESUME] || null;
  if (!current.cancel_at_period_end && !setAside) throw new BillingError(PLAN_MESSAGES.notCancelled);
  const resumed = current.cancel_at_period_end ? await stripe.subscriptions.update(current.id, { cancel_at_period_end: false, expand: ["schedule"] }) : current;
  const interval = setAside ? intervalOfConfiguredPrice(setAside) : null;
  if (setAside && interval && resumed.items.data[0]?.price.id !== setAside) await scheduleChange(stripe, resumed, setAside, interval);
  if (setAside) await stripe.subscriptions.update(current.id, { metadata: { [PLAN_CHANGE_ON_RESUME]: "" } });
  await applySubscription(userId, await retrieveSubscription(stripe, current.id));
}

/** Statuses after which Stripe charges nothing more. */
const ENDED_STATUSES = ["canceled", "incomplete_expired"];

/**
 * Before an account is deleted: a subscription that could still charge is
 * cancelled at Stripe. Resolves true when nothing can charge the user any
 * more (also when they never subscribed, or Stripe no longer knows it).
 */
export async function endSubscriptionBeforeDeletion(userId: string) {
  const { subscriptionId, status } = await storedSubscription(userId);
  if (!subscriptionId || (status && ENDED_STATUSES.includes(status))) return true;
  try {
    const canceled = await requireStripe().subscriptions.cancel(subscriptionId);
    return canceled.status === "canceled";
  } catch (error) {
    if (isStripeError(error) && error.code === "resource_missing") return true;
    console.error("cancelling the subscription of a deleted account failed", error);
    return false;
  }
}

/**
 * Schedules the switch to the other billing period for the next renewal
 * (decision 164): a Stripe subscription schedule keeps today's price until the
 * period ends, then bills the new one. Choosing today's period again drops a
 * change already scheduled. Resolves which of the two it did.
 */
export async function changePlan(userId: string, interval: BillingInterval): Promise<"scheduled" | "undone"> {
  const priceId = priceIdFor(interval);
  if (!priceId) throw new BillingError(PLAN_MESSAGES.pricingNotConfigured);
  const stripe = requireStripe();
  const current = await retrieveSubscription(stripe, await requireSubscriptionId(userId));
  const item = current.items.data[0];
  if (!item) throw new BillingError(PLAN_MESSAGES.refreshFailed);
  if (current.cancel_at_period_end) throw new BillingError(PLAN_MESSAGES.resumeBeforeChange);
  if (item.price.id === priceId) {
    if (!current.schedule) throw new BillingError(PLAN_MESSAGES.alreadyOnPlan);
    await releaseScheduledChange(stripe, userId, current);
    return "undone";
  }
  await scheduleChange(stripe, current, priceId, CONFIGURED_PREMIUM_PRICES[interval].interval);
  await applySubscription(userId, await retrieveSubscription(stripe, current.id));
  return "scheduled";
}

/**
 * A subscription schedule (the subscription's own, else a new one) that keeps today's price until the
 * period ends, then bills `priceId` for one `interval` at a time, handing the subscription back after.
 */
async function scheduleChange(stripe: Stripe, current: Stripe.Subscription, priceId: string, interval: "month" | "year") {
  const item = current.items.data[0];
  if (!item) throw new BillingError(PLAN_MESSAGES.refreshFailed);
  const scheduleId = current.schedule ? idOf(current.schedule) : (await stripe.subscriptionSchedules.create({ from_subscription: current.id })).id;
  const quantity = item.quantity ?? 1;
  await stripe.subscriptionSchedules.update(scheduleId, {
    end_behavior: "release",
    proration_behavior: "none",
    phases: [
      { items: [{ price: item.price.id, quantity }], start_date: item.current_period_start, end_date: item.current_period_end },
      { items: [{ price: priceId, quantity }], duration: { interval, interval_count: 1 } },
    ],
  });
}

/** Drops the scheduled plan change: the subscription renews on today's price. */
export async function undoPlanChange(userId: string) {
  const stripe = requireStripe();
  await releaseScheduledChange(stripe, userId, await retrieveSubscription(stripe, await requireSubscriptionId(userId)));
}

async function releaseScheduledChange(stripe: Stripe, userId: string, current: Stripe.Subscription) {
  // One set aside by a cancellation cut off before it was done goes too: a later cancellation must not bring it back.
  if (current.metadata?.[PLAN_CHANGE_ON_RESUME]) await stripe.subscriptions.update(current.id, { metadata: { [PLAN_CHANGE_ON_RESUME]: "" } });
  if (!current.schedule) return applySubscription(userId, current);
  await stripe.subscriptionSchedules.release(idOf(current.schedule));
  return applySubscription(userId, await retrieveSubscription(stripe, current.id));
}

/** Opens Stripe's customer portal (card and invoices) for the user's customer; resolves to its page. */
export async function openBillingPortal(userId: string, returnUrl: string) {
  const { customerId } = await storedSubscription(userId);
  if (!customerId) throw new BillingError(PLAN_MESSAGES.portalFailed);
  const session = await requireStripe().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
  return session.url;
}

/**
 * The success page's server read: when the checkout session is this user's
 * and complete, its subscription is stored without waiting for the webhook.
 * Visiting the URL alone grants nothing.
 */
export async function syncCheckoutSession(userId: string, sessionId: string) {
  const stripe = requireStripe();
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.client_reference_id !== userId || session.status !== "complete" || !session.subscription) return false;
  return applySubscription(userId, await retrieveSubscription(stripe, idOf(session.subscription)));
}

/** How many subscriptions one reconciliation run re-reads at most. */
const RECONCILE_BATCH_SIZE = 100;

/**
 * Re-syncs premium users whose billing period has ended: a renewal, a lapse
 * or a cancellation whose webhook never arrived is caught here.
 */
export async function reconcileEndedSubscriptions(now = new Date()) {
  if (!getStripe()) return { checked: 0, failed: 0 };
  const users = await User.find({ premiumAccess: true, "subscription.currentPeriodEnd": mongoose.trusted({ $lt: now }) })
    .select({ _id: 1 })
    .limit(RECONCILE_BATCH_SIZE)
    .lean<Array<{ _id: Types.ObjectId }>>();
  let failed = 0;
  for (const { _id } of users) {
    try {
      await refreshSubscription(_id.toHexString());
    } catch (error) {
      failed += 1;
      console.error(`reconciling the subscription of user ${_id.toHexString()} failed`, error);
    }
  }
  return { checked: users.length, failed };
}
