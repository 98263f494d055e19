/** Plan constants shared by the plans page, /manage-subscription and the billing server code. Money is integer cents. */

export const BILLING_INTERVALS = ["monthly", "annual"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const DEFAULT_BILLING_INTERVAL: BillingInterval = "monthly";

export const FREE_PRICE_CENTS = 0;
export const PREMIUM_PRICE_CENTS: Record<BillingInterval, number> = { monthly: 299, annual: 2499 };
export const INTERVAL_UNIT: Record<BillingInterval, string> = { monthly: "month", annual: "year" };

/** Where a signed-out visitor goes to subscribe; after signing in or up they come back to the plans page. */
export const SUBSCRIBE_LOGIN_PATH = "/login?redirect=subscription";
export const SUBSCRIBE_SIGNUP_PATH = "/signup?redirect=subscription";

export const PLANS_PATH = "/subscription";
export const PAYMENT_SUCCESS_PATH = "/payment-success";

export const ANNUAL_SAVINGS_TEXT = "Save $10.89 with annual billing";

export const PLAN_MESSAGES = {
  pricingNotConfigured: "Subscription pricing is not configured. Please contact support.",
  invalidInterval: "Please choose monthly or annual billing.",
  alreadySubscribed: "You already have an active subscription!",
  refreshFailed: "Failed to refresh subscription data",
  paymentErrorDefault: "We're having trouble processing your payment at the moment. Please try again later.",
  noCheckoutSession: "Failed to create checkout session - no session ID received",
  checkoutFailed: "Failed to start checkout process",
  loginToSubscribe: "You must be logged in to subscribe",
  noSubscriptionId: "No subscription ID found. Please try refreshing your subscription data first.",
  cancelNotConfirmed: "Failed to cancel subscription - no confirmation received",
  alreadyOnPlan: "You are already on this plan.",
  changePlanFailed: "Failed to change your plan. Please try again.",
} as const;

export const FREE_FEATURES = ["Basic expense tracking", "Dashboard view", "Basic budget tracking"];

export const PREMIUM_FEATURES = [
  "Everything in Free",
  "Advanced analytics dashboard",
  "Unlimited transactions",
  "Budget insights and trends",
  "Debt management tracking",
  "Savings goals",
  "Enhanced visualization charts",
];

export type CompareRow = { feature: string; free: boolean; premium: boolean };

export const COMPARE_ROWS: CompareRow[] = [
  { feature: "Expense tracking", free: true, premium: true },
  { feature: "Dashboard", free: true, premium: true },
  { feature: "Budget tracking", free: true, premium: true },
  { feature: "Custom categories", free: true, premium: true },
  { feature: "Basic reporting", free: true, premium: true },
  { feature: "Sync across devices", free: true, premium: true },
  { feature: "Advanced analytics", free: false, premium: true },
  { feature: "Interactive charts and reports", free: false, premium: true },
  { feature: "Budget insights and trends", free: false, premium: true },
  { feature: "Debt management", free: false, premium: true },
  { feature: "Savings goals", free: false, premium: true },
  { feature: "Bank account linking", free: false, premium: true },
  { feature: "Priority support", free: false, premium: true },
];

export const PLAN_FAQ = [
  {
    question: "Can I upgrade or downgrade at any time?",
    answer:
      "Yes. A plan change takes effect at the end of your current billing period. If you downgrade, you keep Premium features until that period ends.",
  },
  {
    question: "How does billing work?",
    answer: "Premium is billed monthly or annually, whichever you choose, through our secure payment provider.",
  },
  {
    question: "Is there a free trial?",
    answer: "No, there is no trial period for Premium. The Free plan has no time limit, so you can try Ledgerly before upgrading.",
  },
  {
    question: "How much do I save with annual billing?",
    answer: "Annual billing costs $24.99 a year instead of 12 × $2.99 = $35.88: you save $10.89 a year, about 30 percent.",
  },
  {
    question: "Which currencies can I pay in?",
    answer: "Prices are in US dollars. Only USD is supported.",
  },
];

export function isBillingInterval(value: unknown): value is BillingInterval {
  return BILLING_INTERVALS.some((interval) => interval === value);
}

/** The billing interval of a `?billing=` value; anything unknown means monthly. */
export function parseBillingInterval(value: string | null | undefined): BillingInterval {
  return value === "annual" ? "annual" : DEFAULT_BILLING_INTERVAL;
}

/** 299 → "$2.99", 0 → "$0" (USD only). */
export function formatUsd(cents: number) {
  return `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
}

export type CheckoutErrorDialog = { kind: "ad-blocker" } | { kind: "payment-error"; message: string };

const BLOCKED_PATTERN = /blocker|extension|blocked/i;

/** Which dialog a failed checkout shows: the ad-blocker advice when something blocked the payment provider, else the error. */
export function checkoutErrorDialog(error: unknown): CheckoutErrorDialog {
  const message = error instanceof Error ? error.message.trim() : typeof error === "string" ? error.trim() : "";
  if (BLOCKED_PATTERN.test(message)) return { kind: "ad-blocker" };
  return { kind: "payment-error", message: message || PLAN_MESSAGES.paymentErrorDefault };
}

/** What the action of a page with "Subscribe Now" answers when it does not redirect to checkout. */
export type SubscribeActionData = { formError: string | null; checkoutError: CheckoutErrorDialog | null };
