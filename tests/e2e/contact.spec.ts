import { expect, test, uniqueEmail } from "./fixtures";

const MESSAGE = {
  name: "Ada Lovelace",
  subject: "Feature Request",
  message: "Could you add a CSV export of my transactions?",
};

test("a visitor sends a message and can start another one", async ({ page, app }) => {
  const email = uniqueEmail("contact");
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill(MESSAGE.name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Subject", { exact: true }).selectOption(MESSAGE.subject);
  await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "6");
  await page.getByLabel("Message", { exact: true }).fill(MESSAGE.message);
  await page.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByRole("heading", { name: "Thank you for your message!" })).toBeVisible();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  const stored = await app.models.ContactSubmission.findOne({ email })
    .select({ name: 1, subject: 1, message: 1, status: 1 })
    .lean();
  expect(stored).toMatchObject({ ...MESSAGE, status: "new" });

  await page.getByRole("link", { name: "Send Another Message" }).click();
  await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
});

test("a message without a subject is refused with a message and keeps what was typed", async ({ page, app }) => {
  const email = uniqueEmail("contact");
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill(MESSAGE.name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Message", { exact: true }).fill(MESSAGE.message);
  await page.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByText("Please select a subject")).toBeVisible();
  await expect(page.getByLabel("Subject", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(MESSAGE.name);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(MESSAGE.message);
  expect(await app.models.ContactSubmission.countDocuments({ email })).toBe(0);
});

test("the page shows the company's contact details", async ({ page }) => {
  await page.goto("/contact");
  const details = page.getByRole("complementary");
  await expect(details.getByText("support@ledgerly.app")).toBeVisible();
  await expect(details.getByText("+1 (415) 555-0134")).toBeVisible();
  await expect(details.getByText("Support hours")).toBeVisible();
});
