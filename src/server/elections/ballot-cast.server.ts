import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { TOKEN_FIELD } from "#shared/form-guard.ts";
import { formatIndianDateTime, todayInIndia } from "#shared/format-date.ts";
import type { Account } from "../account/accounts.server.ts";
import { database, inTransaction } from "../db/database.server.ts";
import { signingSecret } from "../env.server.ts";
import type { FormAnswer } from "../forms/form-post.server.ts";
import { deliverNow, queueMails } from "../mail/outbox.server.ts";
import { ballotTracker } from "../mail/templates/ballot-tracker.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { readToken } from "../signed-token.server.ts";
import { claimFormToken } from "../spam/used-tokens.server.ts";
import { requestMailBudgetMs } from "../submissions.server.ts";
import {
  type BallotOffice,
  type BallotStanding,
  ballotStanding,
  electionById,
} from "./ballot-election.server.ts";

/** A ballot form's field for one office: its ticked boxes are the nominations chosen. */
export const officeField = (office: string) => `office-${office}`;

/** What a refused vote is told, by the reason it may not vote (nothing is recorded for any). */
export function standingRefusal(standing: Exclude<BallotStanding, { kind: "ballot" }>): string {
  switch (standing.kind) {
    case "no-election":
      return "There is no such election.";
    case "not-open":
      return `Voting has not opened yet: it opens on ${formatIndianDateTime(standing.opens.toISOString())}.`;
    case "closed":
      return `Voting closed on ${formatIndianDateTime(standing.closed.toISOString())}: no more votes are taken.`;
    case "not-a-voter-account":
      return "Only Life and Ordinary members vote in the society's elections: this account is not one.";
    case "not-on-roll":
      return "You are not on the electoral roll of this election, so you cannot vote in it. Your account page says why.";
    case "struck":
      return "Your name was struck from the electoral roll of this election, so you cannot vote in it.";
    case "voted":
      return `You have already voted in this election, on ${formatIndianDateTime(standing.at.toISOString())}. Each member votes once.`;
  }
}

export const FORM_TOKEN_REFUSED =
  "This ballot form is not one the site gave you, or it is more than a day old. Open the voting page again and vote from there.";
const TOKEN_SPENT =
  "This ballot form was sent already. Open the voting page again to see whether your vote is recorded.";

/**
 * The choices a voter sent, checked against their ballot: an entry for every office offered (an
 * office left blank is an empty list), or the problem beside each office. A field for an office
 * not on their ballot, a candidate of another office, one ticked twice or more than the seats:
 * refused, in words that name the office.
 */
export function readChoices(
  offices: readonly BallotOffice[],
  fields: Record<string, unknown>,
): { ok: true; choices: Record<string, string[]> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const choices: Record<string, string[]> = {};
  const offered = new Map(offices.map((office) => [officeField(office.office), office]));
  for (const name of Object.keys(fields))
    if (name.startsWith("office-") && !offered.has(name))
      errors.form =
        "The ballot named an office you do not vote for in this election. Open the voting page again.";
  for (const [name, office] of offered) {
    const sent = [fields[name] ?? []].flat();
    const picked = sent.filter((value): value is string => typeof value === "string");
    const standing = new Set(office.candidates.map((candidate) => candidate.nomination));
    if (picked.length !== sent.length || picked.some((nomination) => !standing.has(nomination)))
      errors[name] = `Choose only among the candidates for ${office.label}.`;
    else if (new Set(picked).size !== picked.length)
      errors[name] = `Choose each candidate for ${office.label} once.`;
    else if (picked.length > office.seats)
      errors[name] =
        `Choose at most ${office.seats} for ${office.label} (${office.seats === 1 ? "one seat" : `${office.seats} seats`}); you chose ${picked.length}.`;
    else choices[office.office] = picked;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, choices };
}

/** Trackers are read aloud and typed: no 0/O, no 1/I. */
const TRACKER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A random tracker: 15 symbols of 32 (75 bits), in three groups of five. */
export function newTracker(): string {
  const symbols = Array.from({ length: 15 }, () => TRACKER_ALPHABET[randomInt(TRACKER_ALPHABET.length)]);
  return [0, 5, 10].map((start) => symbols.slice(start, start + 5).join("")).join("-");
}

/** A refusal decided inside the transaction: thrown, so everything it wrote is rolled back. */
class Refused extends Error {
  readonly answer: FormAnswer;
  constructor(answer: FormAnswer) {
    super(answer.ok ? "" : answer.error);
    this.answer = answer;
  }
}

const refused = (status: number, error: string, fields?: Record<string, string>): FormAnswer => ({
  ok: false,
  status,
  error,
  ...(fields && { fields }),
});

