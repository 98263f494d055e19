/** The fields of a Plaid transaction Ledgerly reads. `amount` in dollars: positive is money out of the account. */
export type PlaidTransactionData = {
  transactionId: string;
  accountId: string;
  amount: number;
  currency: string | null;
  date: string;
  name: string;
  merchantName: string | null;
  pending: boolean;
  /** For a posted transaction: the pending one it replaces. */
  pendingTransactionId: string | null;
};

/** One page of /transactions/sync. */
export type PlaidSyncPage = { added: PlaidTransactionData[]; modified: PlaidTransactionData[]; removed: string[]; nextCursor: string; hasMore: boolean };
