import Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { ProcessedStripeEvent } from "../../../models";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { STAND_IN_DEFAULTS } from "../../../scripts/stand-ins/stripe.mjs";
import { useTestDatabase } from "../../../tests/setup/database";

/**
 * What the Stripe webhook accepts as Stripe's: a signature by the endpoint's secret over exactly the bytes
 * received, dated within five minutes of now either way. Signed here with the stand-in's secret, as the
 * stand-in signs its deliveries. An event of a type the app does not use is acknowledged without a call to Stripe.
 */
useTestDatabase();

const SECRET = STAND_IN_DEFAULTS.webhookSecret;
Object.assign(process.env, {
  STRIPE_SECRET_KEY: STAND_IN_DEFAULTS.secretKey,
  STRIPE_WEBHOOK_SECRET: SECRET,
  // Nothing answers here: these events never need Stripe.
  STRIPE_API_URL: "http://127.0.0.1:9",
  STRIPE_MAX_NETWORK_RETRIES: "0",
});
const stripe = new Stripe(STAND_IN_DEFAULTS.secretKey);
const MINUTE = 60;

function eventPayload(id: string) {
  return JSON.stringify({ id, object: "event", type: "customer.created", data: { object: { id: "cus_timing", name: "Zoë Café" } } });
}

async function deliver(body: string | Uint8Array<ArrayBuffer>, signature: string) {
  const request = new Request("http://localhost:3000/webhooks/stripe", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature },
  });
  const response = await webhookAction({ request, params: {}, context: { clientAddress: "192.0.2.80" } }).catch((thrown: unknown) => thrown as Response);
  return { status: response.status, text: await response.text() };
}

function signedAt(payload: string, offsetSeconds: number) {
  return stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) + offsetSeconds });
}

describe("the Stripe signature's date", () => {
  test("a signature dated 10 minutes ahead is refused with 400, and the event is not recorded", async () => {
    const payload = eventPayload("evt_future_10");
    const answer = await deliver(payload, signedAt(payload, 10 * MINUTE));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Timestamp outside the tolerance zone");
    expect(await ProcessedStripeEvent.exists({ _id: "evt_future_10" })).toBeNull();
  });

  test("a signature dated up to 5 minutes either side of now is accepted (clocks drift)", async () => {
    for (const [id, offset] of [
      ["evt_ahead_4", 4 * MINUTE],
      ["evt_behind_4", -4 * MINUTE],
    ] as const) {
      const payload = eventPayload(id);
      expect(await deliver(payload, signedAt(payload, offset)), id).toMatchObject({ status: 200 });
    }
  });

  test("a signature dated 10 minutes ago is refused", async () => {
    const payload = eventPayload("evt_past_10");
    expect((await deliver(payload, signedAt(payload, -10 * MINUTE))).status).toBe(400);
  });
});

describe("the signed bytes", () => {
  test("the signature is checked over the bytes as sent, accents included", async () => {
    const payload = eventPayload("evt_bytes");
    expect((await deliver(new TextEncoder().encode(payload), signedAt(payload, 0))).status).toBe(200);
  });

  test("a body that is not UTF-8 is refused with 400 before anything reads it as text", async () => {
    const payload = eventPayload("evt_not_utf8");
    const bytes = new TextEncoder().encode(payload);
    // "ë" (C3 AB) becomes a lone FF: text() would read it as U+FFFD, a character no signature was made over.
    const broken = new Uint8Array([...bytes.subarray(0, bytes.indexOf(0xc3)), 0xff, ...bytes.subarray(bytes.indexOf(0xc3) + 2)]);
    const answer = await deliver(broken, signedAt(payload, 0));
    expect(answer.status).toBe(400);
    expect(answer.text).toBe("The request body is not UTF-8 text.");
  });
});
