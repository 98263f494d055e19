// What tests script for the calls to come (a failure, a slow answer…), taken by the calls they match.

/**
 * Scripted answers, oldest first. A call takes the first one whose `matches` accepts it, once `after` such
 * calls have gone by, `times` times. `invalid(message)` builds the error a bad script is refused with.
 * @template What
 * @param {(message: string) => Error} invalid
 */
export function scriptedCalls(invalid) {
  /** @type {{ what: What, matches: (call: any) => boolean, remaining: number, skip: number }[]} */
  const scripted = [];
  return {
    /**
     * @param {What} what
     * @param {{ times?: number, after?: number, matches?: (call: any) => boolean }} [options]
     * @returns {number} how many are scripted
     */
    add(what, { times = 1, after = 0, matches = () => true } = {}) {
      if (!Number.isInteger(times) || times < 1) throw invalid("times must be a positive integer.");
      if (!Number.isInteger(after) || after < 0) throw invalid("after must be a non-negative integer.");
      scripted.push({ what, matches, remaining: times, skip: after });
      return scripted.length;
    },
    /** @returns {What | undefined} what was scripted for `call`, if anything */
    take(call) {
      const next = scripted.find((entry) => entry.matches(call));
      if (!next) return undefined;
      if (next.skip > 0) {
        next.skip -= 1;
        return undefined;
      }
      next.remaining -= 1;
      if (next.remaining <= 0) scripted.splice(scripted.indexOf(next), 1);
      return next.what;
    },
    /** What is scripted, with how many calls each has left. */
    pending: () => scripted.map(({ what, remaining }) => ({ what, remaining })),
  };
}
