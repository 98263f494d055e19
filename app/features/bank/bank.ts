/** Where the bank page lives, and the routes the link flows go through. */
export const BANK_PATH = "/bank";
/** The in-page flow (JavaScript) asks this resource route for a link token. */
export const LINK_TOKEN_PATH = "/resources/bank-link-token";
/** Hosted Link sends the browser back here when the user finishes or leaves the flow. */
export const LINK_COMPLETE_PATH = "/bank/link-complete";

/** `/bank?disconnect=<connection id>`: the page asking to confirm the bank's disconnection (what Disconnect opens without JavaScript). */
export const DISCONNECT_ASK_PARAM = "disconnect";

export const BANK_INTENTS = {
  /** Without JavaScript: a server redirect to Hosted Link. */
  link: "link",
  /** With JavaScript: the public token Plaid Link handed the page. */
  exchange: "exchange",
  /** Without JavaScript: Hosted Link in update mode for an account whose login expired. */
  relink: "relink",
  /** With JavaScript: update mode finished in the page. */
  relinked: "relinked",
  sync: "sync",
  syncAll: "sync-all",
  disconnect: "disconnect",
} as const;

export type ConnectionStatus = "active" | "error" | "syncing";

/** What the bank page and its notifications say to the user. */
export const BANK_MESSAGES = {
  invalidToken: "Invalid token received from server",
  unavailable: "Bank linking is unavailable right now. Please try again shortly.",
  connectionIssue: (message: string) => `Connection issue: ${message}`,
  connectFailed: "Failed to connect bank account",
  encounteredIssue: "Bank connection encountered an issue. Please try again.",
  syncFailed: "Failed to sync transactions",
  disconnectFailed: "Failed to disconnect bank account",
  connecting: "Connecting your bank account...",
  syncing: "Syncing transactions...",
  disconnecting: "Disconnecting bank account...",
  connected: "Bank account connected successfully!",
  synced: (count: number) => `Synced ${count} new transactions`,
  disconnected: "Bank account disconnected successfully",
  syncError: "Sync Error",
  premiumRequired: "Premium Required",
  /** The server has no Plaid keys and no stand-in. */
  notConfigured: "Bank linking is not set up on this server yet.",
  /** Update mode finished; the account syncs again. */
  reconnected: "Bank account reconnected successfully",
  notFound: "Bank account not found",
} as const;

/** A linked bank (one Plaid item) as the page shows it: never its access token or cursor. */
export type BankConnectionView = {
  id: string;
  institutionName: string;
  accounts: Array<{ id: string; name: string; type: string; mask: string | null }>;
  connectedAt: string;
  lastSync: string | null;
  status: ConnectionStatus;
  lastError: string | null;
  /** The bank wants the user to log in again: offer update mode. */
  needsRelink: boolean;
};
