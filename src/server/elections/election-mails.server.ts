import { electionPath } from "#shared/elections/elections.ts";
import { formatDay } from "#shared/format-date.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import type { Tx } from "../db/database.server.ts";
import { queueMails } from "../mail/outbox.server.ts";
import type { ElectionFacts } from "../mail/templates/election-facts.server.tsx";
import { electionNominated } from "../mail/templates/election-nominated.server.tsx";
import { electionNominationsCall } from "../mail/templates/election-nominations-call.server.tsx";
import { electionNotice } from "../mail/templates/election-notice.server.tsx";
import { electionRollChange } from "../mail/templates/election-roll-change.server.tsx";
import { electionVotingOpen } from "../mail/templates/election-voting-open.server.tsx";
import { composeMail, renderTemplate } from "../mail/templates/template.server.tsx";
import { type Election, lastDayOf } from "./elections.server.ts";
import { votersOf } from "./roll.server.ts";

/**
 * The election's mails, each queued in the outbox in the transaction of the step it tells of
 * (decision 0050): the three notices to the roll, a change of the roll to its member, a nomination
 * to its candidate. A notice says the same to every voter, so it is rendered once and addressed to
 * each; its key names the election, the notice and the voter, so it is queued once per voter.
 */

/** "1 May 2027 to the end of 15 May 2027": a window as whole days in India. */
export const windowText = (open: Date, close: Date) =>
  `${formatDay(dayInIndia(open))} to the end of ${formatDay(lastDayOf(close))}`;

export async function electionFacts(election: Election, tx: Tx, siteUrl: string): Promise<ElectionFacts> {
  const officer = await tx
    .selectFrom("accounts")
    .select(["name"])
    .where("id", "=", election.returning_officer)
    .executeTakeFirst();
  return {
    title: election.title,
    term: election.term,
    offices: election.offices.map(
      (office) =>
        `${office.label}${office.seats > 1 ? ` (${office.seats} seats)` : ""}${office.chosenBy === "zone" ? ", chosen by the zone's members" : ""}`,
    ),
    returningOfficer: officer?.name ?? "the Returning Officer",
    cutoff: formatDay(election.roll_cutoff),
    nominations: windowText(election.nominations_open, election.nominations_close),
    voting: windowText(election.voting_open, election.voting_close),
    url: `${siteUrl}${electionPath(election.id)}`,
  };
}

export type Notice = "notice" | "nominations" | "voting";

/** One notice to everyone on the roll now (no struck name); answers how many were queued. */
export async function queueNotice(tx: Tx, election: Election, notice: Notice, siteUrl: string, now: Date) {
  const facts = await electionFacts(election, tx, siteUrl);
  const rendered =
    notice === "notice"
      ? await renderTemplate(electionNotice, facts)
      : notice === "nominations"
        ? await renderTemplate(electionNominationsCall, {
            ...facts,
            lastDay: formatDay(lastDayOf(election.nominations_close)),
          })
        : await renderTemplate(electionVotingOpen, {
            ...facts,
            lastDay: formatDay(lastDayOf(election.voting_close)),
          });
  const voters = await votersOf(election.id, tx);
  for (let start = 0; start < voters.length; start += 500)
    await queueMails(
      tx,
      voters.slice(start, start + 500).map((voter) => ({
        key: `election/${election.id}/${notice}/${voter.id}`,
        name: `election-${notice}`,
        mail: { to: [voter.email], ...rendered },
      })),
      now,
    );
  return voters.length;
}

export async function queueRollChange(
  tx: Tx,
  election: Election,
  member: { id: string; name: string; email: string },
  change: "added" | "struck",
  reason: string,
  siteUrl: string,
  now: Date,
): Promise<string[]> {
  const facts = await electionFacts(election, tx, siteUrl);
  const mail = await composeMail(
    electionRollChange,
    {
      name: member.name,
      title: election.title,
      change,
      reason,
      returningOfficer: facts.returningOfficer,
      url: facts.url,
    },
    { to: [member.email] },
  );
  return queueMails(
    tx,
    [
      {
        key: `election/${election.id}/roll-${change}/${member.id}/${now.getTime()}`,
        name: "election-roll-change",
        mail,
      },
    ],
    now,
  );
}

export async function queueNominated(
  tx: Tx,
  election: Election,
  nomination: { id: string; office: string },
  candidate: { name: string; email: string },
  nominatedBy: string,
  siteUrl: string,
  now: Date,
): Promise<string[]> {
  const mail = await composeMail(
    electionNominated,
    {
      name: candidate.name,
      title: election.title,
      office: nomination.office,
      nominatedBy,
      lastDay: formatDay(lastDayOf(election.nominations_close)),
      url: `${siteUrl}${electionPath(election.id)}`,
    },
    { to: [candidate.email] },
  );
  return queueMails(
    tx,
    [{ key: `election/${election.id}/nominated/${nomination.id}`, name: "election-nominated", mail }],
    now,
  );
}
