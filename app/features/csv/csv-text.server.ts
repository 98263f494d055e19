// Reading and writing CSV text with papaparse: server-only, so the parser never ships to the browser.
import Papa from "papaparse";
import { centsToInput, toCents } from "~/lib/money";
import { CSV_MESSAGES, EXPORT_COLUMNS, MAX_CSV_BYTES, MAX_CSV_ROWS, type CsvRow, type ExportRow, type ParseCsvResult } from "./csv";

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
    centsToInput(toCents(row.amount)),
    row.description,
    row.source,
    row.deleted ? "Yes" : "No",
  ]);
  const lines = header ? [Papa.unparse([EXPORT_COLUMNS])] : [];
  if (data.length > 0) lines.push(Papa.unparse(data, { newline: CRLF, escapeFormulae: FORMULA_START }));
  return lines.map((line) => `${line}${CRLF}`).join("");
}

function isBlank(record: string[]) {
  return record.every((cell) => cell.trim() === "");
}

/** Trimmed header names; blanks and repeats get a name of their own so every column can be chosen. */
function headerNames(record: string[]) {
  const seen = new Set<string>();
  return record.map((cell, index) => {
    const base = cell.trim() || `Column ${index + 1}`;
    let name = base;
    for (let copy = 2; seen.has(name); copy += 1) name = `${base} (${copy})`;
    seen.add(name);
    return name;
  });
}

/**
 * Reads an uploaded CSV: the first non-empty row names the columns, empty rows
 * are skipped, a byte order mark is tolerated. Rows keep their spreadsheet row
 * number so problems can be reported by row.
 */
export function parseCsv(text: string): ParseCsvResult {
  const content = text.replace(/^\uFEFF/, "");
  if (new TextEncoder().encode(content.replace(/\r\n/g, "\n")).length > MAX_CSV_BYTES) return { ok: false, error: CSV_MESSAGES.tooBig };
  if (content.trim() === "") return { ok: false, error: CSV_MESSAGES.empty };
  if (content.includes("\u0000")) return { ok: false, error: CSV_MESSAGES.unreadable };

  const parsed = Papa.parse<string[]>(content, { skipEmptyLines: false });
  if (parsed.errors.some((error) => error.type === "Quotes")) return { ok: false, error: CSV_MESSAGES.unreadable };

  const records = parsed.data;
  const headerIndex = records.findIndex((record) => !isBlank(record));
  const headers = headerNames(records[headerIndex]);
  const rows: CsvRow[] = [];
  for (let index = headerIndex + 1; index < records.length; index += 1) {
    const record = records[index];
    if (isBlank(record)) continue;
    if (rows.length === MAX_CSV_ROWS) return { ok: false, error: CSV_MESSAGES.tooManyRows };
    // No prototype: a column may be called "__proto__" or "constructor".
    const values: Record<string, string> = Object.create(null);
    headers.forEach((header, column) => {
      values[header] = record[column]?.trim() ?? "";
    });
    rows.push({ line: index + 1, values });
  }
  if (rows.length === 0) return { ok: false, error: CSV_MESSAGES.noRows };
  return { ok: true, csv: { headers, rows } };
}
