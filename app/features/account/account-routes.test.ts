import { describe, expect, test } from "vitest";
import { User } from "../../../models";
import { action } from "~/routes/_app.profile_.data";
import { createGoogleUser, createUser, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, outcome, payloadOf, postRequest, statusOf } from "../../../tests/setup/route-requests";
import { ACCOUNT_INTENTS, ACCOUNT_MESSAGES } from "./account";

useTestDatabase();

type Answer = { result: { initialValue: Record<string, unknown> | null; error: Record<string, string[] | null> } };

async function deleteWith(userId: string, fields: Record<string, string>) {
  const answer = await outcome(async () => action({ request: postRequest("/profile/data", await cookieFor(userId), { intent: ACCOUNT_INTENTS.deleteAccount, ...fields }), params: {}, context: {} }));
  return { status: statusOf(answer), result: payloadOf<Answer>(answer).result };
}

describe("deleting the account from /profile/data", () => {
  test("without the password it is refused beside the field, 400, and nothing is deleted", async () => {
    const userId = await createUser();
    const { status, result } = await deleteWith(userId, { password: "" });
    expect(status).toBe(400);
    expect(result.error).toEqual({ password: [ACCOUNT_MESSAGES.passwordRequired] });
    expect(await User.exists({ _id: userId })).toBeTruthy();
  });

  test("a wrong password is refused beside the field and not sent back", async () => {
    const userId = await createUser();
    const { status, result } = await deleteWith(userId, { password: "Wr0ng!Passw0rd" });
    expect(status).toBe(400);
    expect(result.error).toEqual({ password: [ACCOUNT_MESSAGES.wrongPassword] });
    expect(result.initialValue).not.toHaveProperty("password");
  });

  test("an account without a password confirms with its email address: empty or another one is refused, the typed one kept", async () => {
    const userId = await createGoogleUser({ email: uniqueEmail("leaving") });
    const empty = await deleteWith(userId, { email: "  " });
    expect(empty.status).toBe(400);
    expect(empty.result.error).toEqual({ email: [ACCOUNT_MESSAGES.emailRequired] });

    const other = await deleteWith(userId, { email: "someone@else.com" });
    expect(other.status).toBe(400);
    expect(other.result.error).toEqual({ email: [ACCOUNT_MESSAGES.wrongEmail] });
    expect(other.result.initialValue).toMatchObject({ email: "someone@else.com" });
    expect(await User.exists({ _id: userId })).toBeTruthy();
  });
});
