import { Types } from "mongoose";
import type Stripe from "stripe";
import { ProcessedStripeEvent, User } from "../../../models";
import { applySubscription, retrieveSubscription } from "./billing.server";
import { getEnv } from "~/utils/env.server";
import { getStripe, verifyWebhookEvent } from "~/integrations/stripe.server";
import { subscriptionIdOfEvent, userIdOfEvent } from "./subscription";

/** A refused delivery is not recorded as processed: Stripe's next delivery of the event is handled afresh. */
export type WebhookOutcome =
  | { ok: true; result: "applied" | "unchanged" | "duplicate" | "ignored" | "unknown-user" }
  | { ok: false; reason: "not-configured" | "invalid-signature" | "retry-later"; message: string };

const DUPLICATE_KEY = 11000;

/**
 * Verifies and applies one Stripe webhook delivery. The signature covers the
 * raw body, so it is read as text before anything parses it, and must be
 * dated within five minutes of now, in the past or ahead. Events are only
 * signals: the subscription is re-read from Stripe and that snapshot stored,
 * so duplicates, gaps and any order of delivery end in Stripe's current state.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  const stripe = getStripe();
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) return { ok: false, reason: "not-configured", message: "Payments are not configured" };
  if (!signature) return { ok: false, reason: "invalid-signature", message: "Missing Stripe-Signature header" };
  let event: Stripe.Event;
  try {
    event = verifyWebhookEvent(stripe, rawBody, signature, secret);
  } catch (error) {
    return { ok: false, reason: "invalid-signature", message: error instanceof Error ? error.message : "Invalid signature" };
  }
  if (await ProcessedStripeEvent.exists({ _id: event.id })) return { ok: true, result: "duplicate" };
  let applied: Awaited<ReturnType<typeof applyEvent>>;
  try {
    applied = await applyEvent(stripe, event);
  } catch (error) {
    // Not recorded as processed, so Stripe's next delivery applies it.
    console.error(`applying Stripe event ${event.id} (${event.type}) failed`, error);
    return { ok: false, reason: "retry-later", message: "The event could not be applied now; retry later" };
  }
  const { result, userId } = applied;
  try {
    await ProcessedStripeEvent.create({ _id: event.id, type: event.type, userId });
  } catch (error) {
    // A concurrent delivery of the same event recorded it first; applying twice changed nothing.
    if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
  }
  return { ok: true, result };
}

async function applyEvent(stripe: Stripe, event: Stripe.Event) {
  const subscriptionId = subscriptionIdOfEvent(event);
  if (!subscriptionId) return { result: "ignored" as const, userId: null };
  const subscription = await retrieveSubscription(stripe, subscriptionId);
  const userId = await findUserId(userIdOfEvent(event) ?? subscription.metadata?.userId ?? null, subscription.customer);
  if (!userId) {
    console.warn(`Stripe event ${event.id} (${event.type}) names no known user; acknowledged without changes`);
    return { result: "unknown-user" as const, userId: null };
  }
  const applied = await applySubscription(userId, subscription);
  return { result: applied ? ("applied" as const) : ("unchanged" as const), userId };
}

async function findUserId(named: string | null, customer: string | Stripe.Customer | Stripe.DeletedCustomer) {
  if (named && Types.ObjectId.isValid(named) && (await User.exists({ _id: named }))) return named;
  const customerId = typeof customer === "string" ? customer : customer.id;
  const byCustomer = await User.findOne({ "subscription.customerId": customerId }).select({ _id: 1 }).lean<{ _id: Types.ObjectId }>();
  return byCustomer?._id.toHexString() ?? null;
}
