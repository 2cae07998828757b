import { delay, HttpResponse, http } from "msw";

/** msw handlers for Google Sheets' values endpoint, answering like spreadsheets.values.get. */

/** The header rows of the member master list and of the fellows' sheet (SPEC section 3). */
export const DIRECTORY_HEADER = [
  "NAME",
  "POSITION",
  "UNIVERSITY",
  "ADDRESS1",
  "ADDRESS2",
  "CITY",
  "STATE",
  "EMAIL",
  "MOBILE",
];
export const FELLOWS_HEADER = [
  "Sl. No",
  "Fellow Number",
  "Fellow of the year",
  "Name",
  "Position",
  "University",
  "Address",
];

/** A header row with one column renamed, as someone editing the sheet might do. */
export const renamedColumn = (header: string[], from: string, to: string) =>
  header.map((cell) => (cell === from ? to : cell));

export const SHEETS_VALUES = "https://sheets.googleapis.com/v4/spreadsheets/:spreadsheetId/values/:range";

const columnNumber = (letters: string) =>
  [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);

/** Like Sheets, answers only the columns the range asks for ("Sheet!A:E" keeps five). */
function clipToRange(range: string, values: unknown[][]): unknown[][] {
  const columns = /!([A-Z]+)\d*:([A-Z]+)\d*$/.exec(range);
  if (!columns?.[1] || !columns[2]) return values;
  const first = columnNumber(columns[1]) - 1;
  const last = columnNumber(columns[2]);
  return values.map((row) => row.slice(first, last));
}

/** Answers `values` for the ranges given (by range text); records each request's URL in `seen`. */
export function sheetsValues(byRange: Record<string, unknown[][] | undefined>, seen: URL[] = []) {
  return http.get(SHEETS_VALUES, ({ request, params }) => {
    seen.push(new URL(request.url));
    const range = String(params.range);
    const values = byRange[range];
    // Sheets leaves `values` out when the range holds nothing.
    return HttpResponse.json({
      range,
      majorDimension: "ROWS",
      ...(values ? { values: clipToRange(range, values) } : {}),
    });
  });
}

/** Google's error body, for example 403 PERMISSION_DENIED. */
export const sheetsError = (code: number, message: string, status = "PERMISSION_DENIED") =>
  http.get(SHEETS_VALUES, () => HttpResponse.json({ error: { code, message, status } }, { status: code }));

/** A 200 whose body is not the values shape at all. */
export const sheetsMalformed = () =>
  http.get(SHEETS_VALUES, () => HttpResponse.json({ range: "x", values: "not rows" }));

/** Never answers in time: a hung upstream. */
export const sheetsHangs = () =>
  http.get(SHEETS_VALUES, async () => {
    await delay("infinite");
    return HttpResponse.json({});
  });
