import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { hasAction, ROUTES_DIR, routes, SIGNED_WEBHOOKS } from "./route-table";

describe("route actions", () => {
  const withActions = routes.filter((route) => !SIGNED_WEBHOOKS.includes(route.file) && hasAction(route)).map((route) => route.file);

  test("there are actions to check", () => {
    expect(withActions.length).toBeGreaterThan(5);
  });

  test.each(withActions)("%s refuses cross-origin posts before doing anything else", (file) => {
    const source = readFileSync(path.join(ROUTES_DIR, file), "utf8");
    const body = source.slice(source.search(/export (async function|const) action\b/));
    expect(body).toMatch(/^export async function action\([^)]*\)(: [^{]+)?\s*\{\s*requireSameOrigin\(request\);/);
  });
});
