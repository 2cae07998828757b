/**
 * The society at bench size, written straight into the database in a few large inserts: members
 * with five years of payments, audit lines, subscribers. The rows are what the site itself would
 * have written (the same columns, references and kinds), not the site's own code paths, so seeding
 * 5,000 members takes seconds.
 */
import { accountKey } from "../../src/server/account/accounts.server.ts";
import { DECOY_HASH } from "../../src/server/account/password.server.ts";
import type { Db } from "../../src/server/db/database.server.ts";
import type { ImportedValues } from "../../src/server/register/register-import.server.ts";
import { financialYearLabel } from "../../src/shared/membership/calendar.ts";
import { instalmentPeriod, memberNumberOf, paymentReference } from "../../src/shared/membership/reference.ts";

const SURNAMES = ["Rao", "Iyer", "Singh", "Das", "Nair", "Patel", "Bose", "Khan", "Menon", "Gupta"];
const CHUNK = 1000;

/** Inserts `rows` into `table` a thousand at a time. */
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

export const applicationIdOf = (i: number) =>
  `EN-${accountKey(`member${i}@example.org`).slice(0, 10).toUpperCase()}`;

export type SeededMember = { id: string; email: string; applicationId: string };

/** The register's classes as the seed gives them: a quarter life members, a few honorary. */
type SeedClass = "ordinary" | "life" | "honorary";
const MEMBERSHIP_OF: Record<SeedClass, string> = { ordinary: "1", life: "2", honorary: "5" };

type SeedMember = {
  i: number;
  email: string;
  pending: boolean;
  rejected: boolean;
  /** A life member who joined on the site, paying in instalments. */
  life: boolean;
  /** A member from the register (decision 0051), imported with the class it gives. */
  register: SeedClass | null;
};

/** The day the register was imported: its members' accounts were made then. */
const IMPORTED_ON = "2025-05-10";

/**
 * `count` members: most enrolled on the site in 2021, every fifth came in with the membership
 * register. `paidThrough`: the last financial year an annual member has paid ("2025-26"), five years
 * up to it; `mix`: the society as it is, not only annual members: some applications still pending
 * and some turned down; every tenth a life member paying in instalments (L1 to L3, a third of them
 * stopped after the first); and every fifth from the register, a quarter of those life members (a
 * few still owing on the register), a few honorary, the rest annual members paid up to 2023-24 or
 * 2024-25 on the register and some renewed on the site since.
 */
export async function seedMembers(
  db: Db,
  count: number,
  { paidThrough = 2025, mix = true }: { paidThrough?: number; mix?: boolean } = {},
): Promise<SeededMember[]> {
  const members: SeedMember[] = Array.from({ length: count }, (_, i) => {
    const email = `member${i}@example.org`;
    const life = mix && i % 10 === 0;
    const pending = mix && i % 20 === 1;
    const rejected = mix && i % 40 === 3;
    const j = Math.floor(i / 5);
    const register: SeedClass | null =
      mix && i % 5 === 4 ? (j % 4 === 0 ? "life" : j % 50 === 1 ? "honorary" : "ordinary") : null;
    return { i, email, life, pending: pending || rejected, rejected, register };
  });
  const rows: SeededMember[] = [];
  await insertAll(members, async (chunk) => {
    const inserted = await db
      .insertInto("accounts")
      .values(chunk.map(accountRow))
      .returning(["id", "email", "application_id"])
      .execute();
    rows.push(
      ...inserted.map((row) => ({ id: row.id, email: row.email, applicationId: row.application_id ?? "" })),
    );
  });
  await insertAll(rows, (chunk) =>
    db
      .insertInto("account_addresses")
      .values(
        chunk.map((row) => ({
          account_id: row.id,
          email: row.email,
          address_key: accountKey(row.email),
          since: new Date(Date.UTC(2021, 4, 1)),
        })),
      )
      .execute(),
  );
  const payments = members.flatMap((member, index) =>
    paymentsOf(member, rows[index] as SeededMember, paidThrough),
  );
  await insertAll(payments, (chunk) => db.insertInto("payments").values(chunk).execute());
  const rejected = members
    .filter((member) => member.rejected)
    .map((member) => rows[member.i] as SeededMember);
  await insertAll(rejected, (chunk) =>
    db
      .insertInto("rejections")
      .values(
        chunk.map((row) => ({
          account_id: row.id,
          rejected_at: new Date(Date.UTC(2021, 6, 1)),
          reason: "The fee was not received.",
          rejected_by: "office@example.org",
        })),
      )
      .execute(),
  );
  await seedRegister(db, members, rows);
  return rows;
}

const accountRow = (member: SeedMember) => {
  const registered = new Date(`${IMPORTED_ON}T06:00:00Z`);
  const enrolled = new Date(Date.UTC(2021, 4, 1) + member.i * 60_000);
  return {
    email: member.email,
    name: `Member ${member.i} ${SURNAMES[member.i % SURNAMES.length]}`,
    membership: member.register ? MEMBERSHIP_OF[member.register] : member.life ? "2" : "1",
    application_id: applicationIdOf(member.i),
    submission_id: member.register ? null : `seed-${member.i}`,
    submitted_at: member.register ? registered : enrolled,
    status: member.pending ? ("pending-payment" as const) : ("active" as const),
    activated_at: member.pending
      ? null
      : member.register
        ? registered
        : new Date(Date.UTC(2021, 5, 1) + member.i * 60_000),
    // A member from the register has no password until they claim the account; half have.
    password_hash: member.register && member.i % 2 === 0 ? "" : DECOY_HASH,
    email_verified_at: member.register ? null : enrolled,
  };
};

