import type { Selectable } from "kysely";
import type { Account } from "../account/accounts.server.ts";
import type { Db } from "../db/database.server.ts";
import type { ElectionsTable } from "../db/schema.server.ts";
import { type BallotCandidate, ballotCandidates } from "./ballot-standing.server.ts";

export type ElectionRow = Selectable<ElectionsTable>;

/** An office on a voter's ballot, with its standing candidates. */
export type BallotOffice = {
  office: string;
  label: string;
  seats: number;
  candidates: { nomination: string; name: string }[];
};

/** Membership types that are no class of the constitution's voters: corporate members (SPEC 9). */
const CORPORATE = new Set(["3", "4"]);

/**
 * Where a member stands with an election's ballot, for its page and its form alike: the first
 * reason they may not vote now, or the ballot. `voted` says when (their own row: the one thing
 * kept about their vote that names them).
 */
export type BallotStanding =
  | { kind: "no-election" }
  | { kind: "not-open"; opens: Date }
  | { kind: "closed"; closed: Date }
  | { kind: "not-a-voter-account" }
  | { kind: "not-on-roll" }
  | { kind: "struck" }
  | { kind: "voted"; at: Date }
  | { kind: "ballot"; election: ElectionRow; zone: string | null; offices: BallotOffice[] };

export async function electionById(id: string, db: Db): Promise<ElectionRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
  return (await db.selectFrom("elections").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Whether voting is open at `now`: the stage the Returning Officer set, and the window. */
export function votingWindow(election: ElectionRow, now: Date): "before" | "open" | "after" {
  if (election.stage === "closed") return "after";
  if (election.stage !== "voting" || now < election.voting_open) return "before";
  return now >= election.voting_close ? "after" : "open";
}

/**
 * The member's standing with the election at `now`. In a cast's transaction `db` is it, so what is
 * checked is what holds when the ballot is written.
 */
export async function ballotStanding(
  election: ElectionRow | null,
  account: Account,
  now: Date,
  db: Db,
): Promise<BallotStanding> {
  if (!election || election.stage === "draft") return { kind: "no-election" };
  const window = votingWindow(election, now);
  if (account.membership === "" || CORPORATE.has(account.membership) || account.role === "secretariat")
    return { kind: "not-a-voter-account" };
  const entry = await db
    .selectFrom("election_roll")
    .select(["zone", "struck_at"])
    .where("election_id", "=", election.id)
    .where("account_id", "=", account.key)
    .executeTakeFirst();
  if (!entry) return { kind: "not-on-roll" };
  if (entry.struck_at) return { kind: "struck" };
  const voted = await db
    .selectFrom("election_voters")
    .select("voted_at")
    .where("election_id", "=", election.id)
    .where("account_id", "=", account.key)
    .executeTakeFirst();
  if (voted) return { kind: "voted", at: voted.voted_at };
  if (window === "before") return { kind: "not-open", opens: election.voting_open };
  if (window === "after") return { kind: "closed", closed: election.voting_close };
  return {
    kind: "ballot",
    election,
    zone: entry.zone,
    offices: await ballotOffices(election.id, entry.zone, db),
  };
}

/**
 * The offices a voter of `zone` votes for: every office chosen by all voters, and their own zone's
 * Councillor where each zone chooses its own; each with its standing candidates.
 */
export async function ballotOffices(
  electionId: string,
  zone: string | null,
  db: Db,
): Promise<BallotOffice[]> {
  const offices = await db
    .selectFrom("election_offices")
    .selectAll()
    .where("election_id", "=", electionId)
    .orderBy("position")
    .execute();
  const candidates = await ballotCandidates(electionId, db);
  return offices
    .filter((office) => office.chosen_by === "all" || (zone !== null && office.zone === zone))
    .map((office) => ({
      office: office.office,
      label: office.label,
      seats: office.seats,
      candidates: candidatesOf(candidates, office.office),
    }));
}

const candidatesOf = (candidates: BallotCandidate[], office: string) =>
  candidates
    .filter((candidate) => candidate.office === office)
    .map(({ nomination, name }) => ({ nomination, name }));
