import { registerClassName } from "#shared/account-claim.ts";
import { type ClaimTarget, claimTargetOf, queueClaimLink } from "../account/account-claim.server.ts";
import type { Account } from "../account/accounts.server.ts";
import { type Db, database, type Tx } from "../db/database.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { alreadyAMember } from "../mail/templates/already-a-member.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";

/**
 * Enrolment meets the society's register (issue 57 item 4, decision 0054): nobody is asked to join
 * a society they already belong to, and no second record is made of a member.
 */

/** Titles and dots a name on the register may carry or leave out ("Dr. A. K. Rao" is "a k rao"). */
const TITLES = new Set(["dr", "prof", "professor", "shri", "smt", "sri", "mr", "mrs", "ms", "kum", "km"]);

/** A name as compared: case, dots, commas and spacing folded, titles left out. */
export const comparableName = (name: string) =>
  name
    .normalize("NFC")
    .toLowerCase()
    .replace(/[.,]/g, " ")
    .split(/\s+/)
    .filter((word) => word !== "" && !TITLES.has(word))
    .join(" ");

/** Whether a register member (merged rows aside) has this name and date of birth ("YYYY-MM-DD"). */
export async function isRegisterMember(
  name: string,
  dateOfBirth: string,
  db: Db = database(),
): Promise<boolean> {
  if (!dateOfBirth) return false;
  const rows = await db
    .selectFrom("register_members")
    .innerJoin("accounts", "accounts.id", "register_members.account_id")
    .select("accounts.name")
    .where("register_members.date_of_birth", "=", dateOfBirth)
    .where("register_members.merged_into", "is", null)
    .execute();
  const wanted = comparableName(name);
  return rows.some((row) => comparableName(row.name) === wanted);
}

const alreadyAMemberMail = (
  email: string,
  name: string,
  memberNo: string,
  link: string,
  days: number,
): Promise<Mail> => composeMail(alreadyAMember, { name, memberNo, link, days }, { to: [email] });

/**
 * The enrolment form was sent with the address of a register member who has not claimed the
 * account: instead of an application, the address is mailed "you are already a member" with a
 * claim link, in the caller's transaction; at most one such mail a day (a second form the same day
 * changes nothing, so it cannot void the link of the first). The outbox rows' ids; null when the
 * account is no such member (the caller tells the address as it tells any account).
 */
export async function tellRegisterMember(
  tx: Tx,
  account: Account,
  origin: string,
  now: Date,
): Promise<string[] | null> {
  const target: ClaimTarget | null = await claimTargetOf(account.key, tx);
  if (!target) return null;
  // The member's row is locked, so of two forms at once the second sees the first's mail.
  await tx
    .selectFrom("register_members")
    .select("member_no")
    .where("member_no", "=", target.memberNo)
    .forUpdate()
    .execute();
  const day = now.toISOString().slice(0, 10);
  const kind = `already-a-member/${day}`;
  const told = await tx
    .selectFrom("outbox")
    .select("id")
    .where("key", "like", `${kind}/${target.memberNo}/%`)
    .executeTakeFirst();
  if (told) return [];
  return queueClaimLink(tx, target, origin, now, { compose: alreadyAMemberMail, kind });
}

/** What the member's own pages show of the register: the society's number, class and year joined. */
export type RegisterFacts = { memberNo: string; className: string; joinedYear: number; claimed: boolean };

export async function registerFactsOf(
  accountKey: string,
  db: Db = database(),
): Promise<RegisterFacts | null> {
  const row = await db
    .selectFrom("register_members")
    .select(["member_no", "class", "joined_year", "claimed_at"])
    .where("account_id", "=", accountKey)
    .where("merged_into", "is", null)
    .executeTakeFirst();
  return row
    ? {
        memberNo: row.member_no,
        className: registerClassName(row.class),
        joinedYear: row.joined_year,
        claimed: row.claimed_at !== null,
      }
    : null;
}
