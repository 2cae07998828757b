import { parse } from "csv-parse/sync";
import {
  type Day,
  dayInIndia,
  financialYearFromLabel,
  financialYearOf,
} from "#shared/membership/calendar.ts";
import { z } from "#shared/zod.ts";
import type { RegisterClass } from "../db/schema.server.ts";
import { rowsToRecords } from "../directory/sheet-rows.server.ts";

/**
 * The membership register as the office keeps it (a CSV exported from its spreadsheet, or the
 * master sheet's own columns), read into one entry per member, each checked on its own. The
 * header names are the ones below, in any order; other columns are ignored (decision 0051).
 */
export const REGISTER_COLUMNS = [
  "MEMBER NO",
  "NAME",
  "EMAIL",
  "CLASS",
  "YEAR JOINED",
  "LAST YEAR PAID",
  "LIFE FEE OWED",
  "ZONE",
  "DATE OF BIRTH",
] as const;

/** The classes as the register writes them (any case), and what each is on the site. */
export const REGISTER_CLASSES: Record<string, RegisterClass> = {
  life: "life",
  ordinary: "ordinary",
  honorary: "honorary",
  "corporate annual": "corporate-annual",
  "corporate single copy": "corporate-single-copy",
};

/** The membership type (content/membership.yaml's value) of each class. */
export const MEMBERSHIP_OF_CLASS: Record<RegisterClass, string> = {
  life: "2",
  ordinary: "1",
  "corporate-annual": "3",
  "corporate-single-copy": "4",
  honorary: "5",
};

export const CLASS_LABELS: Record<RegisterClass, string> = {
  life: "Life",
  ordinary: "Ordinary",
  honorary: "Honorary",
  "corporate-annual": "Corporate Annual",
  "corporate-single-copy": "Corporate Single Copy",
};

/** The society's zones (the constitution's), by the codes the register uses. */
export const ZONES = ["NZ", "EZ", "MEZ", "CZ", "WZ", "SZ"] as const;

/** Classes paid one financial year at a time: their last year paid is what the calendar runs from. */
export const ANNUAL_CLASSES: readonly RegisterClass[] = ["ordinary", "corporate-annual"];

/** The first year the society could have had a member (it was founded in 1941). */
const FOUNDED = 1941;

/**
 * One member as the register says, every value normalised so two readings of the same facts are
 * equal: the strings the import keeps (register_members.imported) and compares.
 */
export type RegisterEntry = {
  memberNo: string;
  name: string;
  /** Lower case: addresses are matched case-blind everywhere. */
  email: string;
  class: RegisterClass;
  joinedYear: number;
  /** "2025-26", or null. */
  lastPaidYear: string | null;
  /** Whole rupees; null when none is owed. */
  lifeOwed: number | null;
  zone: string | null;
  dateOfBirth: Day | null;
};

/** A row of the file: its line number (the header is line 1), and the entry or why it is refused. */
export type RegisterLine =
  | { line: number; entry: RegisterEntry; memberNo: string; name: string }
  | { line: number; refused: string; memberNo: string; name: string };

/** The file could not be read as a register at all (no header, a column missing). */
export class RegisterFileError extends Error {
  override name = "RegisterFileError";
}

const MEMBER_NO = /^[A-Za-z0-9][A-Za-z0-9/-]{0,19}$/;
const YEAR = /^\d{4}$/;
const emailCheck = z.email();

/** "2025-26" or "2025-2026" as the financial year label the site writes ("2025-26"); null if neither. */
function financialYear(value: string, start: number): string | null {
  const match = /^(\d{4})-(\d{2}|\d{4})$/.exec(value);
  if (!match) return null;
  const first = Number(match[1]);
  const second = match[2] as string;
  const next = second.length === 4 ? Number(second) : Number(`${String(first + 1).slice(0, 2)}${second}`);
  if (next !== first + 1) return null;
  const label = `${first}-${String(next).slice(2)}`;
  return financialYearFromLabel(label, start) === null ? null : label;
}

/** A date of birth as "YYYY-MM-DD", written so or as DD/MM/YYYY or DD-MM-YYYY (the Indian order). */
function dayOfBirth(value: string): Day | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const [year, month, date] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : indian
      ? [Number(indian[3]), Number(indian[2]), Number(indian[1])]
      : [0, 0, 0];
  const day = new Date(Date.UTC(year, month - 1, date));
  if (!year || day.getUTCFullYear() !== year || day.getUTCMonth() !== month - 1 || day.getUTCDate() !== date)
    return null;
  return day.toISOString().slice(0, 10);
}