/**
 * A member's confirmed payments, with the references the site gives: the application's own for
 * the first payment, the member number's after it, each naming the financial year (April to March)
 * or the life instalment it pays for. Half came with the bank's reference for the credit.
 */
function paymentsOf(member: SeedMember, row: SeededMember, paidThrough: number) {
  if (member.pending) return [];
  const day = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}-1${member.i % 9}`;
  const payment = (reference: string, paidOn: string, kind: string, completesFee = false) => ({
    account_id: row.id,
    reference,
    amount: member.life ? 2000 : 500,
    paid_on: paidOn,
    completes_fee: completesFee,
    kind,
    bank_reference:
      member.i % 2 === 0 ? `UTR ${String(member.i).padStart(4, "0")} ${paidOn.slice(0, 4)} 77` : null,
    confirmed_at: new Date(`${paidOn}T10:00:00Z`),
    confirmed_by: "office@example.org",
  });
  const memberNumber = memberNumberOf(row.applicationId);
  if (member.register) {
    // Paid up to 2024-25 on the register; a third renewed for 2025-26 on the site since.
    const j = Math.floor(member.i / 5);
    return member.register === "ordinary" && j % 3 === 1
      ? [payment(paymentReference(memberNumber, financialYearLabel(2025, 4)), day(2025, 6), "renewal")]
      : [];
  }
  if (member.life) {
    // The life fee (still to be announced) in instalments within the year from the first, the last
    // marked by the secretariat as completing it: three, or two; a third stopped after the first.
    const instalments = member.i % 30 === 0 ? 1 : member.i % 30 === 10 ? 2 : 3;
    return [day(2021, 6), day(2021, 10), day(2022, 2)]
      .slice(0, instalments)
      .map((paidOn, k) =>
        payment(
          paymentReference(k === 0 ? row.applicationId : memberNumber, instalmentPeriod(k + 1)),
          paidOn,
          k === 0 ? "application" : "instalment",
          instalments > 1 && k === instalments - 1,
        ),
      );
  }
  return Array.from({ length: 5 }, (_, k) => paidThrough - 4 + k).map((year, k) =>
    payment(
      paymentReference(k === 0 ? row.applicationId : memberNumber, financialYearLabel(year, 4)),
      day(year, (member.i % 5) + 4),
      k === 0 ? "application" : "renewal",
    ),
  );
}

/** The register's import: its record and a register row for each member it brought in. */
async function seedRegister(db: Db, members: SeedMember[], rows: SeededMember[]) {
  const registered = members.filter((member) => member.register);
  if (registered.length === 0) return;
  const { id: importId } = await db
    .insertInto("register_imports")
    .values({
      at: new Date(`${IMPORTED_ON}T06:00:00Z`),
      by: "office@example.org",
      source: "csv register.csv",
      digest: "0".repeat(64),
      added: registered.length,
      changed: 0,
      unchanged: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const registerRows = registered.map((member) => {
    const j = Math.floor(member.i / 5);
    const memberClass = member.register as SeedClass;
    const lastPaidYear = memberClass === "ordinary" ? (j % 3 === 0 ? "2023-24" : "2024-25") : null;
    // A few life members were still paying their fee in instalments on the register's day.
    const lifeOwed = memberClass === "life" ? (j % 100 === 0 ? 4000 : 0) : null;
    const imported: ImportedValues = {
      name: `Member ${member.i} ${SURNAMES[member.i % SURNAMES.length]}`,
      email: member.email,
      class: memberClass,
      joinedYear: String(1985 + (j % 40)),
      lastPaidYear: lastPaidYear ?? "",
      lifeOwed: lifeOwed === null ? "" : String(lifeOwed),
      zone: "NZ",
      dateOfBirth: "",
    };
    return {
      member_no: `ISGPB/${String(j).padStart(4, "0")}`,
      account_id: (rows[member.i] as SeededMember).id,
      class: memberClass,
      joined_year: 1985 + (j % 40),
      last_paid_year: lastPaidYear,
      life_owed: lifeOwed,
      owed_since: lifeOwed ? IMPORTED_ON : null,
      zone: "NZ",
      date_of_birth: null,
      imported: JSON.stringify(imported),
      import_id: importId,
      claimed_at: member.i % 2 === 0 ? null : new Date(`${IMPORTED_ON}T12:00:00Z`),
      invited_at: new Date(`${IMPORTED_ON}T07:00:00Z`),
    };
  });
  await insertAll(registerRows, (chunk) => db.insertInto("register_members").values(chunk).execute());
}

/** `count` audit lines over the members, a few minutes apart, the newest in `before`'s year. */
export async function seedAuditLines(db: Db, members: SeededMember[], count: number, before: Date) {
  const lines = Array.from({ length: count }, (_, i) => {
    const member = members[i % members.length] as SeededMember;
    return {
      at: new Date(before.getTime() - (count - i) * 5 * 60_000),
      who: "office@example.org",
      action: i % 3 === 0 ? "payment" : i % 3 === 1 ? "resend" : "export",
      record: `account/${member.id}`,
      account_id: member.id,
      summary: `Line ${i} about ${member.applicationId}`,
    };
  });
  await insertAll(lines, (chunk) => db.insertInto("audit_log").values(chunk).execute());
}

/** `count` confirmed subscribers. */
export async function seedSubscribers(db: Db, count: number) {
  const subscribers = Array.from({ length: count }, (_, i) => ({
    email: `reader${i}@example.org`,
    status: "subscribed" as const,
    requested_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
    changed_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
    segment_synced: true,
  }));
  await insertAll(subscribers, (chunk) => db.insertInto("subscribers").values(chunk).execute());
}
