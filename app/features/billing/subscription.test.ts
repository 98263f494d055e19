import type Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { PLAN_CHANGE_ON_RESUME, premiumAccessFor, shouldApplySnapshot, snapshotFromStripe, subscriptionIdOfEvent, userIdOfEvent } from "./subscription";

const noKnownPrice = () => null;

const PERIOD_START = 1_790_000_000;
const PERIOD_END = PERIOD_START + 30 * 24 * 3600;

function stripeSubscription(overrides: Partial<Stripe.Subscription> = {}, interval: "month" | "year" = "month") {
  return {
    id: "sub_1",
    object: "subscription",
    status: "active",
    customer: "cus_1",
    cancel_at_period_end: false,
    canceled_at: null,
    metadata: { userId: "u1" },
    items: {
      object: "list",
      data: [
        {
          id: "si_1",
          price: { id: `price_${interval}`, product: "prod_premium", recurring: { interval } },
          current_period_start: PERIOD_START,
          current_period_end: PERIOD_END,
        },
      ],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

const event = (type: string, object: Record<string, unknown>) => ({ id: "evt_1", type, data: { object } }) as unknown as Stripe.Event;

describe("premium access by subscription status", () => {
  test.each([
    ["active", true],
    ["trialing", true],
    ["past_due", true],
    ["unpaid", false],
    ["canceled", false],
    ["incomplete", false],
    ["incomplete_expired", false],
    ["paused", false],
    [null, false],
    [undefined, false],
  ])("%s → %s", (status, access) => {
    expect(premiumAccessFor(status)).toBe(access);
  });
});

describe("the stored snapshot of a Stripe subscription", () => {
  test("takes status, price, interval and the period from the first item", () => {
    expect(snapshotFromStripe(stripeSubscription(), noKnownPrice)).toEqual({
      status: "active",
      plan: "Premium",
      interval: "month",
      priceId: "price_month",
      planId: "prod_premium",
      subscriptionId: "sub_1",
      customerId: "cus_1",
      currentPeriodStart: new Date(PERIOD_START * 1000),
      currentPeriodEnd: new Date(PERIOD_END * 1000),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      scheduledChange: null,
      changeOnResume: null,
    });
  });

  const schedule = (phases: Array<{ start: number; price: string }>, status = "active") =>
    ({ id: "sub_sched_1", object: "subscription_schedule", status, phases: phases.map(({ start, price }) => ({ start_date: start, items: [{ price }] })) }) as unknown as Stripe.SubscriptionSchedule;
  const intervalOfPrice = (priceId: string) => (priceId === "price_year" ? "year" : priceId === "price_month" ? "month" : null);

  test("an attached schedule's later phase with another price is the scheduled change", () => {
    const subscription = stripeSubscription({ schedule: schedule([{ start: PERIOD_START, price: "price_month" }, { start: PERIOD_END, price: "price_year" }]) });
    expect(snapshotFromStripe(subscription, intervalOfPrice).scheduledChange).toEqual({
      interval: "year",
      priceId: "price_year",
      effectiveAt: new Date(PERIOD_END * 1000),
    });
  });

  test("no change: a schedule keeping today's price, a released schedule, an unknown price, a schedule not expanded", () => {
    const keeping = schedule([{ start: PERIOD_START, price: "price_month" }, { start: PERIOD_END, price: "price_month" }]);
    const released = schedule([{ start: PERIOD_START, price: "price_month" }, { start: PERIOD_END, price: "price_year" }], "released");
    const unknown = schedule([{ start: PERIOD_START, price: "price_month" }, { start: PERIOD_END, price: "price_other" }]);
    for (const attached of [keeping, released, unknown, "sub_sched_1"]) {
      const subscription = stripeSubscription({ schedule: attached as Stripe.Subscription["schedule"] });
      expect(snapshotFromStripe(subscription, intervalOfPrice).scheduledChange).toBeNull();
    }
  });

  test("a pending cancellation keeps the plan change it set aside (in the metadata), for a resume from the next renewal", () => {
    const cancelled = stripeSubscription({ cancel_at_period_end: true, metadata: { userId: "u1", [PLAN_CHANGE_ON_RESUME]: "price_year" } });
    expect(snapshotFromStripe(cancelled, intervalOfPrice)).toMatchObject({ cancelAtPeriodEnd: true, scheduledChange: null, changeOnResume: { interval: "year", priceId: "price_year", effectiveAt: new Date(PERIOD_END * 1000) } });
    // Not cancelled, today's price, or a price Ledgerly does not know: nothing is kept.
    for (const subscription of [
      stripeSubscription({ metadata: { [PLAN_CHANGE_ON_RESUME]: "price_year" } }),
      stripeSubscription({ cancel_at_period_end: true, metadata: { [PLAN_CHANGE_ON_RESUME]: "price_month" } }),
      stripeSubscription({ cancel_at_period_end: true, metadata: { [PLAN_CHANGE_ON_RESUME]: "price_other" } }),
      stripeSubscription({ cancel_at_period_end: true }),
    ]) {
      expect(snapshotFromStripe(subscription, intervalOfPrice).changeOnResume).toBeNull();
    }
  });

  test("a yearly price is the year interval; a cancellation keeps its time", () => {
    const snapshot = snapshotFromStripe(stripeSubscription({ status: "canceled", canceled_at: PERIOD_START + 60 }, "year"), noKnownPrice);
    expect(snapshot).toMatchObject({ interval: "year", status: "canceled", canceledAt: new Date((PERIOD_START + 60) * 1000) });
  });
});

describe("the subscription an event is about", () => {
  test("a schedule's events name its subscription, also once released", () => {
    expect(subscriptionIdOfEvent(event("subscription_schedule.updated", { subscription: "sub_1", released_subscription: null }))).toBe("sub_1");
    expect(subscriptionIdOfEvent(event("subscription_schedule.released", { subscription: null, released_subscription: "sub_1" }))).toBe("sub_1");
  });
});

describe("which snapshot may replace the stored subscription", () => {
  const active = snapshotFromStripe(stripeSubscription({ id: "sub_new" }), noKnownPrice);
  const canceled = snapshotFromStripe(stripeSubscription({ id: "sub_old", status: "canceled" }), noKnownPrice);

  test("nothing stored yet, or the same subscription: always", () => {
    expect(shouldApplySnapshot(null, canceled)).toBe(true);
    expect(shouldApplySnapshot({ subscriptionId: null }, canceled)).toBe(true);
    expect(shouldApplySnapshot({ subscriptionId: "sub_old", status: "active" }, canceled)).toBe(true);
  });

  test("a late event of an old subscription does not undo a newer active one", () => {
    expect(shouldApplySnapshot({ subscriptionId: "sub_new", status: "active" }, canceled)).toBe(false);
  });

  test("a new subscription that grants access replaces an ended one", () => {
    expect(shouldApplySnapshot({ subscriptionId: "sub_old", status: "canceled" }, active)).toBe(true);
  });

  test("an ended subscription may replace another ended one", () => {
    expect(shouldApplySnapshot({ subscriptionId: "sub_other", status: "canceled" }, canceled)).toBe(true);
  });
});

describe("what an event is about", () => {
  test("checkout completion names the subscription and the user as client reference", () => {
    const completed = event("checkout.session.completed", { subscription: "sub_1", client_reference_id: "u1", metadata: {} });
    expect(subscriptionIdOfEvent(completed)).toBe("sub_1");
    expect(userIdOfEvent(completed)).toBe("u1");
  });

  test("subscription events name themselves and the user in metadata", () => {
    for (const type of ["customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted"]) {
      const subscriptionEvent = event(type, { id: "sub_2", metadata: { userId: "u2" } });
      expect(subscriptionIdOfEvent(subscriptionEvent)).toBe("sub_2");
      expect(userIdOfEvent(subscriptionEvent)).toBe("u2");
    }
  });

  test("invoices name the subscription under parent.subscription_details", () => {
    for (const type of ["invoice.paid", "invoice.payment_failed"]) {
      const invoice = event(type, { parent: { subscription_details: { subscription: "sub_3" } } });
      expect(subscriptionIdOfEvent(invoice)).toBe("sub_3");
      expect(userIdOfEvent(invoice)).toBeNull();
    }
  });

  test("other events are about nothing we store", () => {
    expect(subscriptionIdOfEvent(event("customer.created", { id: "cus_1" }))).toBeNull();
  });
});
