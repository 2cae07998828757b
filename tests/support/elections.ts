/**
 * An election made straight in the database for the ballot's tests (issue 59): the rows the
 * election's own pages (branch elect59) write, inserted here so the ballot, the count and the
 * results are tested on their own. Fictional people throughout.
 */
import type { Account } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { makeAccount } from "./membership-records.ts";

export type TestOffice = {
  office: string;
  label: string;
  seats: number;
  zone?: string;
  chosenBy?: "all" | "zone";
};

export type TestElection = {
  id: string;
  voters: Account[];
  /** Nomination ids by office, in the order their candidates were given. */
  candidates: Record<string, string[]>;
  candidateAccounts: Account[];
};

const HOUR = 3_600_000;

/**
 * An election in its voting stage (open from an hour ago for an hour more), with its offices, a
 * roll of `voters` members (Life, active; `zones[i]` the i-th one's zone, else NZ) and, for each
 * office, `candidates[office]` standing candidates (seconded, accepted).
 */
export async function makeElection({
  officer,
  offices,
  voters,
  candidates,
  prefix,
  zones = [],
  stage = "voting",
}: {
  officer: Account;
  offices: TestOffice[];
  voters: number;
  candidates: Record<string, number>;
  prefix: string;
  zones?: string[];
  stage?: "voting" | "nominations-closed";
}): Promise<TestElection> {
  const db = database();
  const now = Date.now();
  const election = await db
    .insertInto("elections")
    .values({
      title: `Council election ${prefix}`,
      term: "2027-2028",
      term_begins: new Date(now + 60 * 24 * HOUR).toISOString().slice(0, 10),
      created_at: new Date(now - 30 * 24 * HOUR),
      created_by: officer.key,
      returning_officer: officer.key,
      stage,
      roll_cutoff: new Date(now - 40 * 24 * HOUR).toISOString().slice(0, 10),
      roll_frozen_at: new Date(now - 20 * 24 * HOUR),
      nominations_open: new Date(now - 20 * 24 * HOUR),
      nominations_close: new Date(now - 10 * 24 * HOUR),
      voting_open: new Date(now - HOUR),
      voting_close: new Date(now + HOUR),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("election_offices")
    .values(
      offices.map((office, position) => ({
        election_id: election.id,
        office: office.office,
        label: office.label,
        seats: office.seats,
        zone: office.zone ?? null,
        chosen_by: office.chosenBy ?? "all",
        position,
      })),
    )
    .execute();
  const members: Account[] = [];
  for (let i = 0; i < voters; i++)
    members.push(
      await makeAccount(`${prefix}.voter${i}@example.org`, {
        name: `Dr. Voter ${prefix} ${i}`,
        membership: "2",
        status: "active",
      }),
    );
  if (members.length > 0)
    await db
      .insertInto("election_roll")
      .values(
        members.map((member, i) => ({
          election_id: election.id,
          account_id: member.key,
          zone: zones[i] ?? "NZ",
          member_no: `M-${prefix}-V${i}`,
          origin: "calendar" as const,
        })),
      )
      .execute();
  const nominated: Record<string, string[]> = {};
  const candidateAccounts: Account[] = [];
  for (const [office, count] of Object.entries(candidates)) {
    nominated[office] = [];
    for (let i = 0; i < count; i++) {
      const candidate = await makeAccount(`${prefix}.${office}.candidate${i}@example.org`, {
        name: `Dr. ${office} Candidate ${String.fromCharCode(65 + i)} ${prefix}`,
        membership: "2",
        status: "active",
      });
      candidateAccounts.push(candidate);
      // A candidate stands only while on the roll (standingCandidates).
      await db
        .insertInto("election_roll")
        .values({
          election_id: election.id,
          account_id: candidate.key,
          zone: offices.find((entry) => entry.office === office)?.zone ?? "NZ",
          member_no: `M-${prefix}-${office}-C${i}`,
          origin: "calendar",
        })
        .execute();
      const [proposer, seconder] = [members[0] ?? officer, members[1] ?? officer];
      const row = await db
        .insertInto("nominations")
        .values({
          election_id: election.id,
          office,
          candidate: candidate.key,
          nominated_by: proposer.key,
          nominated_at: new Date(now - 15 * 24 * HOUR),
          seconded_by: seconder.key,
          seconded_at: new Date(now - 14 * 24 * HOUR),
          accepted_at: new Date(now - 13 * 24 * HOUR),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      nominated[office].push(row.id);
    }
  }
  return { id: election.id, voters: members, candidates: nominated, candidateAccounts };
}

/** Ends the voting window (as the Returning Officer's close of the stage would have it). */
export async function endVoting(electionId: string): Promise<void> {
  await database()
    .updateTable("elections")
    .set({ voting_close: new Date(Date.now() - 1000) })
    .where("id", "=", electionId)
    .execute();
}
