/** Plan constants shared by the plans page, /manage-subscription and the billing server code. Money is integer cents. */
import { formatMoney, toCents } from "~/lib/money";

export const BILLING_INTERVALS = ["monthly", "annual"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
const DEFAULT_BILLING_INTERVAL: BillingInterval = "monthly";

/** A recurring price as a Stripe price object states it: unit amount in cents, currency, billing period. */
export type PlanPrice = { cents: number; currency: string; interval: "month" | "year" };
export type PremiumPrices = Record<BillingInterval, PlanPrice>;

/** The only currency Ledgerly bills in (the plans FAQ says so). */
const PLAN_CURRENCY = "USD";

export const FREE_PLAN_PRICE: PlanPrice = { cents: 0, currency: PLAN_CURRENCY, interval: "month" };

/**
 * The plan configuration: Premium at $2.99 a month or $24.99 a year. Pages
 * show Stripe's own price objects when they can be read (getPremiumPrices),
 * these otherwise.
 */
export const CONFIGURED_PREMIUM_PRICES: PremiumPrices = {
  monthly: { cents: 299, currency: PLAN_CURRENCY, interval: "month" },
  annual: { cents: 2499, currency: PLAN_CURRENCY, interval: "year" },
};

/** Where a signed-out visitor goes to subscribe; after signing in or up they come back to the plans page. */
export const SUBSCRIBE_LOGIN_PATH = "/login?redirect=subscription";
export const SUBSCRIBE_SIGNUP_PATH = "/signup?redirect=subscription";

export const PLANS_PATH = "/subscription";
export const PAYMENT_SUCCESS_PATH = "/payment-success";

/** The `intent` values of the forms that post to /manage-subscription (Subscribe Now posts to /subscription, too). */
export const BILLING_INTENTS = {
  subscribe: "subscribe",
  refresh: "refresh",
  changePlan: "change-plan",
  undoPlanChange: "undo-plan-change",
  cancel: "cancel",
  resume: "resume",
  billingPortal: "billing-portal",
} as const;
export type BillingIntent = (typeof BILLING_INTENTS)[keyof typeof BILLING_INTENTS];

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
  resumeFailed: "Failed to resume your subscription. Please try again.",
  portalFailed: "Failed to open the billing portal. Please try again.",
  notCancelled: "Your subscription is not set to end.",
  subscriptionEnded: "This subscription has ended. Subscribe again to get Premium back.",
  resumeBeforeChange: "Resume your subscription before changing its plan.",
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

type CompareRow = { feature: string; free: boolean; premium: boolean };

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

const PLAN_QUESTIONS = [
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
];

const CURRENCY_QUESTION = {
  question: "Which currencies can I pay in?",
  answer: "Subscriptions are billed in US dollars. Your money can be in any currency: each account keeps its own, and your totals are counted in the currency you choose, at the European Central Bank's rate of each day.",
};

/** The billing interval of a `?billing=` value; anything unknown means monthly. */
export function parseBillingInterval(value: string | null | undefined): BillingInterval {
  return value === "annual" ? "annual" : DEFAULT_BILLING_INTERVAL;
}

/**
 * 299 → "$2.99", 0 → "$0": a whole amount drops its zero cents, so the Free
 * price reads "$0", not "$0.00". formatMoney writes en-US amounts, so those end in ".00".
 */
export function formatPlanAmount({ cents, currency }: { cents: number; currency: string }) {
  const formatted = formatMoney(toCents(cents), currency);
  return cents % 100 === 0 ? formatted.replace(/\.00$/, "") : formatted;
}

/** "$2.99 per month" */
export function pricePerInterval(price: PlanPrice) {
  return `${formatPlanAmount(price)} per ${price.interval}`;
}

/** "$2.99 per month or $24.99 per year" */
export function premiumPricesText(prices: PremiumPrices) {
  return `${pricePerInterval(prices.monthly)} or ${pricePerInterval(prices.annual)}`;
}

type AnnualSaving = { cents: number; currency: string; percent: number; twelveMonthsCents: number };

/**
 * What a year billed annually saves against twelve monthly payments, in cents
 * and in whole percent of the twelve payments (decision 008: $10.89, 30 %);
 * null when annual billing is not cheaper.
 */
export function annualSaving({ monthly, annual }: PremiumPrices): AnnualSaving | null {
  const twelveMonthsCents = monthly.cents * 12;
  const cents = twelveMonthsCents - annual.cents;
  if (monthly.currency !== annual.currency || cents <= 0) return null;
  return { cents, currency: annual.currency, percent: Math.round((cents / twelveMonthsCents) * 100), twelveMonthsCents };
}

/** "Save $10.89 with annual billing" */
export function annualSavingNote(saving: AnnualSaving) {
  return `Save ${formatPlanAmount(saving)} with annual billing`;
}

/** The plans page's questions; the one on the annual saving states the prices shown. */
export function planFaq(prices: PremiumPrices) {
  const saving = annualSaving(prices);
  if (!saving) return [...PLAN_QUESTIONS, CURRENCY_QUESTION];
  const twelveMonths = formatPlanAmount({ cents: saving.twelveMonthsCents, currency: saving.currency });
  const savingQuestion = {
    question: "How much do I save with annual billing?",
    answer: `Annual billing costs ${formatPlanAmount(prices.annual)} a year instead of 12 × ${formatPlanAmount(prices.monthly)} = ${twelveMonths}: you save ${formatPlanAmount(saving)} a year, about ${saving.percent} percent.`,
  };
  return [...PLAN_QUESTIONS, savingQuestion, CURRENCY_QUESTION];
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

/** Why "Subscribe Now" did not go on to checkout (see subscribe() in billing.server). */
export type SubscribeFailure =
  | { ok: false; reason: "already-subscribed" | "pricing-not-configured" }
  | { ok: false; reason: "checkout-failed"; message: string };

/** The status a page answers each failed "Subscribe Now" with. */
export const SUBSCRIBE_FAILURE_STATUS: Record<SubscribeFailure["reason"], number> = {
  "already-subscribed": 409,
  "pricing-not-configured": 503,
  "checkout-failed": 502,
};

/** What the page shows for a failed "Subscribe Now": a checkout failure opens the dialog, anything else is a form error. */
export function subscribeFailureAnswer(failure: SubscribeFailure): SubscribeActionData {
  if (failure.reason === "checkout-failed") return { formError: null, checkoutError: checkoutErrorDialog(failure.message) };
  const formError = failure.reason === "already-subscribed" ? PLAN_MESSAGES.alreadySubscribed : PLAN_MESSAGES.pricingNotConfigured;
  return { formError, checkoutError: null };
}
