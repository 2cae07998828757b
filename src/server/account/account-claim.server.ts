import type { Selectable } from "kysely";
import {
  CLAIM_LINK_DAYS,
  CLAIM_PAGE,
  CLAIM_PASSWORD_PAGE,
  type ClaimRefusal,
} from "#shared/account-claim.ts";
import { type Db, database, inTransaction, type Tx } from "../db/database.server.ts";
import type { RegisterMembersTable } from "../db/schema.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { deliverNow, queueMails } from "../mail/outbox.server.ts";
import { recordAction } from "../secretariat/audit.server.ts";
import { requestMailBudgetMs } from "../submissions.server.ts";
import {
  type AccountLink,
  accountLinkUrl,
  checkAccountLink,
  claimAccountLink,
  createAccountLink,
} from "./account-links.server.ts";
import { type Account, updateAccount } from "./accounts.server.ts";
import { claimLinkMail } from "./claim-mails.server.ts";
import { hashPassword } from "./password.server.ts";
import { setPassword } from "./password-recovery.server.ts";
import { startSession } from "./sessions.server.ts";

/**
 * Claiming a register member's website account (decision 0054). The import of the society's
 * register made each member an account with no password; the member proves the register's address
 * by opening a link mailed to it, and sets a password on the link's page. Every claim link a
 * member is mailed (asked for here, sent by the secretariat, carried by an invitation or by the
 * enrolment form's "you are already a member") takes the member's next `claim_serial` and signs it
 * in the link: only the newest works, and setting the password spends it (used_links) and kills
 * every other (the password it was made with has changed).
 */

/** A register member who may still claim: unclaimed, not merged into another row, account open. */
export type ClaimTarget = {
  accountKey: string;
  email: string;
  name: string;
  passwordHash: string;
  memberNo: string;
  registerClass: string;
};

const targets = (db: Db) =>
  db
    .selectFrom("register_members")
    .innerJoin("accounts", "accounts.id", "register_members.account_id")
    .select([
      "accounts.id as accountKey",
      "accounts.email",
      "accounts.name",
      "accounts.password_hash as passwordHash",
      "register_members.member_no as memberNo",
      "register_members.class as registerClass",
    ])
    .where("register_members.claimed_at", "is", null)
    .where("register_members.merged_into", "is", null)
    .where("accounts.closed_at", "is", null)
    .where("accounts.set_aside_at", "is", null);

/** Every register member who may still claim, for the invitations' filters. */
export const claimTargets = targets;

/**
 * The member the register has at this address (and with this number, if one is given; the number
 * as written on the register, whatever its case), if that member may still claim.
 */
export async function findClaimTarget(
  email: string,
  memberNo = "",
  db: Db = database(),
): Promise<ClaimTarget | null> {
  let query = targets(db).where((where) =>
    where(where.fn("lower", ["accounts.email"]), "=", email.trim().toLowerCase()),
  );
  if (memberNo.trim())
    query = query.where((where) =>
      where(where.fn("upper", ["register_members.member_no"]), "=", memberNo.trim().toUpperCase()),
    );
  return (await query.executeTakeFirst()) ?? null;
}

/** The account's register member, if it may still claim (forgot-password asks: decision 0054). */
export async function claimTargetOf(accountKey: string, db: Db = database()): Promise<ClaimTarget | null> {
  return (await targets(db).where("accounts.id", "=", accountKey).executeTakeFirst()) ?? null;
}

/** The link of a claim whose number is `serial`, for the member's account as it is now. */
export async function claimLinkUrl(
  target: Pick<ClaimTarget, "accountKey" | "passwordHash">,
  serial: number,
  origin: string,
  now: Date,
): Promise<string> {
  const token = await createAccountLink(
    { key: target.accountKey, passwordHash: target.passwordHash },
    "claim",
    {
      now,
      serial,
    },
  );
  return accountLinkUrl(origin, CLAIM_PASSWORD_PAGE, token);
}

/** The mail a claim link goes in: the claim page's own, or another's words (enrolment's). */
export type ClaimMail = {
  compose: (email: string, name: string, memberNo: string, link: string, days: number) => Promise<Mail>;
  /** The outbox key's first part: with the member number and the link's number, unique. */
  kind: string;
};

const CLAIM_LINK_MAIL: ClaimMail = { compose: claimLinkMail, kind: "claim-link" };

/**
 * Numbers a new claim link for the member in the caller's transaction (the one before stops
 * working) and queues its mail to the account's address as it is in that transaction: the outbox
 * rows' ids, or null when the member may no longer claim.
 */
