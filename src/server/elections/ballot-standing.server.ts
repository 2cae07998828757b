import type { Db } from "../db/database.server.ts";
import { standingCandidates } from "./nominations.server.ts";

/** A candidate on the ballot: the nomination (its id is what a ballot records) and the name. */
export type BallotCandidate = { nomination: string; office: string; name: string };

/**
 * The candidates the ballot offers and the count counts: those the nominations' own rule says
 * stand (seconded, accepted, not withdrawn, not rejected, all three still on the roll), in the
 * order it gives, with only what a ballot shows.
 */
export async function ballotCandidates(electionId: string, db: Db): Promise<BallotCandidate[]> {
  const standing = await standingCandidates(electionId, db);
  return standing.map(({ nominationId, office, name }) => ({ nomination: nominationId, office, name }));
}
