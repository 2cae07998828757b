import { sql } from "kysely";
import { phoneAsWritten } from "#shared/forms/field-rules.ts";
import { addDays } from "#shared/membership/calendar.ts";
import { needsPayment } from "#shared/membership/types.ts";
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

/**
 * The directory rows of the applications activated in the period, the earliest activation first
 * (never a member from the register, nor an account merged into another):
 * the accounts SQL finds by their activation (an index-range read), with only what a row needs
 * (never their payments: the activation is the first one's confirmation, read with the account),
 * then their applications as sent, in one read.
 */
export async function activatedInPeriod(period: Period, db: Db = database()): Promise<DirectorySheetRow[]> {
  const activation = sql<Date | null>`coalesce(accounts.activated_at, (SELECT min(payments.confirmed_at) FROM payments WHERE payments.account_id = accounts.id))`;
  const found = await db
    .selectFrom("accounts")
    .select(["name", "email", "membership", "submission_id", "activated_at", activation.as("activation")])
    .where("role", "is", null)
    // Members from the register are in the master sheet already (decision 0051), and an account
    // merged into another is that person's row no longer: the sheet never lists a member twice.
    .where((where) =>
      where.and([
        where.not(
          where.exists(
            where
              .selectFrom("register_members")
              .select("register_members.account_id")
              .whereRef("register_members.account_id", "=", "accounts.id"),
          ),
        ),
        where.not(
          where.exists(
            where
              .selectFrom("account_merges")
              .select("account_merges.merged")
              .whereRef("account_merges.merged", "=", "accounts.id"),
          ),
        ),
      ]),
    )
    .where(activation, ">=", startInIndia(period.from))
    .where(activation, "<", startInIndia(addDays(period.to, 1)))
    .execute();
  const chosen = found
    .map((row) => {
      // What activationOf reads of an account: its type, and its activation or first payment's confirmation.
      const first =
        row.activated_at || !row.activation ? [] : [{ confirmedAt: row.activation.toISOString() }];
      return {
        row,
        at: activationOf({
          membership: row.membership,
          activatedAt: row.activated_at?.toISOString(),
          payments: first,
        }),
      };
    })
    .filter((entry): entry is { row: (typeof found)[number]; at: string } => entry.at !== null)
    .sort((a, b) => a.at.localeCompare(b.at) || a.row.name.localeCompare(b.row.name, "en"));
  const ids = chosen.map(({ row }) => row.submission_id).filter((id): id is string => Boolean(id));
  const records =
    ids.length === 0
      ? []
      : await db
          .selectFrom("submissions")
          .select(["id", "data"])
          .where("kind", "=", "enrolment")
          .where("id", "in", ids)
          .execute();
  const applications = new Map(records.map((record) => [record.id, record.data as StoredApplication]));
  // An application whose record is gone still gets its row (name and address from the account).
  return chosen.map(({ row }) =>
    directoryRow(row.email, applications.get(row.submission_id ?? "") ?? null, row.name),
  );
}

/** The rows as the CSV the office pastes into the master sheet (after a byte order mark, as every export). */
export const directoryCsv = (rows: readonly DirectorySheetRow[]) =>
  spreadsheetCsv(
    DIRECTORY_COLUMNS,
    rows.map((row) => DIRECTORY_COLUMNS.map((column) => row[column])),
  );
