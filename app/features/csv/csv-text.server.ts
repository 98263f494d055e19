// Writing CSV text with papaparse: server-only, so the library never ships to the browser.
import Papa from "papaparse";
import { centsToInput, toCents } from "~/lib/money";
import { EXPORT_COLUMNS, type ExportRow } from "./csv";

/**
 * Cells a spreadsheet would run as a formula (CSV injection). Papaparse's own
 * pattern misses a cell whose formula is followed by a line break.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const CRLF = "\r\n";

/**
 * RFC 4180 text of transactions, each line ending in CRLF, so batches can be
 * concatenated. A cell starting like a formula gets a leading single quote.
 */
export function toCsv(rows: ExportRow[], { header = true }: { header?: boolean } = {}) {
  const data = rows.map((row) => [
    row.date,
    row.type,
    row.category,
    centsToInput(toCents(row.amount), row.currency),
    row.description,
    row.source,
    row.deleted ? "Yes" : "No",
    row.account,
    row.cleared ? "Yes" : "No",
    row.currency,
    row.tags.join(", "),
  ]);
  const lines = header ? [Papa.unparse([EXPORT_COLUMNS])] : [];
  if (data.length > 0) lines.push(Papa.unparse(data, { newline: CRLF, escapeFormulae: FORMULA_START }));
  return lines.map((line) => `${line}${CRLF}`).join("");
}
