import { formatIndianDateTime } from "#shared/format-date.ts";
import type { Account } from "../account/accounts.server.ts";
import { type Db, inTransaction, type Tx } from "../db/database.server.ts";
import type { ElectionLot } from "../db/schema.server.ts";
import { deliverNow, type QueuedMail, queueMails } from "../mail/outbox.server.ts";
import { ballotReminder } from "../mail/templates/ballot-reminder.server.tsx";
import { resultsDigest } from "../mail/templates/results-digest.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { recordAction } from "../secretariat/audit.server.ts";
import { requestMailBudgetMs } from "../submissions.server.ts";
import { ballotCandidates } from "./ballot-standing.server.ts";
import { ballotDigest, compareText, tally } from "./count-tally.server.ts";

/** What a Returning Officer's press came to: done (with what), or refused with a sentence. */
export type CountOutcome = { ok: true; done: string } | { ok: false; error: string; status: number };

/** A refusal decided inside a transaction: thrown, so nothing it wrote is kept. */
class Refused extends Error {}

const refusal = (error: string, status = 409): CountOutcome => ({ ok: false, error, status });

async function asReturningOfficer(tx: Tx, electionId: string, officer: Account, lock: "update" | "share") {
  const query = tx.selectFrom("elections").selectAll().where("id", "=", electionId);
  const election = await (lock === "update" ? query.forUpdate() : query.forShare()).executeTakeFirst();
  if (!election) throw new Refused("There is no such election.");
  if (election.returning_officer !== officer.key)
    throw new Refused("Only this election's Returning Officer may do this.");
  return election;
}

async function run(work: (tx: Tx) => Promise<{ done: string; mails: string[] }>): Promise<CountOutcome> {
  try {
    const { done, mails } = await inTransaction(work);
    await deliverNow(mails, requestMailBudgetMs()).catch(() => undefined);
    return { ok: true, done };
  } catch (error) {
    if (error instanceof Refused) return refusal(error.message);
    throw error;
  }
}

/**
 * The close, by the Returning Officer once the voting window has ended: in ONE transaction, with
 * the election locked (a ballot being cast holds it shared, so the close waits for it, and one
 * cast after finds the stage closed): the ballots, the voters and the trackers are counted (equal,
 * or nothing is closed), the digest taken, every ballot and tracker written again in random-id
 * and tracker order (the rows no longer sit in the order they were cast, nor carry the cast's
 * transaction id: decision 0056), the votes counted, the results and the close recorded, the
 * stage set to closed and an audit line written. With no tie to draw, the results are published
 * and the digest mailed to every voter in the same transaction.
 */
/** Where a press is made: the site's address (for the mails' links) and the time. */
export type Press = { site: string; now?: Date };

