import { format, parseISO } from "date-fns";
import { formatMoney, toCents } from "~/lib/money";
import type { Citation, InsightTransaction } from "./insights";

/** How both rules engines and the model's answers word money, dates, lists and citations. */

/** The most transactions an insight or strategy cites (the model's answers are held to the same). */
export const MAX_CITED_TRANSACTIONS = 10;

export type MoneyText = (cents: number) => string;

/** 125000 → "$1,250.00" in the user's currency. */
export function moneyText(currency: string): MoneyText {
  return (cents) => formatMoney(toCents(cents), currency);
}

/** "Nov 3" */
export function shortDate(isoDate: string) {
  return format(parseISO(isoDate), "MMM d");
}

/** "A, B and C" (or "A, B or C"). */
export function joinNames(names: string[], conjunction: "and" | "or" = "and") {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} ${conjunction} ${names[names.length - 1]}`;
}

/** "Nov 3 · Coffee · $12.50" (the fallback name when the description is empty). */
export function transactionText(transaction: InsightTransaction, fallbackName: string, money: MoneyText) {
  return `${shortDate(transaction.date)} · ${transaction.description.trim() || fallbackName} · ${money(transaction.amount)}`;
}

export function transactionCitation(transaction: InsightTransaction, fallbackName: string, money: MoneyText): Citation {
  return { kind: "transaction", id: transaction.id, label: transactionText(transaction, fallbackName, money) };
}

export function debtCitation(debt: { id: string; name: string }): Citation {
  return { kind: "debt", id: debt.id, label: debt.name };
}
