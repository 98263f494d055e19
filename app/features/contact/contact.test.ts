import { randomBytes } from "node:crypto";
import mongoose from "mongoose";
import { afterEach, describe, expect, test, vi } from "vitest";
import { action } from "~/routes/_marketing.contact";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "./contact";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { createSession } from "~/features/auth/session.server";
import { createEmailUser } from "~/features/auth/user.server";
import { ContactSubmission } from "../../../models";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

const VALID = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Billing Question",
  message: "How do I switch to annual billing?",
};

type ActionData = {
  type: "DataWithResponseInit";
  data: { result: { error?: Record<string, string[] | null> } };
  init: { status: number };
};

/** A fresh client address per call site keeps one test's rate limit away from the others. */
function newAddress() {
  return `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
}

async function submit(fields: Record<string, string>, { address = newAddress(), cookie }: { address?: string; cookie?: string } = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const headers: Record<string, string> = { Origin: "http://localhost:3000", Host: "localhost:3000" };
  if (cookie) headers.Cookie = cookie;
  const request = new Request("http://localhost:3000/contact", { method: "POST", body, headers });
  // The address the server read from the connection.
  return action({ request, params: {}, context: { clientAddress: address } });
}

function asData(result: unknown) {
  expect(result).not.toBeInstanceOf(Response);
  return result as ActionData;
}

function storedFrom(email: string) {
  return ContactSubmission.find({ email })
    .select({ name: 1, email: 1, subject: 1, message: 1, status: 1, userId: 1, createdAt: 1 })
    .lean();
}

function uniqueEmail() {
  return `contact-${randomBytes(5).toString("hex")}@example.com`;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("contact action", () => {
  test("stores a valid message with status 'new' and redirects to the thank-you view", async () => {
    const email = uniqueEmail();
    const response = await submit({ ...VALID, email });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("Location")).toBe("/contact?sent=1");

    const [stored, ...others] = await storedFrom(email);
    expect(others).toHaveLength(0);
    expect(stored).toMatchObject({ name: VALID.name, subject: VALID.subject, message: VALID.message, status: "new", userId: null });
    expect(stored.createdAt).toBeInstanceOf(Date);
  });

  test("links the message to the signed-in visitor", async () => {
    const email = uniqueEmail();
    const userId = await createEmailUser(email, "Str0ng!Passw0rd");
    const { cookie } = await createSession(userId, new Request("http://localhost:3000/"));
    await submit({ ...VALID, email }, { cookie: cookie.split(";")[0] });

    const [stored] = await storedFrom(email);
    expect(String(stored.userId)).toBe(userId);
  });

  test.each([
    ["name", CONTACT_MESSAGES.nameRequired],
    ["email", CONTACT_MESSAGES.emailRequired],
    ["subject", CONTACT_MESSAGES.subjectRequired],
    ["message", CONTACT_MESSAGES.messageRequired],
  ])("a missing %s gives 400 with '%s' and stores nothing", async (field, message) => {
    const email = field === "email" ? "" : uniqueEmail();
    const result = asData(await submit({ ...VALID, email, [field]: "" }));
    expect(result.init.status).toBe(400);
    expect(result.data.result.error?.[field]).toEqual([message]);
    if (email) expect(await storedFrom(email)).toHaveLength(0);
  });

  test("a name of only spaces counts as missing", async () => {
    const result = asData(await submit({ ...VALID, email: uniqueEmail(), name: "   " }));
    expect(result.data.result.error?.name).toEqual([CONTACT_MESSAGES.nameRequired]);
  });

  test("an invalid email gives 400 and stores nothing", async () => {
    const result = asData(await submit({ ...VALID, email: "not-an-email" }));
    expect(result.init.status).toBe(400);
    expect(result.data.result.error?.email).toEqual([CONTACT_MESSAGES.emailInvalid]);
    expect(await storedFrom("not-an-email")).toHaveLength(0);
  });

  test("a subject outside the list gives 400 and stores nothing", async () => {
    const email = uniqueEmail();
    const result = asData(await submit({ ...VALID, email, subject: "Free money" }));
    expect(result.init.status).toBe(400);
    expect(result.data.result.error?.subject).toEqual([CONTACT_MESSAGES.subjectRequired]);
    expect(await storedFrom(email)).toHaveLength(0);
  });

  test("a message over the storage cap gives 400 and stores nothing", async () => {
    const email = uniqueEmail();
    const result = asData(await submit({ ...VALID, email, message: "x".repeat(CONTACT_LIMITS.message + 1) }));
    expect(result.init.status).toBe(400);
    expect(result.data.result.error?.message).toEqual([CONTACT_MESSAGES.messageTooLong]);
    expect(await storedFrom(email)).toHaveLength(0);
  });

  test("a filled honeypot looks like success but stores nothing", async () => {
    const email = uniqueEmail();
    const response = await submit({ ...VALID, email, website: "https://spam.example" });
    expect((response as Response).headers.get("Location")).toBe("/contact?sent=1");
    expect(await storedFrom(email)).toHaveLength(0);
  });

  test("answers 429 once an address has used up its messages, storing nothing more", async () => {
    const address = newAddress();
    const email = uniqueEmail();
    for (let sent = 0; sent < RATE_LIMITS.contactPerAddress.points; sent++) {
      expect(await submit({ ...VALID, email }, { address })).toBeInstanceOf(Response);
    }
    const result = asData(await submit({ ...VALID, email }, { address }));
    expect(result.init.status).toBe(429);
    expect(result.data.result.error?.[""]).toEqual([CONTACT_MESSAGES.tooMany]);
    expect(await storedFrom(email)).toHaveLength(RATE_LIMITS.contactPerAddress.points);
  });

  test("a storage failure shows the contact failure message, keeps the values and logs the error", async () => {
    // A real write failure: a unique index the second identical message breaks.
    const collection = mongoose.connection.collection("contactSubmissions");
    await collection.deleteMany({});
    const indexName = await collection.createIndex({ email: 1 }, { unique: true, name: "email_unique_for_test" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const email = uniqueEmail();
      await submit({ ...VALID, email });
      const result = asData(await submit({ ...VALID, email }));
      expect(result.init.status).toBe(503);
      expect(result.data.result.error?.[""]).toEqual([CONTACT_MESSAGES.failed]);
      expect(result.data.result).toMatchObject({ initialValue: { ...VALID, email } });
      expect(logged).toHaveBeenCalledWith("contact submission failed", expect.anything());
      expect(await storedFrom(email)).toHaveLength(1);
    } finally {
      await collection.dropIndex(indexName);
    }
  });
});
