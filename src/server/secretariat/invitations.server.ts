import { sql } from "kysely";
import { CLAIM_LINK_DAYS, registerClassName } from "#shared/account-claim.ts";
import { claimLinkUrl, claimPageUrl, claimTargets } from "../account/account-claim.server.ts";
import { getAccounts } from "../account/accounts.server.ts";
import { type Db, database, inTransaction, type Tx } from "../db/database.server.ts";
import type { RegisterClass } from "../db/schema.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { queueMails } from "../mail/outbox.server.ts";
import { claimInvitation } from "../mail/templates/claim-invitation.server.tsx";
import { claimReminder } from "../mail/templates/claim-reminder.server.tsx";
import { renderForMany } from "../mail/templates/template.server.tsx";
import { membershipOf } from "../membership/membership.server.ts";
import { recordAction } from "./audit.server.ts";

/**
 * Inviting the register's members to claim their website accounts (issue 57 item 3, decision
 * 0054): one press queues one invitation to every unclaimed member not yet invited (or those of a
 * zone, a class, or in arrears), each mail with a claim link of its own, in ONE transaction with
 * the members marked invited and an audit line; the scheduled sender delivers them in Resend's
 * batches of 100. A second press later sends the one reminder to those invited at least
 * REMINDER_AFTER_DAYS before who have still not claimed, again with a fresh link.
 *
 * Each member is mailed once per stage however the presses fall: the marking UPDATE takes only
 * rows not yet marked (two presses at once: the second waits on the first's row locks, then finds
 * them marked and takes none), and the mail's outbox key is the member's own for the stage.
 */

/** The reminder goes to members invited at least this many days before, who have not claimed. */
export const REMINDER_AFTER_DAYS = 14;

export const ZONES = ["NZ", "EZ", "MEZ", "CZ", "WZ", "SZ"] as const;
export const CLASSES: readonly RegisterClass[] = [
  "life",
  "ordinary",
  "honorary",
  "corporate-annual",
  "corporate-single-copy",
];

export type InvitationFilter = { zone?: string; class?: string; inArrears?: boolean };

/** How the register's members stand in the claim (merged rows are no members of their own). */
export type InvitationCounts = {
  members: number;
  claimed: number;
  invited: number;
  reminded: number;
  /** Unclaimed and not yet invited: what an unfiltered invitation would mail. */
  toInvite: number;
  /** Invited long enough ago, unclaimed, not yet reminded: what the reminder would mail. */
  toRemind: number;
};

const reminderDueBefore = (now: Date) => new Date(now.getTime() - REMINDER_AFTER_DAYS * 24 * 60 * 60 * 1000);

export async function invitationCounts(now = new Date(), db: Db = database()): Promise<InvitationCounts> {
  const due = reminderDueBefore(now);
  const row = await db
    .selectFrom("register_members")
    .select((s) => [
      s.fn.countAll<string>().as("members"),
      sql<string>`count(*) filter (where claimed_at is not null)`.as("claimed"),
      sql<string>`count(*) filter (where invited_at is not null)`.as("invited"),
      sql<string>`count(*) filter (where invite_reminded_at is not null)`.as("reminded"),
      sql<string>`count(*) filter (where claimed_at is null and invited_at is null)`.as("toInvite"),
      sql<string>`count(*) filter (where claimed_at is null and invite_reminded_at is null and invited_at <= ${due})`.as(
        "toRemind",
      ),
    ])
    .where("merged_into", "is", null)
    .executeTakeFirstOrThrow();
  return {
    members: Number(row.members),
    claimed: Number(row.claimed),
    invited: Number(row.invited),
    reminded: Number(row.reminded),
    toInvite: Number(row.toInvite),
    toRemind: Number(row.toRemind),
  };
}

type Stage = "invitation" | "reminder";

type Candidate = {
  accountKey: string;
  email: string;
  name: string;
  passwordHash: string;
  memberNo: string;
  registerClass: string;
  claimSerial: number;
};

/** The members a stage would mail now, with the filter applied (arrears by membershipOf). */
async function candidates(stage: Stage, filter: InvitationFilter, now: Date): Promise<Candidate[]> {
  const db = database();
  let query = claimTargets(db).select("register_members.claim_serial as claimSerial");
  if (stage === "invitation") query = query.where("register_members.invited_at", "is", null);
  else
    query = query
      .where("register_members.invite_reminded_at", "is", null)
      .where("register_members.invited_at", "<=", reminderDueBefore(now));
  if (filter.zone) query = query.where("register_members.zone", "=", filter.zone);
  if (filter.class) query = query.where("register_members.class", "=", filter.class as RegisterClass);
  const found = await query.orderBy("register_members.member_no").execute();
  if (!filter.inArrears || found.length === 0) return found;
  const rows = await db
    .selectFrom("accounts")
    .selectAll()
    .where(
      "id",
      "in",
      found.map((candidate) => candidate.accountKey),
    )
    .execute();
  const inArrears = new Set(
    (await getAccounts(rows, db))
      .filter((account) => membershipOf(account, now).status === "in-arrears")
      .map((account) => account.key),
  );
  return found.filter((candidate) => inArrears.has(candidate.accountKey));
}

