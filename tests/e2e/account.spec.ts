import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { Secret, TOTP } from "otpauth";
import { describeDevice } from "~/features/account/devices";
import { addTransaction, expect, fillForm, test, type TestUser } from "./fixtures";

/** What an authenticator app shows for the key the setup page printed. */
function authenticatorCode(key: string) {
  return new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, "")), digits: 6, period: 30 }).generate();
}

test.describe("two-factor sign-in", () => {
  test("turned on with an authenticator app, it asks for a code at the next sign-in; a recovery code works once", async ({ page, login, context }) => {
    const user = await login();
    await page.goto("/profile");
    await page.getByRole("link", { name: "Devices and two-factor sign-in" }).click();
    await expect(page).toHaveURL("/profile/security");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const key = (await page.getByTestId("two-factor-secret").textContent()) ?? "";

    await page.getByLabel("6-digit code from your app").fill("000000");
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
    await page.getByLabel("6-digit code from your app").fill(authenticatorCode(key));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent()) ?? "";
    await page.getByRole("link", { name: "I saved my recovery codes" }).click();
    await expect(page.getByText("On. Signing in asks for a code from your authenticator app. 10 of 10 recovery codes left.")).toBeVisible();

    await context.clearCookies();
    await page.goto("/login?redirect=%2Ftransactions");
    await fillForm(page, { Email: user.email, Password: user.password });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/login/two-factor");
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await page.getByLabel("Code").fill(recoveryCode);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL("/transactions");

    await context.clearCookies();
    await page.goto("/login");
    await fillForm(page, { Email: user.email, Password: user.password });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByLabel("Code").fill(recoveryCode);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
    await expect(page).toHaveURL("/login/two-factor");
  });
});

/** Two-factor sign-in turned on for `user` as the setup page does it; resolves to the key and the recovery codes. */
async function withTwoFactor(user: TestUser) {
  const { confirmTwoFactorSetup, startTwoFactorSetup } = await import("~/features/auth/two-factor.server");
  const { secret } = await startTwoFactorSetup(user.id, user.email);
  const codes = await confirmTwoFactorSetup(user.id, authenticatorCode(secret));
  return { secret, codes: codes! };
}

/** A recovery code that is none of the user's. */
const NOT_A_CODE = "aaaaa-bbbbb";

