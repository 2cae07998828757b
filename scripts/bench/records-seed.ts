/**
 * The society at bench size, written straight into the database in a few large inserts: members
 * with five years of payments, audit lines, subscribers. The rows are what the site itself would
 * have written (the same columns, references and kinds), not the site's own code paths, so seeding
 * 5,000 members takes seconds.
 */
import { accountKey } from "../../src/server/account/accounts.server.ts";
import { DECOY_HASH } from "../../src/server/account/password.server.ts";
import type { Db } from "../../src/server/db/database.server.ts";
import { financialYearLabel } from "../../src/shared/membership/calendar.ts";
import { memberNumberOf, paymentReference } from "../../src/shared/membership/reference.ts";

const SURNAMES = ["Rao", "Iyer", "Singh", "Das", "Nair", "Patel", "Bose", "Khan", "Menon", "Gupta"];
const CHUNK = 1000;

/** Inserts `rows` into `table` a thousand at a time. */
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

export const applicationIdOf = (i: number) =>
  `EN-${accountKey(`member${i}@example.org`).slice(0, 10).toUpperCase()}`;

export type SeededMember = { id: string; email: string; applicationId: string };

/**
 * `count` members who enrolled in 2021; every tenth a life member, the rest ordinary (annual).
 * `paidThrough`: the last financial year an annual member has paid ("2025-26"), five years up to it;
 * `mix`: some applications still pending and some turned down, as a real register has.
 */
export async function seedMembers(
  db: Db,
  count: number,
  { paidThrough = 2025, mix = true }: { paidThrough?: number; mix?: boolean } = {},
): Promise<SeededMember[]> {
  const members = Array.from({ length: count }, (_, i) => {
    const email = `member${i}@example.org`;
    const life = mix && i % 10 === 0;
    const pending = mix && i % 20 === 1;
    const rejected = mix && i % 40 === 3;
    return { i, email, life, pending: pending || rejected, rejected };
  });
  const rows: SeededMember[] = [];
  await insertAll(members, async (chunk) => {
    const inserted = await db
      .insertInto("accounts")
      .values(
        chunk.map((member) => ({
          email: member.email,
          name: `Member ${member.i} ${SURNAMES[member.i % SURNAMES.length]}`,
          membership: member.life ? "2" : "1",
          application_id: applicationIdOf(member.i),
          submission_id: `seed-${member.i}`,
          submitted_at: new Date(Date.UTC(2021, 4, 1) + member.i * 60_000),
          status: member.pending ? ("pending-payment" as const) : ("active" as const),
          activated_at: member.pending ? null : new Date(Date.UTC(2021, 5, 1) + member.i * 60_000),
          password_hash: DECOY_HASH,
          email_verified_at: new Date(Date.UTC(2021, 4, 1) + member.i * 60_000),
        })),
      )
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
  const payments = members.flatMap((member, index) => {
    const row = rows[index] as SeededMember;
    if (member.pending) return [];
    const years = member.life ? [2021] : Array.from({ length: 5 }, (_, k) => paidThrough - 4 + k);
    // The references the site gives: the application's own for the first payment, the member
    // number's for each renewal, each naming the financial year (April to March) it pays for.
    return years.map((year, k) => ({
      account_id: row.id,
      reference:
        k === 0
          ? paymentReference(row.applicationId, financialYearLabel(year, 4))
          : paymentReference(memberNumberOf(row.applicationId), financialYearLabel(year, 4)),
      amount: member.life ? 6000 : 500,
      paid_on: `${year}-0${(member.i % 5) + 4}-1${member.i % 9}`,
      // A life member pays the whole fee at once.
      completes_fee: member.life,
      kind: k === 0 ? "application" : "renewal",
      confirmed_at: new Date(Date.UTC(year, 6, 1)),
      confirmed_by: "office@example.org",
    }));
  });
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
  return rows;
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
