import { stringify } from "csv-stringify/sync";

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return before
 * one) gets a leading apostrophe: the program shows it as text and runs nothing. Every CSV the
 * site hands out goes through this, since its cells hold what visitors typed.
 */
export const neutralised = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/**
 * A CSV for a spreadsheet: a header row, then the rows, every cell neutralised, quoted by
 * csv-stringify where RFC 4180 needs it (commas, quotes, line breaks), CRLF between records.
 */
export function spreadsheetCsv(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((row) => row.map(neutralised)),
    { header: true, columns: [...columns], record_delimiter: "\r\n" },
  );
}
