import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/**
 * Runs `handle`, the handling of one GET (or HEAD) request, with a memo of its own (scripts/web-server.mjs calls it).
 * Remix hands each loader a Request object of its own, so a memo keyed by the Request is not shared by the
 * loaders of one page; this one is. Nothing runs an action in a GET, so what a loader reads stays true for
 * the others of the same request (decision 239). An action may run its reads before its first write in one
 * too; inside a scope already, `handle` shares it.
 */
export function runInRequestScope<T>(handle: () => T) {
  return scope.getStore() ? handle() : scope.run(new Map(), handle);
}

/**
 * `read()` once per request scope under `key` (a failed read is not kept); outside a scope every call reads.
 * A thenable such as a mongoose query is run once and its result shared.
 */
export function readOncePerRequest<T>(key: string, read: () => PromiseLike<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return Promise.resolve(read());
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = Promise.resolve(read());
    memo.set(key, value);
    value.catch(() => memo.delete(key));
  }
  return value;
}