export function closeElection(
  electionId: string,
  officer: Account,
  { site, now = new Date() }: Press,
): Promise<CountOutcome> {
  return run(async (tx) => {
    const election = await asReturningOfficer(tx, electionId, officer, "update");
    if (election.stage === "closed") throw new Refused("This election is closed and counted already.");
    if (election.stage !== "voting")
      throw new Refused("Voting has not opened in this election: there is nothing to count.");
    if (now < election.voting_close)
      throw new Refused(
        `Voting is open until ${formatIndianDateTime(election.voting_close.toISOString())}: it can be closed and counted after that.`,
      );
    const ballots = (
      await tx
        .selectFrom("ballots")
        .select(["id", "cast_on", "choices"])
        .where("election_id", "=", electionId)
        .execute()
    ).sort((a, b) => compareText(a.id, b.id));
    const trackers = (
      await tx.selectFrom("ballot_trackers").select("tracker").where("election_id", "=", electionId).execute()
    )
      .map((row) => row.tracker)
      .sort(compareText);
    const { voters } = await tx
      .selectFrom("election_voters")
      .select((eb) => eb.fn.countAll<string>().as("voters"))
      .where("election_id", "=", electionId)
      .executeTakeFirstOrThrow();
    const { roll } = await tx
      .selectFrom("election_roll")
      .select((eb) => eb.fn.countAll<string>().as("roll"))
      .where("election_id", "=", electionId)
      .where("struck_at", "is", null)
      .executeTakeFirstOrThrow();
    if (ballots.length !== Number(voters) || trackers.length !== Number(voters))
      throw new Refused(
        `The records disagree: ${ballots.length} ballots, ${voters} voters and ${trackers.length} trackers. Nothing was closed; tell the secretariat's technical contact before anything else is done.`,
      );
    const digest = ballotDigest(electionId, ballots, trackers);

    // Written again in a fixed order that says nothing (random ids, random codes): a database
    // reader no longer finds the k-th ballot beside the k-th voter, by position or transaction.
    if (ballots.length > 0) {
      await tx.deleteFrom("ballots").where("election_id", "=", electionId).execute();
      await tx.deleteFrom("ballot_trackers").where("election_id", "=", electionId).execute();
      for (let start = 0; start < ballots.length; start += 500) {
        await tx
          .insertInto("ballots")
          .values(
            ballots.slice(start, start + 500).map((ballot) => ({
              id: ballot.id,
              election_id: electionId,
              cast_on: ballot.cast_on,
              choices: JSON.stringify(ballot.choices),
            })),
          )
          .execute();
        await tx
          .insertInto("ballot_trackers")
          .values(trackers.slice(start, start + 500).map((tracker) => ({ election_id: electionId, tracker })))
          .execute();
      }
    }

    const offices = await tx
      .selectFrom("election_offices")
      .select(["office", "seats"])
      .where("election_id", "=", electionId)
      .orderBy("position")
      .execute();
    const standing = await ballotCandidates(electionId, tx);
    const counts = tally(
      offices.map((office) => ({
        ...office,
        candidates: standing
          .filter((candidate) => candidate.office === office.office)
          .map((c) => c.nomination),
      })),
      ballots,
    );
    const results = counts.flatMap((count) =>
      count.votes.map((entry) => ({
        election_id: electionId,
        office: count.office,
        nomination_id: entry.nomination,
        votes: entry.votes,
        elected: count.elected.includes(entry.nomination),
      })),
    );
    if (results.length > 0) await tx.insertInto("election_results").values(results).execute();
    const lots: ElectionLot[] = counts.flatMap((count) =>
      count.tie
        ? [{ office: count.office, seats: count.tie.seats, tied: count.tie.tied, drawn: null, note: "" }]
        : [],
    );
    await tx
      .insertInto("election_closes")
      .values({
        election_id: electionId,
        closed_at: now,
        closed_by: officer.key,
        ballots: ballots.length,
        voters: Number(voters),
        trackers: trackers.length,
        roll: Number(roll),
        digest,
        lots: JSON.stringify(lots),
      })
      .execute();
    await tx.updateTable("elections").set({ stage: "closed" }).where("id", "=", electionId).execute();
    await recordAction(
      {
        who: officer.email,
        action: "election-close",
        record: `election/${electionId}`,
        summary: `Closed and counted ${election.title}: ${ballots.length} ballots from ${voters} voters of ${roll} on the roll; digest ${digest}${lots.length > 0 ? `; ${lots.length} tie(s) to be drawn by lot` : ""}.`,
      },
      now,
      tx,
    );
    if (lots.length > 0) return { done: "closed-ties", mails: [] };
    return {
      done: "closed-published",
      mails: await publish(tx, electionId, election.title, ballots.length, digest, site, now),
    };
  });
}

/**
 * A tie's draw, as the Returning Officer made it (by lot, in the way the note says: slips drawn
 * before witnesses, say): the drawn candidates take the tied seats. Once every tie is drawn, the
 * results are published and the digest mailed, in the same transaction.
 */
export function recordLot(
  electionId: string,
  officer: Account,
  office: string,
  drawn: readonly string[],
  note: string,
  { site, now = new Date() }: Press,
): Promise<CountOutcome> {
  return run(async (tx) => {
    const election = await asReturningOfficer(tx, electionId, officer, "update");
    const close = await tx
      .selectFrom("election_closes")
      .selectAll()
      .where("election_id", "=", electionId)
      .forUpdate()
      .executeTakeFirst();
    if (!close) throw new Refused("This election is not counted yet.");
    const lot = close.lots.find((entry) => entry.office === office);
    if (!lot) throw new Refused("There is no tie to draw for this office.");
    if (lot.drawn) throw new Refused("This tie was drawn already.");
    const chosen = [...new Set(drawn)];
    if (chosen.length !== lot.seats || chosen.some((nomination) => !lot.tied.includes(nomination)))
      throw new Refused(
        `Mark exactly ${lot.seats === 1 ? "one candidate" : `${lot.seats} candidates`} among the tied, as the lot fell.`,
      );
    const lots = close.lots.map((entry) =>
      entry.office === office ? { ...entry, drawn: chosen, note } : entry,
    );
    await tx
      .updateTable("election_results")
      .set({ elected: true, by_lot: true })
      .where("election_id", "=", electionId)
      .where("nomination_id", "in", chosen)
      .execute();
    await tx
      .updateTable("election_closes")
      .set({ lots: JSON.stringify(lots) })
      .where("election_id", "=", electionId)
      .execute();
    await recordAction(
      {
        who: officer.email,
        action: "election-lot",
        record: `election/${electionId}`,
        summary: `Tie for ${office} drawn by lot (${lot.tied.length} tied for ${lot.seats} seat(s)): ${note}`,
      },
      now,
      tx,
    );
    if (lots.some((entry) => !entry.drawn)) return { done: "lot-recorded", mails: [] };
    return {
      done: "lot-published",
      mails: await publish(tx, electionId, election.title, close.ballots, close.digest, site, now),
    };
  });
}

