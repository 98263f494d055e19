// The app's routes as the hardening suites walk them: every flat-route file with its URL and path parameters.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");

/** Posted by servers, not browsers: these prove the sender by a signature instead of the same-origin check. */
export const SIGNED_WEBHOOKS = ["webhooks.stripe.ts", "webhooks.plaid.ts"];

/** The URL path of a flat-route file: "_app.transactions_.$transactionId.edit.tsx" → "/transactions/$transactionId/edit". */
function pathOf(file: string) {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(".")
    .filter((segment) => !segment.startsWith("_") || segment === "_index")
    .map((segment) => segment.replace(/_$/, ""))
    .filter((segment) => segment !== "_index");
  return `/${segments.join("/")}`;
}

export type Route = { file: string; path: string; params: string[] };

export const routes: Route[] = readdirSync(ROUTES_DIR)
  .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
  .map((file) => ({ file, path: pathOf(file), params: [...file.matchAll(/\$(\w+)/g)].map((match) => match[1]) }));

function sourceOf(route: Route) {
  return readFileSync(path.join(ROUTES_DIR, route.file), "utf8");
}

/** Whether the route's module exports an action (read from its source, for suites that do not load the modules). */
export function hasAction(route: Route) {
  return /export (async function|const) action\b/.test(sourceOf(route));
}

/** Whether the route renders a page (a default export); a resource route answers with what its loader or action returns. */
export function hasPage(route: Route) {
  return /export default\b/.test(sourceOf(route));
}

/** The route's params and URL with `values` in its path parameters (missing ones are "x"). */
export function withParams(route: Route, values: string[]) {
  const params = Object.fromEntries(route.params.map((name, index) => [name, values[index] ?? "x"]));
  const url = route.path.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name]));
  return { params, url };
}
