import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
const routeFiles = readdirSync(routesDir).filter((file) => /\.tsx?$/.test(file));
/** Posted by servers, not browsers: these prove the sender by a signature instead. */
const SIGNED_WEBHOOKS = ["webhooks.stripe.ts", "webhooks.plaid.ts"];

describe("route actions", () => {
  const withActions = routeFiles.filter(
    (file) => !SIGNED_WEBHOOKS.includes(file) && /export (async function|const) action\b/.test(readFileSync(path.join(routesDir, file), "utf8")),
  );

  test("there are actions to check", () => {
    expect(withActions.length).toBeGreaterThan(5);
  });

  test.each(withActions)("%s refuses cross-origin posts before doing anything else", (file) => {
    const source = readFileSync(path.join(routesDir, file), "utf8");
    const body = source.slice(source.search(/export (async function|const) action\b/));
    expect(body).toMatch(/^export async function action\([^)]*\)(: [^{]+)?\s*\{\s*requireSameOrigin\(request\);/);
  });
});