test.describe("changing two-factor sign-in", () => {
  test("turning it off asks for a code and the password; a wrong code changes nothing; the change is emailed and listed", async ({ page, login, readEmail }) => {
    const user = await login();
    const { codes } = await withTwoFactor(user);
    await page.goto("/profile/security");
    const turnOff = page.getByRole("form", { name: "Turn off two-factor sign-in" });
    await turnOff.getByLabel("Code from your app, or a recovery code").fill(NOT_A_CODE);
    await turnOff.getByLabel("Your password").fill(user.password);
    await turnOff.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(turnOff.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
    await expect(turnOff.getByLabel("Code from your app, or a recovery code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("On. Signing in asks for a code from your authenticator app. 10 of 10 recovery codes left.")).toBeVisible();

    await turnOff.getByLabel("Code from your app, or a recovery code").fill(codes[0]);
    await turnOff.getByLabel("Your password").fill("Wr0ng!Passw0rd");
    await turnOff.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(turnOff.getByText("That password is not right")).toBeVisible();

    await turnOff.getByLabel("Code from your app, or a recovery code").fill(codes[0]);
    await turnOff.getByLabel("Your password").fill(user.password);
    await turnOff.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(page.getByText("Two-factor sign-in is off")).toBeVisible();
    await expect(page.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
    const changes = page.getByRole("list", { name: "Recent security changes" }).getByRole("listitem");
    await expect(changes).toHaveCount(1);
    await expect(changes.first()).toContainText("Two-factor sign-in turned off");
    await expect(changes.first()).toContainText(describeDevice(test.info().project.use.userAgent ?? ""));
    const email = await readEmail(user.email);
    expect(email.subject).toBe("Two-factor sign-in was changed on your Ledgerly account");
    expect(email.text).toContain("What happened: Two-factor sign-in turned off");
  });

  test("moving it to a new app needs a current code: without one nothing changes; with one the old codes stop working", async ({ page, login, context }) => {
    const user = await login();
    const { codes } = await withTwoFactor(user);
    await page.goto("/profile/security");
    await page.getByRole("button", { name: "Move to a new authenticator app" }).click();
    const key = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
    const replace = page.getByRole("form", { name: "Replace authenticator app" });

    await replace.getByLabel("6-digit code from the new entry").fill(authenticatorCode(key));
    await replace.getByLabel("Your password").fill(user.password);
    await replace.getByRole("button", { name: "Replace authenticator app" }).click();
    await expect(replace.getByText("Enter the 6-digit code from your authenticator app, or a recovery code")).toBeVisible();

    await replace.getByLabel("6-digit code from the new entry").fill(authenticatorCode(key));
    await replace.getByLabel("Code from your current entry, or a recovery code").fill(NOT_A_CODE);
    await replace.getByLabel("Your password").fill(user.password);
    await replace.getByRole("button", { name: "Replace authenticator app" }).click();
    await expect(replace.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
    await page.getByRole("button", { name: "Keep my current app" }).click();
    await expect(page.getByText("On. Signing in asks for a code from your authenticator app. 10 of 10 recovery codes left.")).toBeVisible();

    await page.getByRole("button", { name: "Move to a new authenticator app" }).click();
    const newKey = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
    await replace.getByLabel("6-digit code from the new entry").fill(authenticatorCode(newKey));
    await replace.getByLabel("Code from your current entry, or a recovery code").fill(codes[0]);
    await replace.getByLabel("Your password").fill(user.password);
    await replace.getByRole("button", { name: "Replace authenticator app" }).click();
    await expect(page.getByText("Two-factor sign-in now uses your new authenticator app. Keep your new recovery codes somewhere safe.")).toBeVisible();
    const newCodes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(newCodes).toHaveCount(10);
    const newRecoveryCode = (await newCodes.first().textContent()) ?? "";
    await page.getByRole("link", { name: "I saved my recovery codes" }).click();
    await expect(page.getByRole("list", { name: "Recent security changes" })).toContainText("Two-factor sign-in moved to a new authenticator app");

    await context.clearCookies();
    await page.goto("/login");
    await fillForm(page, { Email: user.email, Password: user.password });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByLabel("Code").fill(codes[1]);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
    await page.getByLabel("Code").fill(newRecoveryCode);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL("/dashboard");
  });
});

test.describe("signed-in devices", () => {
  test("lists every device and signs out all but this one", async ({ page, login, app }) => {
    const user = await login();
    for (const agent of ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1", "Mozilla/5.0 (Windows NT 10.0) Chrome/126.0 Safari/537.36"]) {
      await app.sessions.createSession(user.id, new Request(app.state.appUrl, { headers: { "User-Agent": agent } }));
    }
    await page.goto("/profile/security");
    const devices = page.getByTestId("signed-in-device");
    await expect(devices).toHaveCount(3);
    await expect(devices.filter({ hasText: "This device" })).toHaveCount(1);
    await expect(devices.filter({ hasText: "Safari on iPhone" })).toHaveCount(1);
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("Signed out of every other device")).toBeVisible();
    await expect(devices).toHaveCount(1);
    expect(await app.models.Session.countDocuments({ userId: user.id })).toBe(1);
  });
});

test.describe("your data", () => {
  test("downloads everything as one zip of JSON and CSV", async ({ page, login }) => {
    const user = await login();
    await addTransaction(user, { type: "expense", amount: 1999, date: "2026-02-14", description: "Flowers" });
    await page.goto("/profile/data");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ledgerly-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const data = JSON.parse(strFromU8(files["ledgerly-data.json"])) as { account: string; collections: { transactions: Array<{ description: string }> } };
    expect(data.account).toBe(user.email);
    expect(data.collections.transactions.map((transaction) => transaction.description)).toEqual(["Flowers"]);
    expect(strFromU8(files["transactions.csv"])).toContain("Flowers");
  });

  test("deleting the account needs the password, then removes every record and signs out", async ({ page, login, app }) => {
    const user = await login();
    await addTransaction(user, { type: "expense", amount: 1999, date: "2026-02-14", description: "Flowers" });
    await page.goto("/profile");
    await page.getByRole("link", { name: "Download or delete my data" }).click();
    await page.getByLabel("Your password").fill("Wrong!Passw0rd1");
    await page.getByRole("button", { name: "Delete my account and all my data" }).click();
    await expect(page.getByText("That password is not right")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(1);

    await page.getByLabel("Your password").fill(user.password);
    await page.getByRole("button", { name: "Delete my account and all my data" }).click();
    await expect(page.getByText("Your account and all of its data were deleted.")).toBeVisible();
    await expect(page).toHaveURL("/");
    const { countUserData } = await import("~/features/account/account.server");
    const { Types } = await import("mongoose");
    const left = await countUserData({ id: new Types.ObjectId(user.id), email: user.email });
    expect(Object.entries(left).filter(([, count]) => count > 0)).toEqual([]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });
});
