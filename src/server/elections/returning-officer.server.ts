import { type ElectionFlash, STAGES, type StageAction } from "#shared/elections/elections.ts";
import { formatDay } from "#shared/format-date.ts";
import { addDays, type Day, dayInIndia } from "#shared/membership/calendar.ts";
import { type Account, findAccount, getAccount } from "../account/accounts.server.ts";
import { database, type Tx } from "../db/database.server.ts";
import { recordAction } from "../secretariat/audit.server.ts";
import { queueNotice, queueRollChange } from "./election-mails.server.ts";
import { type Election, lastDayOf, lockElection, startOfDay } from "./elections.server.ts";
import { candidateSummary, nominationIssues, standingCandidates } from "./nominations.server.ts";
import { freezeRoll, isVotingMembership, rollEntry, rollEntryFor } from "./roll.server.ts";

/**
 * What only an election's Returning Officer does (decision 0053): open, extend and close the
 * stages, add a name to the roll or strike one, and decide on a nomination that was referred.
 * Each press is one transaction on the election's row, locked, so two presses at the same moment
 * happen once; each writes its audit line and queues its mails in that transaction.
 */

export type RoOutcome =
  | { done: ElectionFlash; mails: string[] }
  | { refused: string; status: number; field?: string };

const refused = (message: string, status = 409, field?: string): RoOutcome => ({
  refused: message,
  status,
  ...(field ? { field } : {}),
});

export const notReturningOfficer = (name: string) =>
  `Only this election's Returning Officer, ${name}, may open, extend or close its stages, change its roll or decide on its nominations.`;

const stageIndex = (election: Election) => STAGES.indexOf(election.stage);

type Acting = { account: Account; who: string; siteUrl: string; now?: Date };

/** Runs one press of the Returning Officer on the election, locked, in one transaction. */
async function asReturningOfficer(
  electionId: string,
  acting: Acting,
  press: (tx: Tx, election: Election, now: Date) => Promise<RoOutcome>,
): Promise<RoOutcome | null> {
  const now = acting.now ?? new Date();
  return database()
    .transaction()
    .execute(async (tx) => {
      const election = await lockElection(tx, electionId);
      if (!election) return null;
      if (election.returning_officer !== acting.account.key) {
        const officer = await getAccount(election.returning_officer, tx);
        return refused(notReturningOfficer(officer?.name ?? "the one named"), 403);
      }
      return press(tx, election, now);
    });
}

const audit = (
  tx: Tx,
  acting: Acting,
  election: Election,
  action: string,
  summary: string,
  now: Date,
  record?: string,
) =>
  recordAction(
    {
      who: acting.who,
      action,
      record: record ?? `election/${election.id}`,
      summary: `${election.title}: ${summary}`,
    },
    now,
    tx,
  );

