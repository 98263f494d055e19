import { isDebtCategoryId, isUncategorized, type Category } from "~/features/categories/categories";
import type { TransactionType } from "~/features/transactions/transactions";

/** What a file's category cell makes of a row: one of the user's categories, none, or why the text names none. */
export type CategoryOfText =
  | { kind: "none" }
  | { kind: "matched"; category: Category }
  /** No category of the user has that name. */
  | { kind: "unknown"; text: string }
  /** The user's category of that name is of the other type (an income category on money out, or the reverse). */
  | { kind: "other-type"; text: string; category: Category };

/** A name as the file and the user may both write it: case, accents, "&" or "and", punctuation and spacing aside. */
export function fileCategoryKey(name: string) {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The user's category a row's category text names: by id, or by name compared with `fileCategoryKey`, of the
 * row's type (an income category never books money out). A debt's category is never chosen by a file: it
 * would pay down the debt. An empty cell or "Uncategorized" names none.
 */
export function categoryOfText(categories: readonly Category[], text: string, type: TransactionType): CategoryOfText {
  const trimmed = text.trim();
  if (!trimmed || isUncategorized(trimmed)) return { kind: "none" };
  const key = fileCategoryKey(trimmed);
  const named = categories.filter((category) => !isDebtCategoryId(category.id) && (category.id === trimmed.toLowerCase() || fileCategoryKey(category.name) === key));
  const matched = named.find((category) => category.type === type);
  if (matched) return { kind: "matched", category: matched };
  return named[0] ? { kind: "other-type", text: trimmed, category: named[0] } : { kind: "unknown", text: trimmed };
}

/** What the preview says beside a row whose category text chose no category. */
export function categoryNote(found: CategoryOfText): string | null {
  if (found.kind === "unknown") return `The file says “${found.text}”: you have no category of that name.`;
  if (found.kind === "other-type") return `The file says “${found.text}”, ${found.category.type === "income" ? "an income" : "a spending"} category: this row is money ${found.category.type === "income" ? "out" : "in"}.`;
  return null;
}
