import type { Account } from "../account/accounts.server.ts";
import type { Db } from "../db/database.server.ts";
import type { ElectionLot } from "../db/schema.server.ts";
import { electionById } from "./ballot-election.server.ts";
import { type CountedBallot, compareText } from "./count-tally.server.ts";

export type ResultsView = {
  id: string;
  title: string;
  term: string;
  /** The day the Council elected takes office ("YYYY-MM-DD"). */
  termBegins: string;
  closedAt: string;
  publishedAt: string;
  ballots: number;
  roll: number;
  digest: string;
  offices: {
    office: string;
    label: string;
    seats: number;
    candidates: { name: string; votes: number; elected: boolean; byLot: boolean }[];
    lot: { tied: string[]; note: string } | null;
  }[];
};

/**
 * An election's published results: votes per candidate, turnout and who is elected, with any lot
 * drawn. Null until the close is published (a tie not yet drawn keeps them unpublished).
 */
export async function publishedResults(electionId: string, db: Db): Promise<ResultsView | null> {
  const election = await electionById(electionId, db);
  if (!election) return null;
  const close = await db
    .selectFrom("election_closes")
    .selectAll()
    .where("election_id", "=", election.id)
    .executeTakeFirst();
  if (!close?.published_at) return null;
  const offices = await db
    .selectFrom("election_offices")
    .select(["office", "label", "seats"])
    .where("election_id", "=", election.id)
    .orderBy("position")
    .execute();
  const results = await db
    .selectFrom("election_results")
    .innerJoin("nominations", "nominations.id", "election_results.nomination_id")
    .innerJoin("accounts", "accounts.id", "nominations.candidate")
    .select([
      "election_results.office",
      "election_results.nomination_id",
      "election_results.votes",
      "election_results.elected",
      "election_results.by_lot",
      "accounts.name",
    ])
    .where("election_results.election_id", "=", election.id)
    .orderBy("election_results.votes", "desc")
    .orderBy("accounts.name")
    .execute();
  const names = new Map(results.map((row) => [row.nomination_id, row.name]));
  const lotOf = (office: string): ElectionLot | undefined => close.lots.find((lot) => lot.office === office);
  return {
    id: election.id,
    title: election.title,
    term: election.term,
    termBegins: election.term_begins,
    closedAt: close.closed_at.toISOString(),
    publishedAt: close.published_at.toISOString(),
    ballots: close.ballots,
    roll: close.roll,
    digest: close.digest,
    offices: offices.map((office) => {
      const lot = lotOf(office.office);
      return {
        ...office,
        candidates: results
          .filter((row) => row.office === office.office)
          .map((row) => ({ name: row.name, votes: row.votes, elected: row.elected, byLot: row.by_lot })),
        lot: lot ? { tied: lot.tied.map((nomination) => names.get(nomination) ?? ""), note: lot.note } : null,
      };
    }),
  };
}

/**
 * Whether the account may see the counted ballots' trackers and the ballot export: a member on the
 * election's roll (the voters the trackers are for), or its Returning Officer.
 */
export async function seesBallotRecords(
  electionId: string,
  account: Account | null,
  db: Db,
): Promise<boolean> {
  if (!account) return false;
  const election = await electionById(electionId, db);
  if (!election) return false;
  if (election.returning_officer === account.key) return true;
  const entry = await db
    .selectFrom("election_roll")
    .select("account_id")
    .where("election_id", "=", election.id)
    .where("account_id", "=", account.key)
    .executeTakeFirst();
  return entry !== undefined;
}

/** Every counted tracker, in code order (never in the order the ballots sit or were cast). */
export async function countedTrackers(electionId: string, db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("ballot_trackers")
    .select("tracker")
    .where("election_id", "=", electionId)
    .execute();
  return rows.map((row) => row.tracker).sort(compareText);
}

/** The ballot export (format isgpb-ballots-v1): what the recount command reads. */
export type BallotExport = {
  format: "isgpb-ballots-v1";
  election: { id: string; title: string };
  offices: {
    office: string;
    label: string;
    seats: number;
    candidates: { nomination: string; name: string }[];
  }[];
  /** In ascending id order: random ids, so this order says nothing of when a ballot was cast. */
  ballots: CountedBallot[];
  /** In code order, apart from the ballots: no line of one list belongs to a line of the other. */
  trackers: string[];
  /** The digest recorded at the close. */
  digest: string;
};

/**
 * The ballots as counted, for anyone on the roll to count again (npm run election:recount): ids and
 * choices, the trackers apart, the offices and candidates. No account, no day, no time.
 */
export async function ballotExport(electionId: string, db: Db): Promise<BallotExport | null> {
  const election = await electionById(electionId, db);
  const close =
    election &&
    (await db
      .selectFrom("election_closes")
      .select(["digest", "published_at"])
      .where("election_id", "=", election.id)
      .executeTakeFirst());
  if (!election || !close?.published_at) return null;
  const offices = await db
    .selectFrom("election_offices")
    .select(["office", "label", "seats"])
    .where("election_id", "=", election.id)
    .orderBy("position")
    .execute();
  const candidates = await db
    .selectFrom("election_results")
    .innerJoin("nominations", "nominations.id", "election_results.nomination_id")
    .innerJoin("accounts", "accounts.id", "nominations.candidate")
    .select(["election_results.office", "election_results.nomination_id as nomination", "accounts.name"])
    .where("election_results.election_id", "=", election.id)
    .orderBy("accounts.name")
    .execute();
  const ballots = await db
    .selectFrom("ballots")
    .select(["id", "choices"])
    .where("election_id", "=", election.id)
    .execute();
  return {
    format: "isgpb-ballots-v1",
    election: { id: election.id, title: election.title },
    offices: offices.map((office) => ({
      ...office,
      candidates: candidates
        .filter((candidate) => candidate.office === office.office)
        .map(({ nomination, name }) => ({ nomination, name })),
    })),
    ballots: ballots.sort((a, b) => compareText(a.id, b.id)),
    trackers: await countedTrackers(election.id, db),
    digest: close.digest,
  };
}