/** A stage's press: the notice, opening, extending and closing nominations, opening and extending voting. */
export function pressStage(
  electionId: string,
  action: StageAction,
  acting: Acting,
  lastDay?: Day,
): Promise<RoOutcome | null> {
  return asReturningOfficer(electionId, acting, async (tx, election, now) => {
    const today = dayInIndia(now);
    switch (action) {
      case "notice": {
        if (election.roll_frozen_at || election.stage !== "draft") return { done: "already", mails: [] };
        if (today < election.roll_cutoff)
          return refused(
            `The roll is frozen on its cut-off day, ${formatDay(election.roll_cutoff)}, or after it: not before.`,
          );
        const roll = await freezeRoll(tx, election.id, election.roll_cutoff);
        await tx
          .updateTable("elections")
          .set({ roll_frozen_at: now })
          .where("id", "=", election.id)
          .execute();
        const sent = await queueNotice(tx, election, "notice", acting.siteUrl, now);
        await audit(
          tx,
          acting,
          election,
          "election-roll-frozen",
          `froze the roll as it stood on ${election.roll_cutoff}: ${roll.length} members; the notice of election queued to ${sent}.`,
          now,
        );
        return { done: "roll-frozen", mails: [] };
      }
      case "open-nominations": {
        if (stageIndex(election) >= 1) return { done: "already", mails: [] };
        if (!election.roll_frozen_at)
          return refused("Issue the notice of election first: it freezes the roll.");
        if (now < election.nominations_open)
          return refused(
            `Nominations open on ${formatDay(dayInIndia(election.nominations_open))}: not before.`,
          );
        await setStage(tx, election, "nominations");
        const sent = await queueNotice(tx, election, "nominations", acting.siteUrl, now);
        await audit(
          tx,
          acting,
          election,
          "election-nominations-opened",
          `opened nominations; the call for nominations queued to ${sent}.`,
          now,
        );
        return { done: "nominations-opened", mails: [] };
      }
      case "extend-nominations": {
        if (election.stage !== "nominations")
          return refused("Nominations are not open: only an open window can be extended.");
        const close = extendedClose(election.nominations_close, lastDay);
        if ("refused" in close) return close;
        if (close.at > election.voting_open)
          return refused(
            `Nominations must end before voting opens on ${formatDay(dayInIndia(election.voting_open))}.`,
            400,
            "lastDay",
          );
        await tx
          .updateTable("elections")
          .set({ nominations_close: close.at })
          .where("id", "=", election.id)
          .execute();
        await audit(
          tx,
          acting,
          election,
          "election-nominations-extended",
          `extended nominations to the end of ${formatDay(lastDayOf(close.at))}.`,
          now,
        );
        return { done: "nominations-extended", mails: [] };
      }
      case "close-nominations": {
        if (stageIndex(election) >= 2) return { done: "already", mails: [] };
        if (election.stage !== "nominations") return refused("Nominations are not open yet.");
        if (now < election.nominations_close)
          return refused(
            `Nominations run to the end of ${formatDay(lastDayOf(election.nominations_close))}: they cannot be closed before. Extend them if they must run longer.`,
          );
        const undecided = (await nominationIssues(election.id, tx)).filter(
          (row) => row.complete && row.flag && !row.decision,
        );
        if (undecided.length > 0)
          return refused(
            `Decide on the ${undecided.length === 1 ? "nomination" : `${undecided.length} nominations`} referred to you first: the list of candidates is published when nominations close.`,
          );
        await setStage(tx, election, "nominations-closed");
        const candidates = await standingCandidates(election.id, tx);
        await audit(
          tx,
          acting,
          election,
          "election-nominations-closed",
          `closed nominations; the list of candidates published: ${candidateSummary(election, candidates)}.`,
          now,
        );
        return { done: "nominations-closed", mails: [] };
      }
      case "open-voting": {
        if (stageIndex(election) >= 3) return { done: "already", mails: [] };
        if (election.stage !== "nominations-closed") return refused("Close nominations first.");
        if (now < election.voting_open)
          return refused(`Voting opens on ${formatDay(dayInIndia(election.voting_open))}: not before.`);
        await setStage(tx, election, "voting");
        const sent = await queueNotice(tx, election, "voting", acting.siteUrl, now);
        await audit(
          tx,
          acting,
          election,
          "election-voting-opened",
          `opened voting; the notice queued to ${sent}.`,
          now,
        );
        return { done: "voting-opened", mails: [] };
      }
      case "extend-voting": {
        if (election.stage !== "voting")
          return refused("Voting is not open: only an open window can be extended.");
        const close = extendedClose(election.voting_close, lastDay);
        if ("refused" in close) return close;
        await tx
          .updateTable("elections")
          .set({ voting_close: close.at })
          .where("id", "=", election.id)
          .execute();
        await audit(
          tx,
          acting,
          election,
          "election-voting-extended",
          `extended voting to the end of ${formatDay(lastDayOf(close.at))}.`,
          now,
        );
        return { done: "voting-extended", mails: [] };
      }
    }
  });
}

async function setStage(tx: Tx, election: Election, stage: Election["stage"]) {
  await tx.updateTable("elections").set({ stage }).where("id", "=", election.id).execute();
}

function extendedClose(
  close: Date,
  lastDay: Day | undefined,
): { at: Date } | Extract<RoOutcome, { refused: string }> {
  if (!lastDay) return { refused: "Enter the new last day", status: 400, field: "lastDay" };
  const at = startOfDay(addDays(lastDay, 1));
  if (at <= close)
    return {
      refused: `The new last day must be after the present one, ${formatDay(lastDayOf(close))}.`,
      status: 400,
      field: "lastDay",
    };
  return { at };
}

/** The roll changes until voting opens, once it is frozen. */
function rollOpen(election: Election): RoOutcome | null {
  if (!election.roll_frozen_at)
    return refused("The roll is not frozen yet: issue the notice of election first.");
  if (stageIndex(election) >= 3) return refused("Voting has opened: the roll can no longer change.");
  return null;
}

/** The account a member number (the roll's, the register's or the site's) or an address names. */
async function accountNamed(tx: Tx, electionId: string, member: string): Promise<Account | null> {
  const text = member.trim();
  if (text.includes("@")) return findAccount(text, tx);
  const onRoll = await tx
    .selectFrom("election_roll")
    .select("account_id")
    .where("election_id", "=", electionId)
    .where((where) => where(where.fn("upper", ["member_no"]), "=", text.toUpperCase()))
    .executeTakeFirst();
  if (onRoll) return getAccount(onRoll.account_id, tx);
  const register = await tx
    .selectFrom("register_members")
    .select("account_id")
    .where((where) => where(where.fn("upper", ["member_no"]), "=", text.toUpperCase()))
    .executeTakeFirst();
  if (register) return getAccount(register.account_id, tx);
  const site = /^M-([0-9A-F]{10})$/i.exec(text);
  if (!site) return null;
  const row = await tx
    .selectFrom("accounts")
    .select("id")
    .where("application_id", "=", `EN-${site[1]?.toUpperCase()}`)
    .executeTakeFirst();
  return row ? getAccount(row.id, tx) : null;
}

