import { readdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { addTransaction, expect, premiumLogin, test, waitForHydration } from "./fixtures";

/*
 * Every page of the route table, read by axe-core with JavaScript on (axe runs in the page): no serious or
 * critical violation. Public pages are read signed out, the app's pages signed in as a premium user with data.
 * A route file is either a page here or named below with why it is not one, so a new page cannot be missed.
 */
const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");

const NOT_PAGES: Record<string, string> = {
  _app: "layout",
  _marketing: "layout",
  "auth.google": "redirects to Google",
  "auth.google.callback": "Google's return, redirects",
  "bank.link-complete": "Hosted Link's return, redirects",
  healthz: "JSON",
  logout: "action only",
  "login_.two-factor": "reached only mid sign-in (auth.spec reads it)",
  "payment-success": "Stripe's return, redirects without a session id",
  "_app.transactions_.import_.$draftId": "needs an uploaded file (import.spec)",
  "resources.account-export": "a zip",
  "resources.bank-link-token": "JSON",
  "resources.categories": "action only",
  "resources.session-keepalive": "action only",
  "resources.transactions-export": "a CSV",
  "webhooks.plaid": "webhook",
  "webhooks.stripe": "webhook",
};
/** The URL path of a flat-route file: "_app.transactions_.$transactionId.edit" → "/transactions/$transactionId/edit". */
function pathOf(route: string) {
  const segments = route
    .split(".")
    .filter((segment) => !segment.startsWith("_") || segment === "_index")
    .map((segment) => segment.replace(/_$/, ""))
    .filter((segment) => segment !== "_index");
  return `/${segments.join("/")}`.replace(/^\/\$$/, "/no-such-page");
}

const routes = readdirSync(ROUTES_DIR)
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => file.replace(/\.tsx?$/, ""))
  .filter((route) => !(route in NOT_PAGES));

async function seriousViolations(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${url}: ${violation.id} (${violation.nodes.length}) ${violation.nodes[0]?.html.slice(0, 100)}`);
}

test("every page of the route table has no serious or critical axe violation @js-only", async ({ page, login, app }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  // Signed out: the public pages, sign-in and sign-up (a signed-in visitor is sent on), the 404 page.
  for (const route of routes.filter((candidate) => !candidate.startsWith("_app"))) found.push(...(await seriousViolations(page, pathOf(route))));
  const user = await premiumLogin(login, app);
  const transaction = await addTransaction(user, { type: "expense", amount: 1250, date: new Date().toISOString().slice(0, 10), description: "Lunch" });
  const ids: Record<string, string> = { $categoryId: "food", $transactionId: transaction.id };
  for (const route of routes.filter((candidate) => candidate.startsWith("_app"))) {
    found.push(...(await seriousViolations(page, pathOf(route).replace(/\$\w+/g, (param) => ids[param]))));
  }
  expect(found).toEqual([]);
});