/** The entry a record of the file makes, or the first reason it cannot be taken in. */
export function readEntry(record: Record<string, string>, now: Date, start: number): RegisterEntry | string {
  const cell = (column: (typeof REGISTER_COLUMNS)[number]) => (record[column] ?? "").trim();
  const today = dayInIndia(now);
  const thisYear = Number(today.slice(0, 4));
  const memberNo = cell("MEMBER NO");
  if (!memberNo) return "no member number";
  if (!MEMBER_NO.test(memberNo))
    return `member number "${memberNo}" is malformed (letters, digits, / and -, at most 20)`;
  const name = cell("NAME").replace(/\s+/g, " ");
  if (!name) return "no name";
  if (name.length > 200) return "the name is longer than 200 characters";
  const email = cell("EMAIL").toLowerCase();
  if (!email) return "no e-mail address: the site reaches members by e-mail";
  if (email.length > 254 || !emailCheck.safeParse(email).success)
    return `"${email}" is not an e-mail address`;
  const classText = cell("CLASS").toLowerCase().replace(/\s+/g, " ");
  const memberClass = REGISTER_CLASSES[classText];
  if (!memberClass)
    return `unknown class "${cell("CLASS")}": give Life, Ordinary, Honorary, Corporate Annual or Corporate Single Copy`;
  const joined = cell("YEAR JOINED");
  if (!YEAR.test(joined)) return `year joined "${joined}" is not a year like 1987`;
  const joinedYear = Number(joined);
  if (joinedYear > thisYear) return `year joined ${joinedYear} is in the future`;
  if (joinedYear < FOUNDED) return `year joined ${joinedYear} is before the society was founded (${FOUNDED})`;
  const paidText = cell("LAST YEAR PAID");
  const lastPaidYear = paidText ? financialYear(paidText, start) : null;
  if (paidText && !lastPaidYear) return `last year paid "${paidText}" is not a financial year like 2025-26`;
  const paidYear = lastPaidYear ? (financialYearFromLabel(lastPaidYear, start) as number) : null;
  // A year ahead may be paid in advance; beyond that the figure is a typing slip.
  if (paidYear !== null && paidYear > financialYearOf(today, start) + 1)
    return `last year paid ${lastPaidYear} is in the future`;
  if (paidYear !== null && paidYear + 1 < joinedYear)
    return `last year paid ${lastPaidYear} is before the year joined (${joinedYear})`;
  const owedText = cell("LIFE FEE OWED").replace(/,/g, "");
  if (owedText && !/^\d{1,7}$/.test(owedText))
    return `life fee owed "${cell("LIFE FEE OWED")}" is not whole rupees`;
  const owed = owedText ? Number(owedText) : 0;
  if (owed > 0 && memberClass !== "life") return "a life fee owed belongs to a life member only";
  const zone = cell("ZONE").toUpperCase();
  if (zone && !(ZONES as readonly string[]).includes(zone))
    return `unknown zone "${cell("ZONE")}": give ${ZONES.join(", ")} or leave it empty`;
  const birthText = cell("DATE OF BIRTH");
  const dateOfBirth = birthText ? dayOfBirth(birthText) : null;
  if (birthText && !dateOfBirth)
    return `date of birth "${birthText}" is not a date like 1961-08-14 or 14/08/1961`;
  if (dateOfBirth && dateOfBirth > today) return `date of birth ${dateOfBirth} is in the future`;
  if (dateOfBirth && dateOfBirth < "1900-01-01") return `date of birth ${dateOfBirth} is before 1900`;
  return {
    memberNo,
    name,
    email,
    class: memberClass,
    joinedYear,
    lastPaidYear,
    lifeOwed: owed > 0 ? owed : null,
    zone: zone || null,
    dateOfBirth,
  };
}

/**
 * Every row of the register's cells (a header row first, as Sheets answers and a CSV reads): each
 * an entry, or refused with its reason; then the rows that repeat a member number or an address
 * within the file are refused too (which of them is right only the office can say).
 */
export function readRegister(cells: unknown, now: Date, start: number): RegisterLine[] {
  let records: Record<string, string>[];
  try {
    records = rowsToRecords(cells, REGISTER_COLUMNS);
  } catch (error) {
    throw new RegisterFileError(error instanceof Error ? error.message : "the file is not a register");
  }
  if (records.length === 0) throw new RegisterFileError("the file has no members after its header row");
  const lines: RegisterLine[] = records.map((record, index) => {
    const entry = readEntry(record, now, start);
    const named = {
      line: index + 2,
      memberNo: (record["MEMBER NO"] ?? "").trim(),
      name: (record.NAME ?? "").trim(),
    };
    return typeof entry === "string" ? { ...named, refused: entry } : { ...named, entry };
  });
  const linesOf = (key: (entry: RegisterEntry) => string) => {
    const seen = new Map<string, number[]>();
    for (const line of lines)
      if ("entry" in line) seen.set(key(line.entry), [...(seen.get(key(line.entry)) ?? []), line.line]);
    return seen;
  };
  const numbers = linesOf((entry) => entry.memberNo.toUpperCase());
  const addresses = linesOf((entry) => entry.email);
  return lines.map((line): RegisterLine => {
    if (!("entry" in line)) return line;
    const { entry, ...named } = line;
    const sameNumber = numbers.get(entry.memberNo.toUpperCase()) ?? [];
    if (sameNumber.length > 1)
      return { ...named, refused: `member number ${entry.memberNo} is on rows ${sameNumber.join(", ")}` };
    const sameAddress = addresses.get(entry.email) ?? [];
    if (sameAddress.length > 1)
      return { ...named, refused: `the address ${entry.email} is on rows ${sameAddress.join(", ")}` };
    return line;
  });
}

/** A CSV file's cells (a byte order mark, ragged rows and blank lines allowed). */
export function csvCells(text: string): string[][] {
  try {
    return parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true });
  } catch (error) {
    throw new RegisterFileError(
      `the file is not CSV: ${error instanceof Error ? error.message.split("\n")[0] : "unreadable"}`,
    );
  }
}
