// Loaded with `node --import` into the Playwright test server only.
import { setupServer } from "msw/node";
import { googleHandlers } from "./google.mjs";

const server = setupServer(...googleHandlers);
const listen = () => server.listen({ onUnhandledRequest: "bypass" });

// remix-serve's installGlobals() assigns globalThis.fetch after this preload has
// run, which would discard MSW's interception: start intercepting right after it.
const preloadFetch = globalThis.fetch;
Object.defineProperty(globalThis, "fetch", {
  configurable: true,
  enumerable: true,
  get: () => preloadFetch,
  set(value) {
    Object.defineProperty(globalThis, "fetch", { value, writable: true, configurable: true, enumerable: true });
    listen();
  },
});
process.once("SIGTERM", () => server.close());
