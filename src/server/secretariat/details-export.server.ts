import { OWN_DETAIL_FIELDS, type OwnDetailField } from "#shared/forms/own-data-fields.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { type OwnDetails, ownDetailsSince } from "../directory/own-details.server.ts";
import { spreadsheetCsv } from "../spreadsheet-csv.server.ts";

/**
 * The secretariat's export of the changes members made to their own details since a day: one row
 * per member (the latest change), naming the sheet's row by its NAME and EMAIL, the fields changed,
 * and their new values in the sheet's own columns (a column of a field not changed is left empty;
 * FIELDS CHANGED tells an empty new value from one not changed).
 */
export const CHANGES_COLUMNS = [
  "CHANGED",
  "NAME",
  "EMAIL",
  "FIELDS CHANGED",
  "POSITION",
  "UNIVERSITY",
  "ADDRESS1",
  "ADDRESS2",
  "CITY",
  "STATE",
  "MOBILE",
] as const;

const COLUMN_OF: Record<OwnDetailField, (typeof CHANGES_COLUMNS)[number]> = {
  position: "POSITION",
  institution: "UNIVERSITY",
  address1: "ADDRESS1",
  address2: "ADDRESS2",
  city: "CITY",
  state: "STATE",
  mobile: "MOBILE",
};

export function changeRow(record: OwnDetails): string[] {
  const changed = OWN_DETAIL_FIELDS.filter((field) => record.values[field]);
  const cells: Record<string, string> = {
    CHANGED: dayInIndia(new Date(record.updatedAt)),
    NAME: record.name,
    EMAIL: record.sheetEmail,
    "FIELDS CHANGED": changed.map((field) => COLUMN_OF[field]).join(", "),
  };
  for (const field of changed) cells[COLUMN_OF[field]] = record.values[field]?.value ?? "";
  return CHANGES_COLUMNS.map((column) => cells[column] ?? "");
}

/** The changes made on or after `since` (a day in India), oldest first. */
export async function changesSince(since: string): Promise<string[][]> {
  const records = await ownDetailsSince(since, dayInIndia);
  // A change the sheet has caught up with has no values left: nothing to copy.
  return records.filter((record) => Object.keys(record.values).length > 0).map(changeRow);
}

/** As CSV for a spreadsheet, with a byte order mark (names in Indian scripts read right in Excel). */
export const changesCsv = (rows: readonly string[][]) => spreadsheetCsv(CHANGES_COLUMNS, rows);
