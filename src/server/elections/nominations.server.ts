import { sql } from "kysely";
import type { MemberStatus } from "#shared/elections/elections.ts";
import { ZONE_LABELS } from "#shared/elections/zones.ts";
import { formatDay } from "#shared/format-date.ts";
import type { Account } from "../account/accounts.server.ts";
import { lockAccount } from "../account/accounts.server.ts";
import { type Db, database, type Tx } from "../db/database.server.ts";
import { queueNominated } from "./election-mails.server.ts";
import { type Election, lastDayOf, lockElection, type Office } from "./elections.server.ts";
import { isVotingMembership, rollEntry } from "./roll.server.ts";
import { foldName, termLimitFlag } from "./term-limits.server.ts";

/**
 * Nominations (decision 0053): a voter on the roll nominates a candidate on the roll for an
 * office, a second voter seconds, and the candidate accepts. A nomination that may break a rule
 * (a limit on re-election, a zone the roll does not know) is referred to the Returning Officer,
 * who finds it valid or rejects it with a note.
 */

/** A candidate who stands: seconded, accepted, not withdrawn, not rejected, referred ones found valid. */
export type StandingCandidate = {
  nominationId: string;
  office: string;
  accountId: string;
  name: string;
  memberNo: string;
};

/**
 * The candidates who stand in an election, by office (in the ballot's order) and name: the list
 * published when nominations close, and what the ballot offers. A candidate stands when the
 * nomination was seconded and accepted, was not withdrawn or rejected, and, if it was referred to
 * the Returning Officer, was found valid; and while the candidate, the nominator and the seconder
 * are all still on the roll (none struck).
 */
export async function standingCandidates(
  electionId: string,
  db: Db = database(),
): Promise<StandingCandidate[]> {
  const rows = await db
    .selectFrom("nominations")
    .innerJoin("accounts", "accounts.id", "nominations.candidate")
    .innerJoin("election_offices", (join) =>
      join
        .onRef("election_offices.election_id", "=", "nominations.election_id")
        .onRef("election_offices.office", "=", "nominations.office"),
    )
    .innerJoin("election_roll", (join) =>
      join
        .onRef("election_roll.election_id", "=", "nominations.election_id")
        .onRef("election_roll.account_id", "=", "nominations.candidate"),
    )
    .select([
      "nominations.id",
      "nominations.office",
      "nominations.candidate",
      "accounts.name",
      "election_roll.member_no",
    ])
    .where("nominations.election_id", "=", electionId)
    .where("nominations.seconded_by", "is not", null)
    .where("nominations.accepted_at", "is not", null)
    .where("nominations.withdrawn_at", "is", null)
    .where((where) =>
      where.or([
        where("nominations.decision", "=", "valid"),
        where.and([where("nominations.decision", "is", null), where("nominations.flag", "is", null)]),
      ]),
    )
    // The nominator and the seconder still on the roll too (the candidate's row is joined above).
    .where((where) =>
      where.and(
        (["nominations.nominated_by", "nominations.seconded_by"] as const).map((column) =>
          where.exists(
            where
              .selectFrom("election_roll as voter")
              .select("voter.account_id")
              .whereRef("voter.election_id", "=", "nominations.election_id")
              .whereRef("voter.account_id", "=", column)
              .where("voter.struck_at", "is", null),
          ),
        ),
      ),
    )
    .where("election_roll.struck_at", "is", null)
    .orderBy("election_offices.position")
    .orderBy("accounts.name")
    .orderBy("nominations.id")
    .execute();
  return rows.map((row) => ({
    nominationId: row.id,
    office: row.office,
    accountId: row.candidate,
    name: row.name,
    memberNo: row.member_no,
  }));
}

/** "Secretary: 2, Treasurer: 1, …": how many stand for each office. */
export const candidateSummary = (election: Election, candidates: StandingCandidate[]) =>
  election.offices
    .map((office) => `${office.label}: ${candidates.filter((one) => one.office === office.office).length}`)
    .join(", ");

