/**
 * The words banks write for which way money went and for a transaction's
 * state, in English, German, Dutch, French and Spanish (and the codes of
 * ISO 20022). Cells are compared lower case, without accents or a final dot.
 */

type Direction = "out" | "in";
export type RowStatus = "settled" | "pending" | "declined";

function normalise(cell: string) {
  return cell
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\.$/, "");
}

const DIRECTION_WORDS: Record<string, Direction> = {};
for (const word of ["debit", "dr", "d", "db", "deb", "dbit", "af", "s", "soll", "lastschrift", "belastung", "debet", "out", "withdrawal", "expense", "cargo", "uit", "-"]) {
  DIRECTION_WORDS[word] = "out";
}
for (const word of ["credit", "cr", "c", "crdt", "bij", "h", "haben", "gutschrift", "gutschr", "in", "deposit", "income", "abono", "credito", "+"]) {
  DIRECTION_WORDS[word] = "in";
}

/** "Af", "S", "DBIT", "Debit" → out; "Bij", "H", "CRDT", "Credit" → in; anything else → null. */
export function directionOf(cell: string): Direction | null {
  return DIRECTION_WORDS[normalise(cell)] ?? null;
}

/** Words a status cell contains, most telling first ("Umsatz vorgemerkt" is pending, "Umsatz gebucht" settled). */
const STATUS_WORDS: Array<[RowStatus, string[]]> = [
  ["declined", ["declined", "reverted", "refused", "refuse", "rejected", "cancelled", "canceled", "failed", "abgelehnt", "storniert", "geweigerd", "geannuleerd", "rechazad", "anulad", "annule"]],
  ["pending", ["pending", "pdng", "vorgemerkt", "ausstehend", "in bearbeitung", "in behandeling", "en attente", "en cours", "pendiente", "authorised", "authorized", "not yet posted", "info"]],
  ["settled", ["completed", "complete", "booked", "book", "posted", "settled", "cleared", "gebucht", "verbucht", "geboekt", "uitgevoerd", "accepte", "execute", "completad", "confirmed"]],
];

/** Whether a status cell says the row settled, is pending or was declined; null when it says none of these. */
export function statusOf(cell: string): RowStatus | null {
  const text = normalise(cell);
  if (text === "") return null;
  for (const [status, words] of STATUS_WORDS) {
    if (words.some((word) => text === word || text.includes(word))) return status;
  }
  return null;
}

/** How banks and money programs name a line that states a balance instead of moving money, in the languages above (and Portuguese, Italian, Danish). */
const BALANCE_LINE_WORDS = [
  "opening balance",
  "beginning balance",
  "starting balance",
  "previous balance",
  "balance brought forward",
  "balance forward",
  "saldo anterior",
  "saldo inicial",
  "saldo iniziale",
  "saldo precedente",
  "solde precedent",
  "solde anterieur",
  "solde initial",
  "anfangssaldo",
  "alter saldo",
  "saldovortrag",
  "beginsaldo",
  "vorig saldo",
  "primosaldo",
];
const BALANCE_LINE = new RegExp(`^(${BALANCE_LINE_WORDS.join("|")})[\\s:.\\-/0-9]*$`);

/** Whether a row's description says it is the account's balance ("Opening Balance", "Saldo Anterior 31/03"), not money that moved. */
export function isBalanceLine(description: string) {
  return BALANCE_LINE.test(normalise(description));
}
