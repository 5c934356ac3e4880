import { Readable } from 'node:stream';

/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF; a field holding a comma,
 * a quote, CR or LF is quoted with its quotes doubled.
 *
 * Text cells are also defused against formula injection (OWASP "CSV injection"): a spreadsheet
 * runs a cell starting with = + - @ (or a tab or CR, which some strip first) as a formula, so such
 * a cell gets a leading apostrophe and is shown as text. Numbers are written as they are.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const csvCell = (value: CsvCell): string => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvRow = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A header row (`header`, else the names of `columns`), then one row per item, as a byte stream a
 * response can pipe: the rows are pulled as the client reads, so an export of any size never sits
 * in memory. `onError` hears a failure of the rows before the stream is cut with it.
 */
export const csvStream = <Row extends { readonly [Column in keyof Row]: CsvCell }>(
  columns: readonly (keyof Row)[],
  rows: AsyncIterable<Row>,
  onError: (error: unknown) => void,
  header: readonly string[] = columns as readonly string[],
): Readable => {
  async function* lines() {
    yield csvRow(header);
    try {
      for await (const row of rows) yield csvRow(columns.map((column) => row[column]));
    } catch (error) {
      onError(error);
      throw error;
    }
  }
  return Readable.from(lines(), { objectMode: false });
};

/**
 * A route's answer that downloads CSV: the stream of `csvStream` with the headers of an attachment (never cached).
 * The 200 is gone once the stream fails: the connection is cut (the client sees an incomplete download), and the log
 * line `onError` writes is the only trace of why.
 */
export const csvAttachment = <Row extends { readonly [Column in keyof Row]: CsvCell }>(options: {
  fileName: string;
  columns: readonly (keyof Row)[];
  rows: AsyncIterable<Row>;
  onError: (error: unknown) => void;
  header?: readonly string[];
}) => ({
  body: csvStream(options.columns, options.rows, options.onError, options.header),
  headers: {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${options.fileName}"`,
    'Cache-Control': 'no-store',
  },
});