const NO_SUCH_MEMBER = "No member has that number or e-mail address.";

/** 'Add to the roll': a Life or Ordinary member the frozen roll left out, with the reason. */
export function addToRoll(electionId: string, member: string, reason: string, acting: Acting) {
  return asReturningOfficer(electionId, acting, async (tx, election, now) => {
    const closed = rollOpen(election);
    if (closed) return closed;
    const account = await accountNamed(tx, election.id, member);
    if (!account || account.closedAt) return refused(NO_SUCH_MEMBER, 400, "member");
    if (!isVotingMembership(account.membership))
      return refused(
        `${account.name} is not a Life or Ordinary member: only they may be on the roll.`,
        400,
        "member",
      );
    const entry = await rollEntry(election.id, account.key, tx);
    if (entry && !entry.struck_at) return refused(`${account.name} is on the roll already.`, 409, "member");
    if (entry)
      await tx
        .updateTable("election_roll")
        .set({ struck_at: null, struck_reason: null, note: reason })
        .where("election_id", "=", election.id)
        .where("account_id", "=", account.key)
        .execute();
    else {
      const { zone, memberNo } = await rollEntryFor(account, tx);
      await tx
        .insertInto("election_roll")
        .values({
          election_id: election.id,
          account_id: account.key,
          zone,
          member_no: memberNo,
          origin: "added",
          note: reason,
        })
        .execute();
    }
    const mails = await tellRollChange(tx, election, account, "added", reason, acting, now);
    return { done: "roll-added", mails };
  });
}

/** A name added to or struck from the roll: the member's mail and the audit line, in the change's transaction. */
async function tellRollChange(
  tx: Tx,
  election: Parameters<typeof queueRollChange>[1],
  account: { key: string; name: string; email: string },
  change: "added" | "struck",
  reason: string,
  acting: Acting,
  now: Date,
) {
  const mails = await queueRollChange(
    tx,
    election,
    { id: account.key, name: account.name, email: account.email },
    change,
    reason,
    acting.siteUrl,
    now,
  );
  const summary =
    change === "added"
      ? `added ${account.name} to the roll. Reason: ${reason}`
      : `struck ${account.name} from the roll. Reason: ${reason}`;
  await audit(tx, acting, election, `election-roll-${change}`, summary, now, `account/${account.key}`);
  return mails;
}

/** 'Strike from the roll', with the reason. */
export function strikeFromRoll(electionId: string, member: string, reason: string, acting: Acting) {
  return asReturningOfficer(electionId, acting, async (tx, election, now) => {
    const closed = rollOpen(election);
    if (closed) return closed;
    const account = await accountNamed(tx, election.id, member);
    const entry = account ? await rollEntry(election.id, account.key, tx) : null;
    if (!account || !entry)
      return refused("No one on the roll has that number or e-mail address.", 400, "member");
    if (entry.struck_at) return refused(`${account.name} was struck from the roll already.`, 409, "member");
    await tx
      .updateTable("election_roll")
      .set({ struck_at: now, struck_reason: reason })
      .where("election_id", "=", election.id)
      .where("account_id", "=", account.key)
      .execute();
    const mails = await tellRollChange(tx, election, account, "struck", reason, acting, now);
    return { done: "roll-struck", mails };
  });
}

/** The decision on a nomination (one referred for a rule, or any), with its note, before voting opens. */
export function decideNomination(
  electionId: string,
  nominationId: string,
  decision: "valid" | "rejected",
  note: string,
  acting: Acting,
) {
  return asReturningOfficer(electionId, acting, async (tx, election, now) => {
    if (stageIndex(election) >= 3 || stageIndex(election) < 1)
      return refused("Nominations are decided on while they are open or closed, before voting opens.");
    const nomination = await tx
      .selectFrom("nominations")
      .innerJoin("accounts", "accounts.id", "nominations.candidate")
      .select([
        "nominations.id",
        "nominations.office",
        "nominations.decision",
        "nominations.withdrawn_at",
        "accounts.name",
      ])
      .where("nominations.id", "=", nominationId)
      .where("nominations.election_id", "=", election.id)
      .executeTakeFirst();
    if (!nomination || nomination.withdrawn_at) return refused("There is no such standing nomination.", 404);
    if (nomination.decision) return { done: "already", mails: [] };
    await tx
      .updateTable("nominations")
      .set({ decision, decision_note: note, decided_at: now })
      .where("id", "=", nomination.id)
      .where("decision", "is", null)
      .execute();
    const label =
      election.offices.find((office) => office.office === nomination.office)?.label ?? nomination.office;
    await audit(
      tx,
      acting,
      election,
      "election-nomination-decided",
      `found the nomination of ${nomination.name} for ${label} ${decision}. Note: ${note}`,
      now,
    );
    return { done: "decided", mails: [] };
  });
}
