import { createHash, timingSafeEqual } from "node:crypto";
import { decodeProtectedHeader, importJWK, jwtVerify, type CryptoKey, type JWK } from "jose";
import { Configuration, type CountryCode, PlaidApi, PlaidEnvironments, Products, type Transaction as PlaidTransaction } from "plaid";
import { getEnv } from "~/utils/env.server";
import type { PlaidSyncPage, PlaidTransactionData } from "./plaid-data";

/**
 * A failed call to Plaid, with only what Plaid said: never the request (the
 * SDK's own error carries the request body, and with it the access token).
 */
export class PlaidRequestError extends Error {
  constructor(
    readonly status: number | null,
    readonly type: string | null,
    readonly code: string,
    message: string,
    readonly displayMessage: string | null,
  ) {
    super(message);
    this.name = "PlaidRequestError";
  }
}

/**
 * One account of an item: `type` is Plaid's subtype when it gives one ("checking", "credit card"), else its
 * type; `plaidType` is the type alone ("depository", "credit", "loan"…). `currentBalance` is Plaid's
 * `balances.current` (what a card or loan is owed, as a positive number), null when the bank gives none.
 */
export type PlaidAccount = { id: string; name: string; type: string; plaidType: string; mask: string | null; currency: string | null; currentBalance: number | null };

/** What a Link session left behind: the public token of a new item, or nothing (cancelled or not finished). */
type LinkSessionOutcome = { publicToken: string | null; finished: boolean };

type LinkTokenRequest = {
  clientUserId: string;
  webhookUrl: string;
  /** Hosted Link: where Plaid sends the browser when the flow ends. */
  completionRedirectUri?: string;
  /** Update mode: the item whose login is repaired. */
  accessToken?: string;
};

/** How long Plaid's webhook JWT stays acceptable after it was issued. */
const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/** How long a webhook verification key is kept before it is fetched again. */
const KEY_CACHE_MS = 24 * 60 * 60 * 1000;
const CLIENT_NAME = "Ledgerly";

function plaidErrorOf(error: unknown): PlaidRequestError {
  if (error instanceof PlaidRequestError) return error;
  const response = (error as { response?: { status?: number; data?: Record<string, unknown> } } | null)?.response;
  const body = response?.data;
  if (body && typeof body.error_code === "string") {
    return new PlaidRequestError(
      response.status ?? null,
      typeof body.error_type === "string" ? body.error_type : null,
      body.error_code,
      typeof body.error_message === "string" ? body.error_message : body.error_code,
      typeof body.display_message === "string" ? body.display_message : null,
    );
  }
  if (response) return new PlaidRequestError(response.status ?? null, null, "UNEXPECTED_RESPONSE", `Plaid answered ${response.status}`, null);
  return new PlaidRequestError(null, null, "NETWORK_ERROR", "Plaid could not be reached", null);
}

/** Runs one call to Plaid; any failure comes back as a `PlaidRequestError` and nothing else. */
async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data;
  } catch (error) {
    throw plaidErrorOf(error);
  }
}

function transactionData(transaction: PlaidTransaction): PlaidTransactionData {
  return {
    transactionId: transaction.transaction_id,
    accountId: transaction.account_id,
    amount: transaction.amount,
    currency: transaction.iso_currency_code ?? transaction.unofficial_currency_code ?? null,
    date: transaction.date,
    name: transaction.name ?? "",
    merchantName: transaction.merchant_name ?? null,
    pending: transaction.pending,
    pendingTransactionId: transaction.pending_transaction_id ?? null,
  };
}