export type NominationRow = {
  id: string;
  office: string;
  candidateId: string;
  candidate: string;
  nominatedById: string;
  nominatedBy: string;
  secondedById: string | null;
  secondedBy: string | null;
  accepted: boolean;
  withdrawn: boolean;
  flag: string | null;
  decision: "valid" | "rejected" | null;
  note: string | null;
  /** Seconded and accepted, not withdrawn: it stands unless referred and not yet found valid. */
  complete: boolean;
};

/** Every nomination of an election, with its names: the Returning Officer's list, and the members'. */
export async function nominationIssues(electionId: string, db: Db = database()): Promise<NominationRow[]> {
  const rows = await db
    .selectFrom("nominations")
    .innerJoin("accounts as candidate", "candidate.id", "nominations.candidate")
    .innerJoin("accounts as nominator", "nominator.id", "nominations.nominated_by")
    .leftJoin("accounts as seconder", "seconder.id", "nominations.seconded_by")
    .select([
      "nominations.id",
      "nominations.office",
      "nominations.candidate",
      "candidate.name as candidateName",
      "nominations.nominated_by",
      "nominator.name as nominatorName",
      "nominations.seconded_by",
      "seconder.name as seconderName",
      "nominations.accepted_at",
      "nominations.withdrawn_at",
      "nominations.flag",
      "nominations.decision",
      "nominations.decision_note",
    ])
    .where("nominations.election_id", "=", electionId)
    .orderBy("nominations.nominated_at")
    .orderBy("nominations.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    office: row.office,
    candidateId: row.candidate,
    candidate: row.candidateName,
    nominatedById: row.nominated_by,
    nominatedBy: row.nominatorName,
    secondedById: row.seconded_by,
    secondedBy: row.seconderName,
    accepted: row.accepted_at !== null,
    withdrawn: row.withdrawn_at !== null,
    flag: row.flag,
    decision: row.decision,
    note: row.decision_note,
    complete: row.seconded_by !== null && row.accepted_at !== null && row.withdrawn_at === null,
  }));
}

/** What a member's press comes to: a status for the page, or a refusal (beside `field`, if named). */
export type MemberOutcome =
  | { done: MemberStatus; mails: string[] }
  | { refused: string; status: number; field?: string };

const refused = (message: string, status = 409, field?: string): MemberOutcome => ({
  refused: message,
  status,
  ...(field ? { field } : {}),
});

type Acting = { account: Account; siteUrl: string; now?: Date };

/** Nominations are open: the stage, and the window's days. */
function nominationsOpen(election: Election, now: Date): MemberOutcome | null {
  if (election.stage === "draft" || now < election.nominations_open)
    return refused("Nominations are not open yet.");
  if (election.stage !== "nominations" || now >= election.nominations_close)
    return refused(`Nominations closed at the end of ${formatDay(lastDayOf(election.nominations_close))}.`);
  return null;
}

/** Whether the member may nominate or second for this office: on the roll, and of its zone if the zone chooses. */
async function voterFor(tx: Tx, election: Election, office: Office, account: Account, doing: string) {
  // The account as it is now, not only as the roll froze it: a type changed since (to corporate,
  // say) no longer carries the vote, as the ballot refuses it too.
  if (!isVotingMembership(account.membership))
    return refused(
      `Only Life and Ordinary members ${doing} in the society's elections: this account is not one.`,
      403,
    );
  const entry = await rollEntry(election.id, account.key, tx);
  if (!entry || entry.struck_at)
    return refused(`You are not on the roll of this election, so you cannot ${doing}.`, 403);
  if (office.chosenBy === "zone" && office.zone && entry.zone !== office.zone)
    return refused(
      `The ${office.label} is chosen by the members of the ${ZONE_LABELS[office.zone]} alone, so only they ${doing === "nominate" ? "nominate" : "second"} for it.`,
      403,
    );
  return null;
}

async function inNominations(
  electionId: string,
  acting: Acting,
  press: (tx: Tx, election: Election, now: Date) => Promise<MemberOutcome>,
): Promise<MemberOutcome | null> {
  const now = acting.now ?? new Date();
  return database()
    .transaction()
    .execute(async (tx) => {
      // Shared, not exclusive: nominations go on side by side, and a stage press waits for them.
      const election = await lockElection(tx, electionId, "share");
      if (!election) return null;
      return nominationsOpen(election, now) ?? press(tx, election, now);
    });
}

