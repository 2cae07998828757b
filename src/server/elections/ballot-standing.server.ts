import type { Db } from "../db/database.server.ts";

/** A candidate on the ballot: the nomination (its id is what a ballot records) and the name. */
export type StandingCandidate = { nomination: string; office: string; name: string };

/**
 * STAND-IN until the nominations' module lands (branch elect59 writes `standingCandidates(electionId,
 * db)` in src/server/elections/): the lead swaps this for that one. The rule is the nominations':
 * seconded, accepted, not withdrawn, and not rejected by the Returning Officer. Names in order, so
 * the ballot lists candidates alphabetically, not in the order they were nominated.
 */
export async function standingCandidatesStandIn(electionId: string, db: Db): Promise<StandingCandidate[]> {
  const rows = await db
    .selectFrom("nominations")
    .innerJoin("accounts", "accounts.id", "nominations.candidate")
    .select(["nominations.id as nomination", "nominations.office", "accounts.name"])
    .where("nominations.election_id", "=", electionId)
    .where("nominations.seconded_at", "is not", null)
    .where("nominations.accepted_at", "is not", null)
    .where("nominations.withdrawn_at", "is", null)
    .where((eb) =>
      eb.or([eb("nominations.decision", "is", null), eb("nominations.decision", "<>", "rejected")]),
    )
    .orderBy("accounts.name")
    .orderBy("nominations.id")
    .execute();
  return rows;
}
