import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { action as loginAction } from "~/routes/login";
import { action as secondStepAction, loader as secondStepLoader } from "~/routes/login_.two-factor";
import { createUser, TEST_PASSWORD, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { getRequest, postRequest } from "../../../tests/setup/route-requests";
import { readSessionId } from "./session.server";
import { TWO_FACTOR_MESSAGES } from "./two-factor";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "./two-factor.server";

useTestDatabase();

const args = (request: Request) => ({ request, params: {}, context: { clientAddress: "192.0.2.7" } });

function cookiesOf(response: Response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

function codeFor(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

async function userWithTwoFactor() {
  const email = uniqueEmail("two-factor");
  const userId = await createUser({ email });
  const { secret } = await startTwoFactorSetup(userId, email);
  const codes = await confirmTwoFactorSetup(userId, codeFor(secret));
  return { email, secret, codes: codes! };
}

describe("signing in with two-factor sign-in on", () => {
  test("the password leads to the second step, not to a session; the code finishes it and goes where the user was going", async () => {
    const { email, codes } = await userWithTwoFactor();
    const afterPassword = await loginAction(args(postRequest("/login", "", { email, password: TEST_PASSWORD, redirect: "/transactions" })));
    if (!(afterPassword instanceof Response)) throw new Error("expected a redirect");
    expect(afterPassword.headers.get("Location")).toBe("/login/two-factor");
    const pending = cookiesOf(afterPassword);
    expect(await readSessionId(getRequest("/", pending))).toBeNull();
    expect(await secondStepLoader(args(getRequest("/login/two-factor", pending)))).toBeNull();

    const empty = await secondStepAction(args(postRequest("/login/two-factor", pending, { code: " " })));
    expect(empty).toMatchObject({ data: { result: { error: { code: [TWO_FACTOR_MESSAGES.codeRequired] } } }, init: { status: 400 } });

    const wrong = await secondStepAction(args(postRequest("/login/two-factor", pending, { code: "000000" })));
    expect(wrong).toMatchObject({ data: { result: { error: { code: [TWO_FACTOR_MESSAGES.wrongCode] } } }, init: { status: 400 } });

    const done = await secondStepAction(args(postRequest("/login/two-factor", pending, { code: codes[0] })));
    if (!(done instanceof Response)) throw new Error("expected a redirect");
    expect(done.headers.get("Location")).toBe("/transactions");
    expect(await readSessionId(getRequest("/", cookiesOf(done)))).toEqual(expect.any(String));
  });

  test("without a pending sign-in the second step sends the visitor back to the password", async () => {
    const redirected = await secondStepLoader(args(getRequest("/login/two-factor", ""))).catch((response: Response) => response);
    expect(redirected).toBeInstanceOf(Response);
    expect((redirected as Response).headers.get("Location")).toBe("/login");
  });

  test("five wrong codes lock the second step for a while", async () => {
    const { email, secret } = await userWithTwoFactor();
    const afterPassword = (await loginAction(args(postRequest("/login", "", { email, password: TEST_PASSWORD })))) as Response;
    const pending = cookiesOf(afterPassword);
    for (let attempt = 0; attempt < 5; attempt += 1) await secondStepAction(args(postRequest("/login/two-factor", pending, { code: "000000" })));
    const locked = await secondStepAction(args(postRequest("/login/two-factor", pending, { code: codeFor(secret) })));
    expect(locked).toMatchObject({ data: { result: { error: { "": [TWO_FACTOR_MESSAGES.tooManyAttempts] } } }, init: { status: 429 } });
  });
});
