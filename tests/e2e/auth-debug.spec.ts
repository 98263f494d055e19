import { expect, test } from "./fixtures";

test("shows a signed-out session and the sign-in configuration", async ({ page }) => {
  await page.goto("/auth-debug");
  await expect(page.getByRole("heading", { name: "Authentication Diagnostics" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Session state/ })).toContainText("Signed out");
  await expect(page.getByRole("row", { name: /Session idle timeout/ })).toContainText("30 minutes");
  await expect(page.getByRole("row", { name: /Google sign-in/ }).first()).toContainText("Configured");
  await expect(page.getByRole("row", { name: /Google OAuth callback URL/ })).toContainText("/auth/google/callback");
  await expect(page.getByRole("link", { name: "Open authentication console" })).toHaveAttribute("href", /^https:\/\//);
  await expect(page.getByRole("link", { name: "Refresh" })).toHaveAttribute("href", "/auth-debug");
});

test("shows who is signed in and the cookie names, never their values", async ({ page, login }) => {
  const user = await login();
  await page.goto("/auth-debug");
  await expect(page.getByRole("row", { name: /Session state/ })).toContainText(`Signed in as ${user.email}`);
  const cookies = page.getByRole("row", { name: /Cookies sent to the server/ });
  await expect(cookies).toContainText("ledgerly_session");
  const [sessionCookie] = (await page.context().cookies()).filter((cookie) => cookie.name === "ledgerly_session");
  expect(await page.content()).not.toContain(sessionCookie.value);
});

test("browser checks run only with JavaScript and never pretend without it", async ({ page, javaScriptEnabled }) => {
  await page.goto("/auth-debug");
  const serviceWorker = page.getByRole("row", { name: /Service worker/ });
  if (javaScriptEnabled) {
    await expect(serviceWorker).toContainText("No service worker registered");
  } else {
    await expect(serviceWorker).toContainText("Requires JavaScript");
    await expect(page.getByRole("row", { name: /Payment provider script/ })).toContainText("Requires JavaScript");
    await expect(page.getByRole("row", { name: /Google identity script/ })).toContainText("Requires JavaScript");
  }
});
