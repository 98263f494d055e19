import { isSupportedCurrency } from "~/lib/currency-list";
import { amountParts } from "./amounts";
import { looksLikeDate } from "./dates";

/**
 * The currency a bank file states, where it states one. The statement
 * formats name it (OFX CURDEF, CAMT Ccy); a CSV may say it in a column that
 * holds one code on every row ("Currency", "Währung", "Devise", "Munt"), in
 * a column's name ("Betrag (EUR)", "Gutschrift in CHF") or with its amounts
 * ("€12.50", "45,00 EUR"). What names several currencies ("$", "¥", "kr")
 * states none.
 */

/** Signs that name one currency. */
const SIGNS: Readonly<Record<string, string>> = {
  "€": "EUR",
  "£": "GBP",
  "₹": "INR",
  "₩": "KRW",
  "₽": "RUB",
  "₺": "TRY",
  "₪": "ILS",
  "₫": "VND",
  "฿": "THB",
  "₱": "PHP",
  "₴": "UAH",
  "₦": "NGN",
  ZŁ: "PLN",
};

/** Words a column's name may use for its currency instead of the code ("Montant(EUROS)"). */
const WORDS: Readonly<Record<string, string>> = { EURO: "EUR", EUROS: "EUR" };

/** An ISO 4217 code as files write it ("EUR"); null for anything else. */
export function currencyCode(text: string): string | null {
  const code = text.trim();
  return /^[A-Z]{3}$/.test(code) && isSupportedCurrency(code) ? code : null;
}

/** The currency a column's name ends with: in brackets in any case ("Betrag (EUR)", "Montant(euros)"), or a code in capitals ("Saldo in CHF"). */
export function headerCurrency(header: string): string | null {
  const match = /(?:\(\s*(?:in\s+)?(\p{L}{3,5})\s*\)|\[\s*(\p{L}{3,5})\s*\]|\s([A-Z]{3}))$/u.exec(header.trim());
  const word = (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").toUpperCase();
  return currencyCode(word) ?? WORDS[word] ?? null;
}

/** The currency a cell names: a code alone ("EUR"), or one an amount is written with ("€12.50", "-45,00 EUR"); null for any other cell. */
function cellCurrency(cell: string): string | null {
  const code = currencyCode(cell);
  if (code) return code;
  if (looksLikeDate(cell) || amountParts(cell) === null) return null;
  const mark = cell.replace(/[^\p{L}\p{Sc}]/gu, "").replace(/(?:DR|CR)$/i, "").toUpperCase();
  return currencyCode(mark) ?? SIGNS[mark] ?? null;
}

/** The currency a column states: filled on at least half the rows, every cell naming the same one. */
function columnCurrency(cells: string[]): string | null {
  const filled = cells.map((cell) => cell.trim()).filter((cell) => cell !== "");
  if (filled.length === 0 || filled.length * 2 < cells.length) return null;
  const currency = cellCurrency(filled[0]);
  return currency && filled.every((cell) => cellCurrency(cell) === currency) ? currency : null;
}

/** The currency a CSV table states in its column names and its columns; null when it states none, or several. */
export function tableCurrency(headers: string[], rows: ReadonlyArray<{ cells: string[] }>): string | null {
  const stated = new Set(
    headers.flatMap((header, index) => [headerCurrency(header), columnCurrency(rows.map((row) => row.cells[index] ?? ""))]).filter((currency) => currency !== null),
  );
  return stated.size === 1 ? [...stated][0] : null;
}
