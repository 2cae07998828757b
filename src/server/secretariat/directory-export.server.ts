import { sql } from "kysely";
import { phoneAsWritten } from "#shared/forms/field-rules.ts";
import { addDays } from "#shared/membership/calendar.ts";
import { MEMBERSHIP_TYPES, needsPayment } from "#shared/membership/types.ts";
import type { Application } from "#shared/schemas/enrolment.ts";
import { type Db, database } from "../db/database.server.ts";
import { DIRECTORY_COLUMNS, type DirectorySheetRow } from "../directory/sheet-rows.server.ts";
import { membershipContent } from "../membership/membership-content.server.ts";
import { spreadsheetCsv } from "../spreadsheet-csv.server.ts";
import type { ListedAccount } from "./applications.server.ts";
import type { Period } from "./export-period.server.ts";

/** What the directory row is made from: the stored application, as the enrolment form sent it. */
export type StoredApplication = Pick<
  Application,
  "name" | "designation" | "address" | "city" | "state" | "pincode" | "country" | "mobile"
>;

const linesOf = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * One member's row of the directory sheet (docs/decisions/0016 says what maps to what). The form
 * has one Office Address box and no university field: its first line is ADDRESS1, the rest with
 * the PIN code (and the country, outside India) ADDRESS2, and UNIVERSITY is left for the office to
 * fill in rather than guessed from the address. EMAIL is the account's, which follows a change of
 * address the member confirmed since applying.
 */
export function directoryRow(
  email: string,
  application: StoredApplication | null,
  name = "",
): DirectorySheetRow {
  if (!application)
    return {
      NAME: name,
      POSITION: "",
      UNIVERSITY: "",
      ADDRESS1: "",
      ADDRESS2: "",
      CITY: "",
      STATE: "",
      EMAIL: email,
      MOBILE: "",
    };
  const [first = "", ...rest] = linesOf(application.address);
  const tail = [
    ...rest,
    application.pincode ? `PIN ${application.pincode}` : "",
    application.country && application.country !== "India" ? application.country : "",
  ].filter(Boolean);
  return {
    NAME: application.name,
    POSITION: application.designation,
    UNIVERSITY: "",
    ADDRESS1: first,
    ADDRESS2: tail.join(", "),
    CITY: application.city,
    STATE: application.state,
    EMAIL: email,
    MOBILE: phoneAsWritten(application.mobile),
  };
}

/**
 * When an application became a membership: the day (in India) its first payment was confirmed.
 * `activatedAt` is set then and never moved; an account activated before payments were recorded
 * has it too. None: never a member (pending payment, rejected before paying, a workspace account,
 * or an author or reviewer account, active with no membership once its address is confirmed: the
 * master sheet is the list of members, and those accounts never paid to be one), nor the buyer of a
 * single copy of the journal.
 */
export function activationOf(
  account: Pick<ListedAccount, "role" | "membership" | "activatedAt"> & {
    payments?: readonly { confirmedAt: string }[] | undefined;
  },
): string | null {
  if (account.role === "secretariat" || !needsPayment(account.membership)) return null;
  // One copy of the journal bought is not a membership (decision 0038): no row in the members' sheet.
  const type = membershipContent().types.find(({ value }) => value === account.membership);
  if (type?.rule === "single") return null;
  const first = account.activatedAt ?? account.payments?.map((payment) => payment.confirmedAt).sort()[0];
  return first ?? null;
}

/** The first moment of a day in India (IST, UTC+05:30, no summer time). */
const startInIndia = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** Names in the order the sheet lists them (English), one collator for a whole export. */
const byName = new Intl.Collator("en");

/**
 * The directory rows of the applications activated in the period, the earliest activation first
 * (a moment shared, by name), never a member from the register nor an account merged into another
 * (decision 0051: they are in the master sheet already, and the sheet never lists a member twice): SQL chooses the accounts by their activation and membership type
 * (the types activationOf counts as a membership) and answers them as one JSON value, each with
 * only what its row needs and its application as sent. An account's activation is set when its
 * first payment is confirmed and never moved; one activated before payments were recorded has it
 * too, and one without it counts from its first payment's confirmation.
 */
export async function activatedInPeriod(period: Period, db: Db = database()): Promise<DirectorySheetRow[]> {
  const members = MEMBERSHIP_TYPES.map(({ value }) => value).filter(
    (membership) => activationOf({ membership, activatedAt: period.from }) !== null,
  );
  const { rows } = await sql<{
    found: [name: string, email: string, at: string, StoredApplication | null][];
  }>`
    SELECT coalesce(json_agg(json_build_array(a.name, a.email,
        -- The moment as the account reads it (to the millisecond, as JavaScript's Date keeps it).
        to_char(date_trunc('milliseconds', a.activation) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        s.data) ORDER BY a.activation), '[]') AS found
    FROM (
      SELECT a.name, a.email, a.submission_id,
        coalesce(a.activated_at, (SELECT min(p.confirmed_at) FROM payments p WHERE p.account_id = a.id)) AS activation
      FROM accounts a
      WHERE a.role IS NULL AND a.membership = ANY(${members}::text[])
        AND NOT EXISTS (SELECT 1 FROM register_members r WHERE r.account_id = a.id)
        AND NOT EXISTS (SELECT 1 FROM account_merges m WHERE m.merged = a.id)
    ) a
    LEFT JOIN submissions s ON s.kind = 'enrolment' AND s.id = a.submission_id
    WHERE a.activation >= ${startInIndia(period.from)} AND a.activation < ${startInIndia(addDays(period.to, 1))}`.execute(
    db,
  );
  const found = rows[0]?.found ?? [];
  // Stable: one moment's members in SQL's order until their names decide.
  found.sort(([nameA, , atA], [nameB, , atB]) =>
    atA < atB ? -1 : atA > atB ? 1 : byName.compare(nameA, nameB),
  );
  // An application whose record is gone still gets its row (name and address from the account).
  return found.map(([name, email, , application]) => directoryRow(email, application, name));
}

/** The rows as the CSV the office pastes into the master sheet (after a byte order mark, as every export). */
export const directoryCsv = (rows: readonly DirectorySheetRow[]) =>
  spreadsheetCsv(
    DIRECTORY_COLUMNS,
    rows.map((row) => DIRECTORY_COLUMNS.map((column) => row[column])),
  );
