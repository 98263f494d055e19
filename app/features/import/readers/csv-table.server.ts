// A bank's CSV text to a table: the delimiter sniffed, the lines above the table skipped, the header found.
import Papa from "papaparse";
import { amountParts } from "../amounts";
import { tableCurrency } from "../currency";
import { looksLikeDate } from "../dates";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "../messages";
import type { ReadSourceResult, SourceRow } from "./source";

const DELIMITERS = [",", ";", "\t", "|"] as const;

/** How many lines the delimiter and header search look at. */
const SNIFF_LINES = 200;

type Record_ = { line: number; cells: string[] };

/** Any line ending (LF, CRLF, CR, and the CR CR LF of files saved twice on Windows) as LF. */
function normaliseLineEndings(text: string) {
  return text.replace(/\r\r\n|\r\n|\r/g, "\n");
}

function isBlank(cells: string[]) {
  return cells.every((cell) => cell.trim() === "");
}

/** Records with the line each starts on; Papa's cursor tells where a record ends, quoted line breaks included. */
function readRecords(text: string, delimiter: string, maxRecords = Infinity) {
  const records: Record_[] = [];
  let line = 1;
  let consumed = 0;
  let malformed = false;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step(result, parser) {
      const end = result.meta.cursor;
      records.push({ line, cells: result.data });
      for (let index = consumed; index < end; index += 1) if (text.charCodeAt(index) === 10) line += 1;
      if (text.charCodeAt(end) === 10) line += 1;
      consumed = end + 1;
      if (result.errors.some((error) => error.type === "Quotes")) malformed = true;
      if (records.length >= maxRecords) parser.abort();
    },
  });
  return { records, malformed };
}

/** The most common number of cells among records that have more than one, and how many records have it. */
function modalWidth(records: Record_[]) {
  const counts = new Map<number, number>();
  for (const record of records) {
    if (record.cells.length > 1 && !isBlank(record.cells)) counts.set(record.cells.length, (counts.get(record.cells.length) ?? 0) + 1);
  }
  let best = { width: 1, count: 0 };
  for (const [width, count] of counts) if (count > best.count || (count === best.count && width > best.width)) best = { width, count };
  return best;
}

/** The delimiter that splits most sample lines into the same number of cells (more than one). */
function sniffDelimiter(sample: string) {
  let best = { delimiter: ",", count: -1, width: 0 };
  for (const delimiter of DELIMITERS) {
    const { records } = readRecords(sample, delimiter, SNIFF_LINES);
    const { width, count } = modalWidth(records);
    if (count > best.count || (count === best.count && width > best.width)) best = { delimiter, count, width };
  }
  return best.delimiter;
}

function isAmountLike(cell: string) {
  return /\d/.test(cell) && amountParts(cell) !== null && !looksLikeDate(cell);
}

/** A record of transaction data: a date and an amount among its cells. */
function looksLikeData(cells: string[]) {
  return cells.some((cell) => looksLikeDate(cell)) && cells.some(isAmountLike);
}

function fitsWidth(record: Record_, width: number) {
  return Math.abs(record.cells.length - width) <= 1;
}

/** Trimmed header names; blanks and repeats get a name of their own so every column can be chosen. */
function headerNames(cells: string[], width: number) {
  const seen = new Set<string>();
  return Array.from({ length: Math.max(width, cells.length) }, (_, index) => {
    const base = cells[index]?.trim() || `Column ${index + 1}`;
    let name = base;
    for (let copy = 2; seen.has(name); copy += 1) name = `${base} (${copy})`;
    seen.add(name);
    return name;
  });
}

/**
 * Reads CSV text (any line ending; `,` `;` tab or `|`): the table starts at
 * the first record of the usual width that holds a date and an amount; the
 * record before it names the columns when it is no data itself, and the
 * lines above are skipped (account name, IBAN, period…) and listed. Summary
 * lines below the table are left to the interpretation, which knows the date
 * column. The table's currency is what its columns state (see `tableCurrency`).
 */
export function readCsvTable(content: string): ReadSourceResult {
  const text = normaliseLineEndings(content);
  if (text.trim() === "") return { ok: false, error: IMPORT_MESSAGES.empty };
  if (text.includes("\u0000")) return { ok: false, error: IMPORT_MESSAGES.unreadable };
  const sample = text.split("\n").slice(0, SNIFF_LINES).join("\n");
  const delimiter = sniffDelimiter(sample);
  const { records, malformed } = readRecords(text, delimiter);
  if (malformed) return { ok: false, error: IMPORT_MESSAGES.unreadable };
  const nonBlank = records.filter((record) => !isBlank(record.cells));
  const { width } = modalWidth(nonBlank.slice(0, SNIFF_LINES));
  if (width < 2) return { ok: false, error: IMPORT_MESSAGES.noTable };

  const firstData = nonBlank.findIndex((record) => fitsWidth(record, width) && looksLikeData(record.cells));
  if (firstData === -1) return { ok: false, error: IMPORT_MESSAGES.noRows };
  const before = nonBlank[firstData - 1];
  const hasHeader = before !== undefined && fitsWidth(before, width) && !looksLikeData(before.cells);
  const tableStart = hasHeader ? firstData - 1 : firstData;
  const body = nonBlank.slice(firstData);
  if (body.length > IMPORT_LIMITS.maxRows) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };

  const headers = headerNames(hasHeader ? before.cells : [], Math.max(width, ...body.map((record) => record.cells.length)));
  const rows: SourceRow[] = body.map((record) => ({
    line: record.line,
    label: `Row ${record.line}`,
    cells: headers.map((_, index) => record.cells[index]?.trim() ?? ""),
  }));
  const currency = tableCurrency(headers, rows);
  return {
    ok: true,
    table: {
      format: "csv",
      headers,
      rows,
      skippedAbove: nonBlank.slice(0, tableStart).map((record) => record.cells.filter((cell) => cell.trim() !== "").join(" ").trim()),
      delimiter,
      hasHeader,
      fixedColumns: null,
      fixedDateOrder: null,
      account: currency ? { id: null, name: null, currency } : null,
    },
  };
}
