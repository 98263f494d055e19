import { expect, test } from "./fixtures";

/* The public pages promise only what the app does (decision 229). */

test("the FAQ says how to delete an account in the app, at once, and what happens to the data and the subscription", async ({ page }) => {
  await page.goto("/faq");
  await page.getByText("How do I delete my account and data?").click();
  const answer = page.locator("details", { hasText: "How do I delete my account and data?" });
  await expect(answer.getByText(/Go to Profile, select “Download or delete my data”, confirm with your password/)).toBeVisible();
  await expect(answer.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
  await expect(answer.getByText(/Your account is deleted at once and for good, with everything in it/)).toBeVisible();
  await expect(answer.getByText(/An active Premium subscription is cancelled first, so you are not charged again/)).toBeVisible();
  await expect(answer.getByText(/within 30 days/)).toHaveCount(0);
  await expect(answer.getByRole("link", { name: /@/ })).toHaveCount(0);

  // No limit on the free plan: unlimited transactions are on its list, not among what Premium adds.
  await page.getByText("What is included in the free plan?").click();
  await expect(page.locator("details", { hasText: "What is included in the free plan?" }).getByRole("listitem").filter({ hasText: "Unlimited transactions" })).toBeVisible();
  await page.getByText("What does Premium add?").click();
  await expect(page.locator("details", { hasText: "What does Premium add?" }).getByRole("listitem").filter({ hasText: "Unlimited transactions" })).toHaveCount(0);
});

test("the features page splits purchases only, and unlimited transactions carry no Premium tag", async ({ page }) => {
  await page.goto("/features");
  await expect(page.getByText("Split a single purchase across several spending categories, and set a refund against the category it came back to.")).toBeVisible();
  await expect(page.getByText(/split a paycheck/i)).toHaveCount(0);
  const unlimited = page.getByRole("listitem").filter({ hasText: "Unlimited transactions on every plan" });
  await expect(unlimited).toBeVisible();
  await expect(unlimited.getByText("Premium")).toHaveCount(0);
});

test("no testimonial on the landing page splits income", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("I give each client an expected amount and see what has actually come in, so I finally know what is mine to spend.", { exact: false })).toBeVisible();
  await expect(page.getByText(/splitting each client payment/i)).toHaveCount(0);
});
