/** How many readings are kept in memory: the file and its reading with the choices, of two uploads (a 20,000-row file's are a few megabytes). */
const KEPT_READINGS = 4;
const readings = new Map<string, unknown>();

/**
 * `read()` of an upload, kept for the next call with the same `key` (the draft's id and what the reading
 * depends on): a draft's bytes never change, so a key always reads the same, and the confirm reuses the
 * reading its preview made instead of parsing 20,000 rows again. Per process, the latest few; what is
 * returned is shared, so it is never changed in place.
 */
export function recentlyRead<T>(key: string, read: () => T): T {
  if (readings.has(key)) {
    const kept = readings.get(key) as T;
    readings.delete(key);
    readings.set(key, kept);
    return kept;
  }
  const value = read();
  readings.set(key, value);
  if (readings.size > KEPT_READINGS) readings.delete(readings.keys().next().value as string);
  return value;
}
