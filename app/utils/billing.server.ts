import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import { data } from "@remix-run/react";
import * as z from "zod/mini";
import { User } from "../../models";
import { requireUserId } from "./auth.server";
import { getEnv, type ServerEnv } from "./env.server";
import {
  BILLING_INTERVALS,
  checkoutErrorDialog,
  PLAN_MESSAGES,
  SUBSCRIBE_LOGIN_PATH,
  type BillingInterval,
  type SubscribeActionData,
} from "./plans";

type PriceEnv = Pick<ServerEnv, "STRIPE_PRICE_MONTHLY" | "STRIPE_PRICE_ANNUAL">;

/** The payment provider's price ids of Premium; an unset or empty variable is `null`. */
export function getPriceIds(env: PriceEnv = getEnv()): Record<BillingInterval, string | null> {
  return { monthly: env.STRIPE_PRICE_MONTHLY?.trim() || null, annual: env.STRIPE_PRICE_ANNUAL?.trim() || null };
}

export function priceIdFor(interval: BillingInterval, env?: PriceEnv) {
  return getPriceIds(env)[interval];
}

export type CheckoutRequest = { userId: string; priceId: string; interval: BillingInterval; origin: string };

/**
 * The hand-off to the payment provider's hosted checkout: resolves to the URL
 * the browser is sent to. Until checkout is built it always fails.
 */
export async function startCheckout(_checkout: CheckoutRequest): Promise<{ checkoutUrl: string }> {
  throw new Error("Checkout is not available yet");
}

export type StoredSubscription = {
  status?: string | null;
  plan?: string | null;
  interval?: "month" | "year" | null;
  subscriptionId?: string | null;
  currentPeriodEnd?: Date | null;
};

export async function getSubscriptionStatus(userId: string) {
  const user = await User.findById(userId)
    .select({ premiumAccess: 1, subscription: 1 })
    .lean<{ premiumAccess?: boolean; subscription?: StoredSubscription | null }>();
  if (!user) return null;
  return { premiumAccess: Boolean(user.premiumAccess), subscription: user.subscription ?? {} };
}

/** Like requireUserId, but a signed-out visitor is sent to sign in and then back to the plans page. */
export async function requireSubscriberId(request: Request) {
  try {
    return await requireUserId(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.has("Location")) thrown.headers.set("Location", SUBSCRIBE_LOGIN_PATH);
    throw thrown;
  }
}

export function billingFailure(failure: Partial<SubscribeActionData>, status: number) {
  return data<SubscribeActionData>({ formError: null, checkoutError: null, ...failure }, { status });
}

const SubscribeSchema = z.object({
  interval: z.enum(BILLING_INTERVALS, { error: PLAN_MESSAGES.invalidInterval }),
});

/** "Subscribe Now" on the plans page and /manage-subscription: checks the interval and its price, then starts checkout. */
export async function subscribe(request: Request, userId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: SubscribeSchema });
  if (submission.status !== "success") return billingFailure({ formError: PLAN_MESSAGES.invalidInterval }, 400);
  if ((await getSubscriptionStatus(userId))?.premiumAccess) {
    return billingFailure({ formError: PLAN_MESSAGES.alreadySubscribed }, 409);
  }
  const { interval } = submission.value;
  const priceId = priceIdFor(interval);
  if (!priceId) return billingFailure({ formError: PLAN_MESSAGES.pricingNotConfigured }, 503);
  try {
    const origin = getEnv().APP_URL ?? new URL(request.url).origin;
    const { checkoutUrl } = await startCheckout({ userId, priceId, interval, origin });
    return redirect(checkoutUrl);
  } catch (error) {
    console.error("checkout failed", error);
    return billingFailure({ checkoutError: checkoutErrorDialog(error) }, 502);
  }
}
