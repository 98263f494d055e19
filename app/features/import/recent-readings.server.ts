import { LRUCache } from "lru-cache";

/** How many readings are kept in memory: the file and its reading with the choices, of two uploads (a 20,000-row file's are a few megabytes). */
const readings = new LRUCache<string, { value: unknown }>({ max: 4 });

/**
 * `read()` of an upload, kept for the next call with the same `key` (the draft's id and what the reading
 * depends on): a draft's bytes never change, so a key always reads the same, and the confirm reuses the
 * reading its preview made instead of parsing 20,000 rows again. Per process, the latest few; what is
 * returned is shared, so it is never changed in place.
 */
export function recentlyRead<T>(key: string, read: () => T): T {
  const kept = readings.get(key);
  if (kept) return kept.value as T;
  const value = read();
  readings.set(key, { value });
  return value;
}