export async function queueClaimLink(
  tx: Tx,
  target: ClaimTarget,
  origin: string,
  now: Date,
  { compose, kind }: ClaimMail = CLAIM_LINK_MAIL,
): Promise<string[] | null> {
  const numbered = await tx
    .updateTable("register_members")
    .set((set) => ({ claim_serial: set("claim_serial", "+", 1) }))
    .where("member_no", "=", target.memberNo)
    .where("claimed_at", "is", null)
    .where("merged_into", "is", null)
    .returning("claim_serial")
    .executeTakeFirst();
  if (!numbered) return null;
  const account = await tx
    .selectFrom("accounts")
    .select(["email", "name", "password_hash"])
    .where("id", "=", target.accountKey)
    .executeTakeFirstOrThrow();
  const link = await claimLinkUrl(
    { accountKey: target.accountKey, passwordHash: account.password_hash },
    numbered.claim_serial,
    origin,
    now,
  );
  const mail = await compose(account.email, account.name, target.memberNo, link, CLAIM_LINK_DAYS);
  return queueMails(
    tx,
    [{ key: `${kind}/${target.memberNo}/${numbered.claim_serial}`, name: "member", mail }],
    now,
  );
}

/**
 * Mails the member a fresh claim link (the claim page's work for a known address, and
 * forgot-password's for an unclaimed one), delivering it within `budgetMs`; the scheduled sender
 * takes what is not sent by then.
 */
export async function sendClaimLink(
  target: ClaimTarget,
  origin: string,
  budgetMs = requestMailBudgetMs(),
  now = new Date(),
): Promise<void> {
  const ids = await inTransaction((tx) => queueClaimLink(tx, target, origin, now));
  if (ids && ids.length > 0) await deliverNow(ids, budgetMs);
}

/** The page the claim page itself is, for mails that send a member back to ask again. */
export const claimPageUrl = (origin: string) => `${origin}${CLAIM_PAGE}`;

type RegisterRow = Pick<
  Selectable<RegisterMembersTable>,
  "member_no" | "claimed_at" | "merged_into" | "claim_serial"
>;

const registerRowOf = (db: Db, accountKey: string) =>
  db
    .selectFrom("register_members")
    .select(["member_no", "claimed_at", "merged_into", "claim_serial"])
    .where("account_id", "=", accountKey);

/** Why the register refuses a genuine, unused link: claimed already, or a newer link was sent. */
function registerRefusal(row: RegisterRow | undefined, link: AccountLink): ClaimRefusal | null {
  if (!row) return "invalid";
  if (row.claimed_at || row.merged_into) return "used";
  return row.claim_serial === link.serial ? null : "replaced";
}

export type ClaimCheck = { ok: true; memberNo: string } | { ok: false; reason: ClaimRefusal };

/** Whether a claim link would work now, changing nothing (its page's GET, which scanners make too). */
export async function checkClaimLink(token: unknown, now = new Date()): Promise<ClaimCheck> {
  const check = await checkAccountLink(token, "claim", now);
  if (!check.ok) return check;
  const row = await registerRowOf(database(), check.account.key).executeTakeFirst();
  const refusal = registerRefusal(row, check.link);
  return refusal || !row
    ? { ok: false, reason: refusal ?? "invalid" }
    : { ok: true, memberNo: row.member_no };
}

export type ClaimOutcome =
  | { ok: true; account: Account; memberNo: string; session: string }
  | { ok: false; reason: ClaimRefusal };

/**
 * Sets the member's first password with a claim link, in one transaction: the link is spent, the
 * password set, the address proven (email_verified_at), the register row marked claimed, a session
 * begun and an audit line written, or none of it. Of two uses of one link at once, one commits;
 * the other finds the account locked, then its password changed (the link "used").
 */
export async function claimAccount(
  token: unknown,
  password: string,
  now = new Date(),
): Promise<ClaimOutcome> {
  // Hashed before the transaction: scrypt's time is not spent holding the account's lock.
  const passwordHash = await hashPassword(password);
  return inTransaction(async (tx): Promise<ClaimOutcome> => {
    const claim = await claimAccountLink(tx, token, "claim", now);
    if (!claim.ok) return claim;
    const row = await registerRowOf(tx, claim.account.key).forUpdate().executeTakeFirst();
    const refusal = registerRefusal(row, claim.link);
    if (refusal || !row) return { ok: false, reason: refusal ?? "invalid" };
    const updated = await setPassword(tx, claim.account, passwordHash, now);
    await updateAccount(updated.key, { emailVerifiedAt: now.toISOString() }, tx);
    await tx
      .updateTable("register_members")
      .set({ claimed_at: now })
      .where("member_no", "=", row.member_no)
      .execute();
    await recordAction(
      {
        who: updated.email,
        action: "claim",
        record: `account/${updated.key}`,
        summary: `Member ${row.member_no} set a password through the claim link mailed to ${updated.email}: website account claimed, address proven`,
      },
      now,
      tx,
    );
    const session = await startSession(updated.key, now, tx);
    return {
      ok: true,
      account: { ...updated, emailVerifiedAt: now.toISOString() },
      memberNo: row.member_no,
      session,
    };
  });
}