/**
 * The stage's mail rendered once for the whole press (React Email takes milliseconds a mail,
 * seconds for the register): each member's name, number, class and link are put into it.
 */
async function stageMails(stage: Stage, origin: string) {
  const template = stage === "invitation" ? claimInvitation : claimReminder;
  const fill = await renderForMany(
    template,
    { ...template.sample, days: CLAIM_LINK_DAYS, claimPage: claimPageUrl(origin) },
    ["name", "memberNo", "className", "link"],
  );
  return async (candidate: Candidate, serial: number, now: Date): Promise<Mail> => ({
    to: [candidate.email],
    ...fill({
      name: candidate.name,
      memberNo: candidate.memberNo,
      className: registerClassName(candidate.registerClass),
      link: await claimLinkUrl(candidate, serial, origin, now),
    }),
  });
}

/** Rows marked, and mails queued, per statement: a few hundred at a time. */
const QUEUE_CHUNK = 250;

/**
 * Marks the candidates for the stage, numbering each one's claim link, in the caller's
 * transaction: the rows it took, with their new link numbers. A row marked meanwhile (another
 * press), claimed or merged is not taken.
 */
async function markStage(tx: Tx, stage: Stage, memberNos: string[], now: Date) {
  const taken: { member_no: string; claim_serial: number }[] = [];
  for (let at = 0; at < memberNos.length; at += QUEUE_CHUNK) {
    let update = tx
      .updateTable("register_members")
      .set((set) => ({
        claim_serial: set("claim_serial", "+", 1),
        ...(stage === "invitation" ? { invited_at: now } : { invite_reminded_at: now }),
      }))
      .where("member_no", "in", memberNos.slice(at, at + QUEUE_CHUNK))
      .where("claimed_at", "is", null)
      .where("merged_into", "is", null);
    update =
      stage === "invitation"
        ? update.where("invited_at", "is", null)
        : update.where("invite_reminded_at", "is", null).where("invited_at", "<=", reminderDueBefore(now));
    taken.push(...(await update.returning(["member_no", "claim_serial"]).execute()));
  }
  return taken;
}

export type StageOutcome = { mailed: number };

/**
 * One press of "Invite" or "Send the reminder": every member the stage and filter take is mailed
 * once, in one transaction with the marks and the audit line. The mail is rendered once, before
 * the transaction; inside it each member's link is signed with the number their row took and put
 * into the mail (microseconds a member), so 2,100 members are one press well within a function's
 * time.
 */
export async function sendStage(
  stage: Stage,
  filter: InvitationFilter,
  who: string,
  origin: string,
  now = new Date(),
): Promise<StageOutcome> {
  const found = await candidates(stage, filter, now);
  if (found.length === 0) return { mailed: 0 };
  const mailOf = await stageMails(stage, origin);
  const byNo = new Map(found.map((candidate) => [candidate.memberNo, candidate]));
  return inTransaction(async (tx) => {
    const taken = await markStage(tx, stage, [...byNo.keys()], now);
    const mails = [];
    for (const row of taken)
      mails.push({
        key: `claim-${stage}/${row.member_no}`,
        name: "member",
        mail: await mailOf(byNo.get(row.member_no) as Candidate, row.claim_serial, now),
      });
    for (let at = 0; at < mails.length; at += QUEUE_CHUNK)
      await queueMails(tx, mails.slice(at, at + QUEUE_CHUNK), now);
    if (taken.length > 0)
      await recordAction(
        {
          who,
          action: stage === "invitation" ? "claim-invite" : "claim-remind",
          record: "register",
          summary: `${stage === "invitation" ? "Invited" : "Reminded"} ${taken.length} register member${taken.length === 1 ? "" : "s"} to get their website account${describeFilter(filter)}`,
        },
        now,
        tx,
      );
    return { mailed: taken.length };
  });
}

/** The filter in words, for the audit line. */
function describeFilter({ zone, class: registerClass, inArrears }: InvitationFilter): string {
  const parts = [
    zone ? `zone ${zone}` : "",
    registerClass ? registerClassName(registerClass) : "",
    inArrears ? "in arrears" : "",
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}
