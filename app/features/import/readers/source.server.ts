// Bytes of any supported bank file to a table, on the server (parsers and encoding tables stay off the browser).
import { readCamt053 } from "./camt.server";
import { readCsvTable } from "./csv-table.server";
import { readMt940 } from "./mt940";
import { decodeFile, type DecodedFile } from "./decode.server";
import type { Encoding } from "./encodings";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "../messages";
import { readOfx } from "./ofx";
import { readQif } from "./qif";
import { detectFormat, type SourceFormat, type SourceTable } from "./source";

const READERS: Record<SourceFormat, (text: string) => ReturnType<typeof readCsvTable>> = {
  csv: readCsvTable,
  ofx: readOfx,
  qif: readQif,
  camt053: readCamt053,
  mt940: readMt940,
};

type ReadFileResult = { ok: true; decoded: DecodedFile; table: SourceTable } | { ok: false; error: string };

/** Decodes the file (in `encoding` when given) and reads it in the format its content shows. */
export function readBankFile(bytes: Uint8Array, encoding?: Encoding): ReadFileResult {
  if (bytes.length === 0) return { ok: false, error: IMPORT_MESSAGES.empty };
  if (bytes.length > IMPORT_LIMITS.maxBytes) return { ok: false, error: IMPORT_MESSAGES.tooBig };
  const decoded = decodeFile(bytes, encoding);
  const read = READERS[detectFormat(decoded.text)](decoded.text);
  if (!read.ok) return read;
  if (read.table.rows.length === 0) return { ok: false, error: IMPORT_MESSAGES.noRows };
  if (read.table.rows.length > IMPORT_LIMITS.maxRows) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };
  return { ok: true, decoded, table: read.table };
}