/** Finds the candidate the form names on the roll: by member number, or by full name if only one has it. */
async function candidateNamed(tx: Tx, electionId: string, text: string) {
  const rows = await tx
    .selectFrom("election_roll")
    .innerJoin("accounts", "accounts.id", "election_roll.account_id")
    .select([
      "accounts.id",
      "accounts.name",
      "accounts.email",
      "accounts.membership",
      "election_roll.zone",
      "election_roll.member_no",
      "election_roll.struck_at",
    ])
    .where("election_roll.election_id", "=", electionId)
    .where((where) =>
      where.or([
        where(where.fn("upper", ["election_roll.member_no"]), "=", text.trim().toUpperCase()),
        where(where.fn("lower", ["accounts.name"]), "like", `%${foldName(text).split(" ").at(-1) ?? ""}%`),
      ]),
    )
    .execute();
  const byNumber = rows.filter((row) => row.member_no.toUpperCase() === text.trim().toUpperCase());
  if (byNumber.length > 0) return byNumber;
  return rows.filter((row) => foldName(row.name) === foldName(text));
}

/** 'Nominate': a voter names a candidate on the roll for an office. */
export function nominate(electionId: string, officeKey: string, candidateText: string, acting: Acting) {
  return inNominations(electionId, acting, async (tx, election, now) => {
    const office = election.offices.find((one) => one.office === officeKey);
    if (!office) return refused("Choose an office from the list", 400, "office");
    const notVoter = await voterFor(tx, election, office, acting.account, "nominate");
    if (notVoter) return notVoter;
    const found = await candidateNamed(tx, election.id, candidateText);
    if (found.length > 1)
      return refused(
        `${found.length} members on the roll are named ${candidateText.trim()}: give the candidate's member number instead.`,
        400,
        "candidate",
      );
    const candidate = found[0];
    if (!candidate)
      return refused(
        "No one on the roll has that member number or full name. Only members on the roll may stand.",
        400,
        "candidate",
      );
    if (candidate.struck_at)
      return refused(
        `${candidate.name}'s name was struck from the roll: they cannot stand.`,
        400,
        "candidate",
      );
    if (!isVotingMembership(candidate.membership))
      return refused(
        `${candidate.name} is not a Life or Ordinary member, so they cannot stand.`,
        400,
        "candidate",
      );
    if (candidate.id === acting.account.key)
      return refused(
        "You cannot nominate yourself: ask another member on the roll to nominate you.",
        400,
        "candidate",
      );
    const flags: string[] = [];
    if (office.zone) {
      if (candidate.zone && candidate.zone !== office.zone)
        return refused(
          `${candidate.name} is on the roll for the ${ZONE_LABELS[candidate.zone as keyof typeof ZONE_LABELS] ?? candidate.zone}: the ${office.label} is one of its own members.`,
          400,
          "candidate",
        );
      if (!candidate.zone)
        flags.push(
          `The roll does not know ${candidate.name}'s zone: check that they belong to the ${ZONE_LABELS[office.zone]}.`,
        );
    }
    const limit = await termLimitFlag(office.office, office.label, candidate.name, election.term);
    if (limit) flags.push(limit);
    // One standing nomination of a candidate for an office, by the partial unique index: a second
    // one, at the same moment too, inserts nothing and is told to second the first instead.
    const inserted = await tx
      .insertInto("nominations")
      .values({
        election_id: election.id,
        office: office.office,
        candidate: candidate.id,
        nominated_by: acting.account.key,
        nominated_at: now,
        flag: flags.length > 0 ? flags.join(" ") : null,
      })
      .onConflict((conflict) =>
        conflict
          .columns(["election_id", "office", "candidate"])
          .where(sql<boolean>`withdrawn_at IS NULL AND (decision IS NULL OR decision <> 'rejected')`)
          .doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    if (!inserted)
      return refused(
        `${candidate.name} is nominated for ${office.label} already: second that nomination instead.`,
        409,
        "candidate",
      );
    const { id } = inserted;
    const mails = await queueNominated(
      tx,
      election,
      { id, office: office.label },
      candidate,
      acting.account.name,
      acting.siteUrl,
      now,
    );
    return { done: "nominated", mails };
  });
}

type Pressed = {
  id: string;
  office: string;
  candidate: string;
  nominated_by: string;
  seconded_by: string | null;
  accepted_at: Date | null;
  withdrawn_at: Date | null;
  decision: "valid" | "rejected" | null;
};

async function nominationOf(tx: Tx, election: Election, id: string, lock: boolean): Promise<Pressed | null> {
  const query = tx
    .selectFrom("nominations")
    .select([
      "id",
      "office",
      "candidate",
      "nominated_by",
      "seconded_by",
      "accepted_at",
      "withdrawn_at",
      "decision",
    ])
    .where("id", "=", id)
    .where("election_id", "=", election.id);
  return (await (lock ? query.forUpdate() : query).executeTakeFirst()) ?? null;
}

const GONE = "That nomination no longer stands: it was declined, withdrawn or rejected.";

/** 'Second': a second voter on the roll, neither the nominator nor the candidate. */
export function second(electionId: string, nominationId: string, acting: Acting) {
  return inNominations(electionId, acting, async (tx, election) => {
    const nomination = await nominationOf(tx, election, nominationId, true);
    if (!nomination) return refused("There is no such nomination.", 404);
    if (nomination.withdrawn_at || nomination.decision === "rejected") return refused(GONE);
    const me = acting.account.key;
    if (nomination.candidate === me) return refused("A candidate cannot second their own nomination.", 400);
    if (nomination.nominated_by === me)
      return refused("You nominated this candidate: another member must second.", 400);
    if (nomination.seconded_by) return { done: "second-already", mails: [] };
    const office = election.offices.find((one) => one.office === nomination.office) as Office;
    const notVoter = await voterFor(tx, election, office, acting.account, "second");
    if (notVoter) return notVoter;
    await tx
      .updateTable("nominations")
      .set({ seconded_by: me, seconded_at: acting.now ?? new Date() })
      .where("id", "=", nomination.id)
      .where("seconded_by", "is", null)
      .execute();
    return { done: "seconded", mails: [] };
  });
}

/** 'Accept': the candidate, for one office only. */
export function accept(electionId: string, nominationId: string, acting: Acting) {
  return inNominations(electionId, acting, async (tx, election, now) => {
    // The candidate's own presses wait for each other: two acceptances at once cannot both land.
    await lockAccount(tx, acting.account.key);
    const nomination = await nominationOf(tx, election, nominationId, true);
    if (!nomination || nomination.candidate !== acting.account.key)
      return refused("There is no such nomination of yours.", 404);
    if (nomination.withdrawn_at || nomination.decision === "rejected") return refused(GONE);
    if (nomination.accepted_at) return { done: "accept-already", mails: [] };
    const entry = await rollEntry(election.id, acting.account.key, tx);
    if (!entry || entry.struck_at)
      return refused("You are not on the roll of this election, so you cannot stand.", 403);
    const other = await tx
      .selectFrom("nominations")
      .select("office")
      .where("election_id", "=", election.id)
      .where("candidate", "=", acting.account.key)
      .where("accepted_at", "is not", null)
      .where("withdrawn_at", "is", null)
      .where((where) => where.or([where("decision", "is", null), where("decision", "!=", "rejected")]))
      .where("id", "!=", nomination.id)
      .executeTakeFirst();
    if (other) {
      const label = election.offices.find((one) => one.office === other.office)?.label ?? other.office;
      return refused(
        `You have accepted the nomination for ${label}: a candidate stands for one office. Decline that one first.`,
      );
    }
    await tx.updateTable("nominations").set({ accepted_at: now }).where("id", "=", nomination.id).execute();
    return { done: "accepted", mails: [] };
  });
}

/** 'Decline' (or withdraw once accepted): the candidate does not stand for that office. */
export function decline(electionId: string, nominationId: string, acting: Acting) {
  return inNominations(electionId, acting, async (tx, election, now) => {
    const nomination = await nominationOf(tx, election, nominationId, true);
    if (!nomination || nomination.candidate !== acting.account.key)
      return refused("There is no such nomination of yours.", 404);
    if (!nomination.withdrawn_at)
      await tx
        .updateTable("nominations")
        .set({ withdrawn_at: now })
        .where("id", "=", nomination.id)
        .execute();
    return { done: "declined", mails: [] };
  });
}
