import { stringify } from "csv-stringify/sync";

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return before
 * one) gets a leading apostrophe: the program shows it as text and runs nothing. Every CSV the
 * site hands out goes through this, since its cells hold what visitors typed.
 */
export const neutralised = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/**
 * A CSV for a spreadsheet: a byte order mark, a header row, then the rows, every cell
 * neutralised, quoted by csv-stringify where RFC 4180 needs it (commas, quotes, line breaks), CRLF
 * between records. Without the mark Excel reads the file in the machine's old code page and
 * garbles names written in Indian scripts or with accents; Google Sheets and csv readers take it
 * in their stride.
 */
export function spreadsheetCsv(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${stringify(
    rows.map((row) => row.map(neutralised)),
    { header: true, columns: [...columns], record_delimiter: "\r\n" },
  )}`;
}
