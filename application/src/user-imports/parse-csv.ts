import {
  importColumnOf,
  QuotaExceededError,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_CHARACTERS,
  USER_IMPORT_MAX_ROWS,
  ValidationError,
  type UserImportColumn,
  type UserImportRecord,
} from '@ai-coaching/domain';
import { CsvError, parse } from 'csv-parse/sync';

// The file of a bulk import read as RFC 4180 CSV: a header line naming the columns (English or French), then a
// line per person. A UTF-8 byte order mark is dropped; `;` is taken as the separator when the header line has more
// of them than of `,` (spreadsheets in French write `;`). Limits are checked before and after parsing.

const REQUIRED: readonly UserImportColumn[] = ['email'];

/** `;` or `,`, whichever the header line (outside quotes) holds more of. */
export const sniffDelimiter = (text: string): ',' | ';' => {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character === ',') commas += 1;
    else if (!quoted && character === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
};

export type ParsedUserImportFile = { delimiter: ',' | ';'; records: UserImportRecord[] };

export const parseUserImportCsv = (raw: string): ParsedUserImportFile => {
  if (raw.length > USER_IMPORT_MAX_CHARACTERS) {
    throw new QuotaExceededError(
      'user_import_too_large',
      `The file is too large: keep it under ${USER_IMPORT_MAX_CHARACTERS} characters, or split it.`,
      { max: USER_IMPORT_MAX_CHARACTERS },
    );
  }
  const text = raw.replace(/^\uFEFF/, '');
  const delimiter = sniffDelimiter(text);
  let lines: { record: string[]; info: { lines: number } }[];
  try {
    lines = parse(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new ValidationError(
        'user_import_csv_invalid',
        `The file is not valid CSV near line ${line}: check its quotes.`,
        {
          line,
        },
      );
    }
    throw error;
  }
  const [header, ...rows] = lines;
  if (!header || rows.length === 0) {
    throw new ValidationError(
      'user_import_empty',
      'The file has no rows to import: a header line, then a line per person.',
    );
  }
  if (rows.length > USER_IMPORT_MAX_ROWS) {
    throw new ValidationError(
      'user_import_too_many_rows',
      `The file has too many rows: at most ${USER_IMPORT_MAX_ROWS}. Split it into several files.`,
      { max: USER_IMPORT_MAX_ROWS },
    );
  }
  const columns = header.record.map(importColumnOf);
  const missing = REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new ValidationError(
      'user_import_columns_missing',
      `The header line lacks a column: ${missing.join(', ')}. Name the columns email, first_name, last_name, role, groups.`,
      { columns: missing },
    );
  }
  const records = rows.map(({ record, info }) => {
    const cells = Object.fromEntries(USER_IMPORT_COLUMNS.map((column) => [column, ''])) as Record<
      UserImportColumn,
      string
    >;
    columns.forEach((column, index) => {
      if (column && cells[column] === '') cells[column] = record[index] ?? '';
    });
    return { line: info.lines, ...cells };
  });
  return { delimiter, records };
};
