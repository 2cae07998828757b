import { createHmac } from "node:crypto";
import type { Fellow, Member } from "#shared/schemas/directory.ts";
import { z } from "#shared/zod.ts";
import { signingSecret } from "../env.server.ts";

/** The sheet was read but holds no rows beyond its header (or none at all). */
export class EmptySheetError extends Error {
  override name = "EmptySheetError";
}

/** The answer was not a 2-D array of cells: never let it replace a good copy. */
export class MalformedSheetError extends Error {
  override name = "MalformedSheetError";
}

const cellsSchema = z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])));

/**
 * Turns a sheet's 2-D array into one object per row, keyed by the header row's (trimmed) cells.
 * Rows may be ragged (Sheets omits trailing empty cells): a missing cell becomes "".
 * A header row that lacks one of the `required` columns (renamed, deleted) makes the whole answer
 * malformed: read on, every row would lose that field (and, for EMAIL, every member id would
 * change), so it must not replace the last good copy.
 */
export function rowsToRecords(values: unknown, required: readonly string[] = []): Record<string, string>[] {
  const parsed = cellsSchema.safeParse(values ?? []);
  if (!parsed.success) throw new MalformedSheetError("the sheet's values are not rows of cells");
  const [header, ...rows] = parsed.data;
  if (!header) return [];
  const keys = header.map((cell) => String(cell ?? "").trim());
  const missing = required.filter((column) => !keys.includes(column));
  if (missing.length > 0)
    throw new MalformedSheetError(
      `the header row lacks ${missing.map((column) => `"${column}"`).join(", ")}`,
    );
  return rows
    .filter((row) => row.some((cell) => String(cell ?? "").trim() !== ""))
    .map((row) => Object.fromEntries(keys.map((key, index) => [key, String(row[index] ?? "").trim()])));
}

const text = z.string().max(500).default("");

const directoryRowSchema = z.object({
  NAME: z.string().min(1, "a member needs a name").max(200),
  POSITION: text,
  UNIVERSITY: text,
  ADDRESS1: text,
  ADDRESS2: text,
  CITY: text,
  STATE: text,
  EMAIL: text,
  MOBILE: text,
});

/** The directory sheet's columns, in the sheet's order (the secretariat's export writes these too). */
export type DirectorySheetRow = z.infer<typeof directoryRowSchema>;
export const DIRECTORY_COLUMNS = Object.keys(directoryRowSchema.shape) as (keyof DirectorySheetRow)[];

const fellowRowSchema = z.object({
  "Sl. No": text,
  "Fellow Number": text,
  "Fellow of the year": text,
  Name: z.string().min(1, "a fellow needs a name").max(200),
  Position: text,
  University: text,
  Address: text,
});

/** Validates each record; a bad one is logged and skipped, never fatal. */
function validRows<T>(records: Record<string, string>[], schema: z.ZodType<T>, what: string): T[] {
  const valid: T[] = [];
  records.forEach((record, index) => {
    const result = schema.safeParse(record);
    if (result.success) valid.push(result.data);
    // Row 1 is the header, so the first record is row 2 of the sheet.
    else console.warn(`${what}: skipped row ${index + 2}: ${result.error.issues[0]?.message}`);
  });
  if (valid.length === 0) throw new EmptySheetError(`${what}: no rows beyond the header`);
  return valid;
}

/**
 * An opaque id that survives reordering the sheet: an HMAC of the member's e-mail (or, without
 * one, their public fields), with a counter for exact duplicates. Keyed with the signing secret,
 * so nobody can test a guessed e-mail address against the public list.
 */
function memberIds(rows: DirectorySheetRow[]): string[] {
  const secret = signingSecret();
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const key = (row.EMAIL || [row.NAME, row.UNIVERSITY, row.CITY, row.STATE].join("|")).toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return memberIdOf(secret, key, count);
  });
}

const memberIdOf = (secret: string, key: string, count: number) =>
  createHmac("sha256", secret).update(`member-id|${key}|${count}`).digest("hex").slice(0, 16);

/**
 * The id the directory gives the entry of this e-mail address (its first entry): what a member's
 * choices are kept under once the sheet carries the address, before it does.
 */
export const memberIdOfEmail = (email: string) => memberIdOf(signingSecret(), email.trim().toLowerCase(), 1);

/** Directory rows to members, in name order. */
export function toMembers(values: unknown): Member[] {
  const rows = validRows(rowsToRecords(values, DIRECTORY_COLUMNS), directoryRowSchema, "directory");
  const ids = memberIds(rows);
  return rows
    .map((row, index) => ({
      id: ids[index] ?? "",
      name: row.NAME,
      position: row.POSITION,
      university: row.UNIVERSITY,
      city: row.CITY,
      state: row.STATE,
      address1: row.ADDRESS1,
      address2: row.ADDRESS2,
      email: row.EMAIL,
      mobile: row.MOBILE,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** Fellow rows to fellow records, in the sheet's order. */
export function toFellows(values: unknown): Fellow[] {
  const records = rowsToRecords(values, Object.keys(fellowRowSchema.shape));
  return validRows(records, fellowRowSchema, "fellows").map((row) => ({
    serialNumber: row["Sl. No"],
    fellowNumber: row["Fellow Number"],
    fellowOfTheYear: row["Fellow of the year"],
    name: row.Name,
    position: row.Position,
    university: row.University,
    address: row.Address,
  }));
}
