// What the tests of the OFX, QIF and CAMT readers share: reading a text and looking at its rows by column name.
import { STATEMENT_HEADERS, type ReadSourceResult, type SourceTable } from "~/features/import/readers/source";

type StatementHeader = (typeof STATEMENT_HEADERS)[number];

export function statementReader(reader: (text: string) => ReadSourceResult) {
  return {
    /** The table of a text the reader must read. */
    read(text: string): SourceTable {
      const result = reader(text);
      if (!result.ok) throw new Error(result.error);
      return result.table;
    },
    /** The reader's error for a text it must refuse (null when it reads it). */
    errorOf(text: string) {
      const result = reader(text);
      return result.ok ? null : result.error;
    },
  };
}

/** Each row's cells by column name, with its line and label. */
export function rowsOf(table: SourceTable) {
  return table.rows.map((row) => ({
    line: row.line,
    label: row.label,
    ...(Object.fromEntries(STATEMENT_HEADERS.map((header, index) => [header, row.cells[index]])) as Record<StatementHeader, string>),
  }));
}
