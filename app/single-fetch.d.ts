import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
  /** What scripts/web-server.mjs hands every loader and action. */
  interface AppLoadContext {
    clientAddress?: string;
  }
}