/**
 * Records a member's vote: that they voted (election_voters), the ballot (ballots) and their
 * tracker (ballot_trackers), with the tracker's mail, in ONE transaction, and spends the form's
 * token in it. The three rows share nothing but the election: no account, no time finer than the
 * day and no order on the ballot (decision 0056). The voter's row's key decides between two
 * tabs at once: the second finds it taken, and everything it wrote goes with the rollback.
 */
export async function castBallot(
  electionId: string,
  account: Account,
  fields: Record<string, unknown>,
  siteUrl: string,
  now = new Date(),
): Promise<FormAnswer & { tracker?: string }> {
  const token = await readToken(signingSecret(), "form", fields[TOKEN_FIELD], now);
  if (!token.ok) return refused(403, FORM_TOKEN_REFUSED);
  const election = await electionById(electionId, database());
  const title = election?.title ?? "";
  const tracker = newTracker();
  // Rendered before the transaction (no row is held while React runs): the words are the same
  // whatever was chosen, so nothing of the choices can reach the mail.
  const mail = await composeMail(
    ballotTracker,
    {
      name: account.name,
      election: title,
      tracker,
      votedOn: formatIndianDateTime(now.toISOString()),
      resultsUrl: `${siteUrl}/elections/${electionId}/results`,
    },
    { to: [account.email] },
  );
  try {
    const mailIds = await inTransaction(async (tx) => {
      // Shared lock on the election: a close (FOR UPDATE) waits for the ballots being cast, and a
      // ballot cast after it finds the stage closed.
      const locked = await tx
        .selectFrom("elections")
        .selectAll()
        .where("id", "=", electionId)
        .forShare()
        .executeTakeFirst();
      const standing = await ballotStanding(locked ?? null, account, now, tx);
      if (standing.kind !== "ballot")
        throw new Refused(refused(standing.kind === "no-election" ? 404 : 409, standingRefusal(standing)));
      const read = readChoices(standing.offices, fields);
      if (!read.ok) throw new Refused(refused(400, "Please correct your choices.", read.errors));
      const voter = await tx
        .insertInto("election_voters")
        .values({ election_id: electionId, account_id: account.key, voted_at: now })
        .onConflict((conflict) => conflict.columns(["election_id", "account_id"]).doNothing())
        .returning("voted_at")
        .executeTakeFirst();
      if (!voter) {
        const earlier = await tx
          .selectFrom("election_voters")
          .select("voted_at")
          .where("election_id", "=", electionId)
          .where("account_id", "=", account.key)
          .executeTakeFirstOrThrow();
        throw new Refused(refused(409, standingRefusal({ kind: "voted", at: earlier.voted_at })));
      }
      if (!(await claimFormToken(fields, now, tx))) throw new Refused(refused(409, TOKEN_SPENT));
      await tx
        .insertInto("ballots")
        .values({
          election_id: electionId,
          cast_on: todayInIndia(now),
          choices: JSON.stringify(read.choices),
        })
        .execute();
      await tx.insertInto("ballot_trackers").values({ election_id: electionId, tracker }).execute();
      return queueMails(tx, [{ key: `ballot-tracker/${tracker}`, name: "ballot-tracker", mail }], now);
    });
    await deliverNow(mailIds, requestMailBudgetMs(), now).catch(() => undefined);
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    throw error;
  }
  return {
    ok: true,
    redirect: `/elections/${electionId}/vote?status=cast`,
    headers: { "Set-Cookie": receiptCookie(electionId, account.key, tracker) },
    tracker,
  };
}

/**
 * The tracker on screen after the vote: a cookie of the browser's own, for a quarter of an hour
 * (never a row, never a URL: either would sit in a log beside the time or the network address of
 * the vote). Signed with the account, so the next member at a shared computer is not shown it.
 */
const RECEIPT_COOKIE = "ballot_receipt";
const RECEIPT_SECONDS = 15 * 60;

const receiptSignature = (electionId: string, accountId: string, tracker: string) =>
  createHmac("sha256", signingSecret())
    .update(`ballot-receipt\n${electionId}\n${accountId}\n${tracker}`)
    .digest("base64url");

export const receiptCookie = (electionId: string, accountId: string, tracker: string) =>
  `${RECEIPT_COOKIE}=${tracker}.${receiptSignature(electionId, accountId, tracker)}; Path=/elections/${electionId}; Max-Age=${RECEIPT_SECONDS}; HttpOnly; Secure; SameSite=Lax`;

/** The tracker the request's receipt cookie holds for this account and election, if genuine. */
export function receiptTracker(request: Request, electionId: string, accountId: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, value = ""] = part.trim().split("=");
    if (name !== RECEIPT_COOKIE) continue;
    const [tracker = "", signature = ""] = value.split(".");
    const expected = Buffer.from(receiptSignature(electionId, accountId, tracker));
    const given = Buffer.from(signature);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return tracker;
  }
  return null;
}