/** The results made public, and the digest mailed to every voter: one mail rendered, addressed to each. */
async function publish(
  tx: Db,
  electionId: string,
  title: string,
  ballots: number,
  digest: string,
  site: string,
  now: Date,
): Promise<string[]> {
  await tx
    .updateTable("election_closes")
    .set({ published_at: now })
    .where("election_id", "=", electionId)
    .execute();
  const voters = await tx
    .selectFrom("election_voters")
    .innerJoin("accounts", "accounts.id", "election_voters.account_id")
    .select(["accounts.id", "accounts.email"])
    .where("election_voters.election_id", "=", electionId)
    .where("accounts.closed_at", "is", null)
    .execute();
  const mail = await composeMail(
    resultsDigest,
    { election: title, ballots, digest, resultsUrl: `${site}/elections/${electionId}/results` },
    { to: [] },
  );
  return queueAll(
    tx,
    voters.map((voter) => ({
      key: `results-digest/${electionId}/${voter.id}`,
      name: "results-digest",
      mail: { ...mail, to: [voter.email] },
    })),
    now,
  );
}

async function queueAll(tx: Db, mails: QueuedMail[], now: Date): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < mails.length; start += 500)
    ids.push(...(await queueMails(tx, mails.slice(start, start + 500), now)));
  return ids;
}

/**
 * The one reminder to the roll's members who have not voted, by the Returning Officer while voting
 * is open: once an election (its row's key decides), the same words to each.
 */
export function sendReminder(
  electionId: string,
  officer: Account,
  { site, now = new Date() }: Press,
): Promise<CountOutcome> {
  return run(async (tx) => {
    const election = await asReturningOfficer(tx, electionId, officer, "share");
    if (election.stage !== "voting" || now < election.voting_open || now >= election.voting_close)
      throw new Refused("The reminder goes while voting is open.");
    const waiting = await tx
      .selectFrom("election_roll")
      .innerJoin("accounts", "accounts.id", "election_roll.account_id")
      .select(["accounts.id", "accounts.email"])
      .where("election_roll.election_id", "=", electionId)
      .where("election_roll.struck_at", "is", null)
      .where("accounts.closed_at", "is", null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("election_voters")
              .select("election_voters.account_id")
              .whereRef("election_voters.account_id", "=", "election_roll.account_id")
              .where("election_voters.election_id", "=", electionId),
          ),
        ),
      )
      .execute();
    const sent = await tx
      .insertInto("election_reminders")
      .values({ election_id: electionId, sent_at: now, sent_by: officer.key, recipients: waiting.length })
      .onConflict((conflict) => conflict.column("election_id").doNothing())
      .returning("sent_at")
      .executeTakeFirst();
    if (!sent) throw new Refused("The reminder was sent already: there is one reminder an election.");
    const mail = await composeMail(
      ballotReminder,
      {
        election: election.title,
        closes: formatIndianDateTime(election.voting_close.toISOString()),
        voteUrl: `${site}/elections/${electionId}/vote`,
      },
      { to: [] },
    );
    await recordAction(
      {
        who: officer.email,
        action: "election-reminder",
        record: `election/${electionId}`,
        summary: `Reminder sent to the ${waiting.length} members on the roll who had not voted.`,
      },
      now,
      tx,
    );
    return {
      done: "reminded",
      mails: await queueAll(
        tx,
        waiting.map((voter) => ({
          key: `ballot-reminder/${electionId}/${voter.id}`,
          name: "ballot-reminder",
          mail: { ...mail, to: [voter.email] },
        })),
        now,
      ),
    };
  });
}
