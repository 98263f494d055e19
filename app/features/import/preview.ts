import type { ImportAccount } from "./account-choice";
import type { BalanceCheck } from "./balance-check";
import type { ColumnFinding } from "./columns";
import type { FileAmount } from "./conversion";
import type { DuplicateOf } from "./duplicates";
import type { LeftOutGroup } from "./left-out";
import type { Encoding } from "./readers/encodings";
import type { Reading, ReadTotals } from "./reading";
import type { SourceFormat, SourceTable } from "./readers/source";
import type { TransactionType } from "~/features/transactions/transactions";

/** What the import preview shows; built on the server, rendered by the preview page. */
export type PreviewRowStatus = "new" | "duplicate" | "pending" | "declined" | "zero" | "balance" | "error";

export type PreviewRow = {
  label: string;
  status: PreviewRowStatus;
  date: string | null;
  /** What the transaction is written with: the payee when the file has one for it, else the memo (decision 110). */
  description: string;
  /** The name of the category it is written with ("" for none: the New tab). */
  category: string;
  /** Why the file's category text chose none (an unknown name, a category of the other type); null otherwise. */
  categoryNote: string | null;
  /** The names of the tags the user's rules put on it. */
  tags: string[];
  type: TransactionType | null;
  /** Unsigned, in minor units of the reading's currency. */
  amount: number | null;
  amountText: string;
  rounded: boolean;
  /** The amount in the file's currency, when it was converted into the account's. */
  fileAmount: FileAmount | null;
  error: string | null;
  duplicateOf: DuplicateOf;
  /** The user's rules that filled in its category, description or tags. */
  ruleNames: string[];
  /** The recurring bill or paycheck whose due date it meets. */
  meets: { name: string; dueDate: string } | null;
};

export type ImportPreview = {
  draftId: string;
  fileName: string;
  format: SourceFormat;
  encoding: { value: Encoding; label: string; detected: boolean };
  table: Pick<SourceTable, "headers" | "delimiter" | "hasHeader" | "account"> & { skippedAbove: string[]; rowCount: number };
  columnsFixed: boolean;
  foundBy: ColumnFinding["foundBy"];
  remembered: boolean;
  /** Whether the user chose the columns on this preview (rather than the file or their earlier choice). */
  columnsChosen: boolean;
  reading: Omit<Reading, "rows">;
  includePending: boolean;
  /** Importable rows that are not yet among the user's transactions. */
  newCount: number;
  duplicateCount: number;
  /** Of the rows that will be written. */
  newTotals: ReadTotals;
  /** The file's category names that choose none of the user's categories: those rows are written uncategorized. */
  unmatchedCategories: Array<{ name: string; reason: "unknown" | "other-type"; rows: number }>;
  rows: PreviewRow[];
  /** The first rows as the file has them, while a question is open or the columns cannot work. */
  rawRows: Array<{ label: string; cells: string[] }>;
  /** Every row that is not imported, by reason (unreadable, already there, pending, declined, zero, a balance line). */
  leftOut: LeftOutGroup[];
  /** Rows whose amount had more decimals than the file's currency, as the file writes it and rounded (minor units of the file's currency). */
  roundedRows: Array<{ label: string; text: string; cents: number }>;
  /** A date and an amount as the file writes them, to show what the date order and number format mean. */
  examples: { date: string | null; amount: string | null };
  /** Which account of a file of several this preview imports (0-based), of how many; null for a file of one account. */
  part: { index: number; count: number } | null;
  /** The account the rows go into; `reading.currency` is its currency, unless they are converted into its own. */
  account: ImportAccount;
  /** The file's currency and the account's when the user chose to convert, and the days no exchange rate covers (nothing imports while any). */
  conversion: { from: string; to: string; missingDays: string[] } | null;
  /** The file's first balance line (an opening balance): a new account opens with it; it is never imported as income. */
  openingBalance: { label: string; date: string; cents: number } | null;
  /** The opening balance the statement states (CAMT OPBD), for a new account to open with. */
  statementOpening: { date: string; cents: number } | null;
  /** Whether the rows take the account to the balance the statement states; null when it states none. */
  balanceCheck: BalanceCheck | null;
  /** Rows of the file that look like the other side of a transaction waiting in another account: linked as transfers on import only when ticked. */
  transferProposals: ImportTransferProposal[];
  /** Names what this preview shows, so an import confirms exactly it. */
  fingerprint: string;
};

/** A row of the file and a stored transaction of another account that look like the two sides of one transfer. */
export type ImportTransferProposal = {
  /** The checkbox's value: "<row label>|<stored transaction id>". */
  value: string;
  chosen: boolean;
  row: { label: string; date: string; type: "income" | "expense"; amount: number; description: string };
  stored: { id: string; date: string; type: "income" | "expense"; amount: number; description: string; accountName: string };
};
