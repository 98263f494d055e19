export const EXPORT_COLUMNS = ["Date", "Type", "Category", "Amount", "Description", "Source", "Deleted", "Account", "Cleared", "Currency", "Tags"] as const;

export type ExportRow = {
  date: string;
  type: "income" | "expense";
  /** The category's name, as people read it. */
  category: string;
  amount: number;
  description: string;
  source: string;
  deleted: boolean;
  /** The name of the account it is in. */
  account: string;
  /** Matched against a bank statement (reconciled or marked cleared). */
  cleared: boolean;
  /** The account's currency, which `amount` is in (minor units). */
  currency: string;
  /** Its tags' names. */
  tags: string[];
};