function sha256Hex(text: string) {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

function sameText(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function createPlaidClient(options: { clientId: string; secret: string; basePath: string; countryCodes: string[] }) {
  const api = new PlaidApi(
    new Configuration({
      basePath: options.basePath,
      baseOptions: { headers: { "PLAID-CLIENT-ID": options.clientId, "PLAID-SECRET": options.secret }, timeout: 20_000 },
    }),
  );
  const countryCodes = options.countryCodes as CountryCode[];
  const verificationKeys = new Map<string, { key: CryptoKey | Uint8Array; fetchedAt: number }>();

  async function verificationKey(kid: string) {
    const cached = verificationKeys.get(kid);
    if (cached && Date.now() - cached.fetchedAt < KEY_CACHE_MS) return cached.key;
    const { key } = await call(() => api.webhookVerificationKeyGet({ key_id: kid }));
    if (key.expired_at !== null && key.expired_at !== undefined) return null;
    const imported = await importJWK(key as unknown as JWK, "ES256");
    verificationKeys.set(kid, { key: imported, fetchedAt: Date.now() });
    return imported;
  }

  return {
    async createLinkToken(request: LinkTokenRequest) {
      const response = await call(() =>
        api.linkTokenCreate({
          client_name: CLIENT_NAME,
          language: "en",
          country_codes: countryCodes,
          user: { client_user_id: request.clientUserId },
          webhook: request.webhookUrl,
          ...(request.accessToken ? { access_token: request.accessToken } : { products: [Products.Transactions] }),
          ...(request.completionRedirectUri && { hosted_link: { completion_redirect_uri: request.completionRedirectUri } }),
        }),
      );
      return { linkToken: response.link_token, hostedLinkUrl: response.hosted_link_url ?? null };
    },

    /** The newest finished Link session of a link token (Hosted Link reports its result here). */
    async linkSessionOutcome(linkToken: string): Promise<LinkSessionOutcome> {
      const response = await call(() => api.linkTokenGet({ link_token: linkToken }));
      const session = (response.link_sessions ?? []).filter((candidate) => candidate.finished_at).at(-1);
      if (!session) return { publicToken: null, finished: false };
      const added = session.results?.item_add_results ?? [];
      return { publicToken: added[0]?.public_token ?? null, finished: !session.exit };
    },

    async exchangePublicToken(publicToken: string) {
      const response = await call(() => api.itemPublicTokenExchange({ public_token: publicToken }));
      return { accessToken: response.access_token, itemId: response.item_id };
    },

    async getAccounts(accessToken: string) {
      const response = await call(() => api.accountsGet({ access_token: accessToken }));
      const accounts: PlaidAccount[] = response.accounts.map((account) => ({
        id: account.account_id,
        name: account.name,
        type: account.subtype ?? account.type,
        plaidType: account.type,
        mask: account.mask ?? null,
        currency: account.balances.iso_currency_code ?? null,
        currentBalance: account.balances.current ?? null,
      }));
      return { institutionName: response.item.institution_name ?? "Your bank", accounts };
    },

    async syncPage(accessToken: string, cursor: string | null, count: number): Promise<PlaidSyncPage> {
      const response = await call(() => api.transactionsSync({ access_token: accessToken, count, ...(cursor ? { cursor } : {}) }));
      return {
        added: response.added.map(transactionData),
        modified: response.modified.map(transactionData),
        removed: response.removed.map((removed) => removed.transaction_id),
        nextCursor: response.next_cursor,
        hasMore: response.has_more,
      };
    },

    async removeItem(accessToken: string) {
      await call(() => api.itemRemove({ access_token: accessToken }));
    },

    /**
     * Plaid's webhook check: an ES256 JWT in `Plaid-Verification` signed by a
     * key from /webhook_verification_key/get, issued within five minutes, whose
     * `request_body_sha256` is the SHA-256 of the raw body.
     */
    async verifyWebhook(body: string, token: string | null) {
      if (!token) return false;
      try {
        const header = decodeProtectedHeader(token);
        if (header.alg !== "ES256" || typeof header.kid !== "string") return false;
        const key = await verificationKey(header.kid);
        if (!key) return false;
        const { payload } = await jwtVerify(token, key, { algorithms: ["ES256"], maxTokenAge: WEBHOOK_MAX_AGE_SECONDS });
        return typeof payload.request_body_sha256 === "string" && sameText(payload.request_body_sha256, sha256Hex(body));
      } catch {
        return false;
      }
    },
  };
}

export type PlaidClient = ReturnType<typeof createPlaidClient>;

let client: PlaidClient | undefined;

/** The Plaid client, or null when no keys are configured. PLAID_API_URL points it at a stand-in. */
export function getPlaid(): PlaidClient | null {
  const env = getEnv();
  if (!env.PLAID_CLIENT_ID || !env.PLAID_SECRET) return null;
  client ??= createPlaidClient({
    clientId: env.PLAID_CLIENT_ID,
    secret: env.PLAID_SECRET,
    basePath: env.PLAID_API_URL ?? PlaidEnvironments[env.PLAID_ENV],
    countryCodes: env.PLAID_COUNTRY_CODES.split(",").map((code) => code.trim().toUpperCase()),
  });
  return client;
}

/** Where Plaid Link's script and frames come from (for the page and its Content-Security-Policy). */
export function plaidLinkScriptUrl() {
  return getEnv().PLAID_LINK_SCRIPT_URL;
}

export function plaidLinkOrigin() {
  return new URL(plaidLinkScriptUrl()).origin;
}

/** Where Hosted Link lives: the bank form's redirect target (for the CSP's form-action). */
export function plaidHostedLinkOrigin() {
  const apiUrl = getEnv().PLAID_API_URL;
  return apiUrl ? new URL(apiUrl).origin : "https://secure.plaid.com";
}
