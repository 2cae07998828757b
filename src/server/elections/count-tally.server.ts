import { createHash } from "node:crypto";

/**
 * The count and the digest, as pure functions of the ballots: the close (count-close.server.ts)
 * and the recount command (scripts/elections/recount.ts) run the same code on the same data, the
 * one from the database, the other from the ballot export, so a recount that disagrees points at
 * the export or the database, never at two ways of counting.
 */

/** A ballot as counted and exported: its random id and its choices, office by office. */
export type CountedBallot = { id: string; choices: Record<string, string[]> };

/** An office as counted: its seats and the nominations standing for it. */
export type CountedOffice = { office: string; seats: number; candidates: string[] };

export type OfficeCount = {
  office: string;
  seats: number;
  /** Every standing candidate's votes, most first (ties in nomination id order: no meaning). */
  votes: { nomination: string; votes: number }[];
  /** Elected without a lot. */
  elected: string[];
  /** Candidates tied on the last seats, and how many of those seats they share; null: no tie. */
  tie: { seats: number; tied: string[] } | null;
};

/**
 * Votes per candidate and who is elected, office by office: the `seats` with the most votes. If
 * candidates with equal votes straddle the last seat, those seats are left to a lot (`tie`). An
 * office with no more candidates than seats elects them all, as an uncontested seat is filled.
 */
export function tally(offices: readonly CountedOffice[], ballots: readonly CountedBallot[]): OfficeCount[] {
  return offices.map(({ office, seats, candidates }) => {
    const votes = new Map(candidates.map((nomination) => [nomination, 0]));
    for (const ballot of ballots)
      for (const nomination of ballot.choices[office] ?? [])
        votes.set(nomination, (votes.get(nomination) ?? 0) + 1);
    const ranked = [...votes]
      .map(([nomination, count]) => ({ nomination, votes: count }))
      .sort((a, b) => b.votes - a.votes || compareText(a.nomination, b.nomination));
    if (ranked.length <= seats)
      return { office, seats, votes: ranked, elected: ranked.map((entry) => entry.nomination), tie: null };
    const last = ranked[seats - 1]?.votes ?? 0;
    const next = ranked[seats]?.votes ?? -1;
    if (last !== next)
      return {
        office,
        seats,
        votes: ranked,
        elected: ranked.slice(0, seats).map((entry) => entry.nomination),
        tie: null,
      };
    const above = ranked.filter((entry) => entry.votes > last).map((entry) => entry.nomination);
    const tied = ranked.filter((entry) => entry.votes === last).map((entry) => entry.nomination);
    return { office, seats, votes: ranked, elected: above, tie: { seats: seats - above.length, tied } };
  });
}

/** A ballot's choices in one spelling: offices in code order, each office's nominations in id order. */
export function canonicalChoices(choices: Record<string, string[]>): string {
  const ordered: Record<string, string[]> = {};
  for (const office of Object.keys(choices).sort()) ordered[office] = [...(choices[office] ?? [])].sort();
  return JSON.stringify(ordered);
}

/**
 * The digest of an election's ballots and trackers (docs/elections-threat-model.md, "The digest"):
 * SHA-256, in lower-case hex, of the UTF-8 text
 *
 *   isgpb-ballots-v1 <election id>\n
 *   ballot <ballot id> <canonical choices>\n     one line a ballot, ids in ascending order
 *   tracker <tracker>\n                           one line a tracker, in ascending order
 *
 * Ids are lower-case uuids, compared as text (which is Postgres's uuid order too); the canonical
 * choices are canonicalChoices'. The trackers are sorted on their own, so no line of one list
 * says which line of the other it was cast with.
 */
export function ballotDigest(
  electionId: string,
  ballots: readonly CountedBallot[],
  trackers: readonly string[],
): string {
  const hash = createHash("sha256");
  hash.update(`isgpb-ballots-v1 ${electionId}\n`);
  for (const ballot of [...ballots].sort((a, b) => compareText(a.id, b.id)))
    hash.update(`ballot ${ballot.id} ${canonicalChoices(ballot.choices)}\n`);
  for (const tracker of [...trackers].sort(compareText)) hash.update(`tracker ${tracker}\n`);
  return hash.digest("hex");
}

/** Code-unit order, the same on every machine and locale (ids and trackers are ASCII). */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
