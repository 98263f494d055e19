/** What a user is told while the database cannot be reached: on the server's outage page, and by a page whose data request met it. */
export const OUTAGE_MESSAGES = {
  title: "Ledgerly is briefly unavailable",
  read: "Your data is safe; we can't reach it right now — try again in a moment.",
  // Every form that writes money carries a one-time submission key, so a resent form is answered as the first one was.
  write: "Your change may not have been saved. It is safe to send it again: it will never be saved twice.",
  /** In the page, where it is not known whether the request that met the outage was a read or a change. */
  eitherWay: "If you were saving a change, it may not have been saved: it is safe to send it again, it will never be saved twice.",
} as const;
