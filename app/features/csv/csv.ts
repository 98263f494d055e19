export const EXPORT_COLUMNS = ["Date", "Type", "Category", "Amount", "Description", "Source", "Deleted"] as const;

export type ExportRow = {
  date: string;
  type: "income" | "expense";
  /** The category's name, as people read it. */
  category: string;
  amount: number;
  description: string;
  source: string;
  deleted: boolean;
};
