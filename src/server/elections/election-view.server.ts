import { STAGE_LABELS, type StageAction } from "#shared/elections/elections.ts";
import type {
  AccountElection,
  ElectionSummary,
  MemberElectionView,
  Rows,
  StageStep,
  WorkspaceElectionView,
} from "#shared/elections/views.ts";
import { ZONE_LABELS, ZONES } from "#shared/elections/zones.ts";
import { formatDay } from "#shared/format-date.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import type { Account } from "../account/accounts.server.ts";
import { type Db, database } from "../db/database.server.ts";
import { windowText } from "./election-mails.server.ts";
import {
  type Election,
  type ElectionRow,
  lastDayOf,
  listElections,
  openElections,
} from "./elections.server.ts";
import { type NominationRow, nominationIssues, standingCandidates } from "./nominations.server.ts";
import { rollEntry, rollOf, standingOn } from "./roll.server.ts";

/** The election pages' data: the workspace's list and page, the members' page, the account's lines. */

async function nameOf(id: string, db: Db) {
  return (
    (await db.selectFrom("accounts").select(["name", "email"]).where("id", "=", id).executeTakeFirst()) ??
    null
  );
}

export async function electionSummaries(db: Db = database()): Promise<ElectionSummary[]> {
  const rows = await listElections(db);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      title: row.title,
      term: row.term,
      stage: STAGE_LABELS[row.stage],
      returningOfficer: (await nameOf(row.returning_officer, db))?.name ?? "",
    })),
  );
}

function factsOf(election: ElectionRow, officer: string): Rows {
  return [
    ["Term", `${election.term}, from ${formatDay(election.term_begins)}`],
    ["Stage", STAGE_LABELS[election.stage]],
    ["Roll's cut-off day", formatDay(election.roll_cutoff)],
    ["Nominations", windowText(election.nominations_open, election.nominations_close)],
    ["Voting", windowText(election.voting_open, election.voting_close)],
    ["Returning Officer", officer],
  ];
}

const officeFacts = (election: Election): Rows =>
  election.offices.map((office) => [
    office.label,
    `${office.seats === 1 ? "1 seat" : `${office.seats} seats`}${office.zone ? (office.chosenBy === "zone" ? `, chosen by the ${ZONE_LABELS[office.zone]}'s members` : ", chosen by all voters") : ""}`,
  ]);

function stepsOf(election: Election, now: Date): StageStep[] {
  const on = (date: Date) => formatDay(dayInIndia(date));
  const step = (action: StageAction, label: string, hint: string): StageStep => ({
    action,
    label,
    extend: action.startsWith("extend-"),
    hint,
  });
  switch (election.stage) {
    case "draft":
      return election.roll_frozen_at
        ? [
            step(
              "open-nominations",
              "Open nominations",
              now < election.nominations_open
                ? `Nominations open on ${on(election.nominations_open)}.`
                : "Mails the call for nominations to everyone on the roll.",
            ),
          ]
        : [
            step(
              "notice",
              "Issue the notice of election and freeze the roll",
              `Freezes the roll as it stood on ${formatDay(election.roll_cutoff)} and mails the notice to everyone on it.`,
            ),
          ];
    case "nominations":
      return [
        step(
          "extend-nominations",
          "Extend nominations",
          `Now to the end of ${formatDay(lastDayOf(election.nominations_close))}.`,
        ),
        step(
          "close-nominations",
          "Close nominations and publish the candidates",
          `Nominations run to the end of ${formatDay(lastDayOf(election.nominations_close))}.`,
        ),
      ];
    case "nominations-closed":
      return [
        step(
          "open-voting",
          "Open voting",
          `Voting opens on ${on(election.voting_open)}; mails the notice to the roll.`,
        ),
      ];
    case "voting":
      return [
        step(
          "extend-voting",
          "Extend voting",
          `Now to the end of ${formatDay(lastDayOf(election.voting_close))}.`,
        ),
      ];
    default:
      return [];
  }
}

const statusOf = (row: NominationRow) =>
  row.withdrawn
    ? "Declined or withdrawn"
    : row.decision === "rejected"
      ? "Rejected by the Returning Officer"
      : !row.secondedBy
        ? "Awaiting a seconder"
        : !row.accepted
          ? "Awaiting the candidate's acceptance"
          : row.flag && !row.decision
            ? "Referred to the Returning Officer"
            : "Stands";

const labelOf = (election: Election, office: string) =>
  election.offices.find((one) => one.office === office)?.label ?? office;

export async function workspaceElectionView(
  election: Election,
  viewer: Account,
  now = new Date(),
  db: Db = database(),
): Promise<WorkspaceElectionView> {
  const officer = await nameOf(election.returning_officer, db);
  const [roll, nominations] = await Promise.all([rollOf(election.id, db), nominationIssues(election.id, db)]);
  const standing = roll.filter((row) => !row.struckAt);
  const stageAt = ["draft", "nominations", "nominations-closed"].includes(election.stage);
  return {
    id: election.id,
    title: election.title,
    stage: election.stage,
    facts: [
      ...factsOf(election, officer ? `${officer.name} (${officer.email})` : ""),
      ...officeFacts(election),
    ],
    returningOfficer: officer?.name ?? "",
    isReturningOfficer: viewer.key === election.returning_officer,
    steps: stepsOf(election, now),
    roll: {
      frozen: election.roll_frozen_at !== null,
      open: election.roll_frozen_at !== null && stageAt,
      count: standing.length,
      struck: roll.length - standing.length,
      byZone: [
        ...ZONES.map((zone): [string, string] => [
          ZONE_LABELS[zone],
          String(standing.filter((row) => row.zone === zone).length),
        ]),
        ["Zone not known", String(standing.filter((row) => row.zone === null).length)],
      ],
      changes: roll
        .filter((row) => row.origin === "added" || row.struckAt)
        .map((row) => ({
          name: row.name,
          memberNo: row.memberNo,
          what: row.struckAt ? "Struck" : "Added",
          reason: row.struckReason ?? row.note ?? "",
        })),
    },
    nominations: nominations.map((row) => ({
      id: row.id,
      office: labelOf(election, row.office),
      candidate: row.candidate,
      nominatedBy: row.nominatedBy,
      secondedBy: row.secondedBy ?? "",
      accepted: row.accepted,
      status: statusOf(row),
      flag: row.flag,
      note: row.decision
        ? `${row.decision === "valid" ? "Found valid" : "Rejected"}: ${row.note ?? ""}`
        : null,
      decidable:
        !row.withdrawn && !row.decision && ["nominations", "nominations-closed"].includes(election.stage),
    })),
  };
}

/** Why a member is not on an election's roll, or that they are. */
async function rollAnswer(
  election: ElectionRow,
  account: Account,
  db: Db,
): Promise<{ on: boolean; text: string }> {
  const entry = await rollEntry(election.id, account.key, db);
  if (entry && !entry.struck_at)
    return { on: true, text: `You are on the roll (member number ${entry.member_no}).` };
  if (entry)
    return {
      on: false,
      text: `Not on the roll: struck by the Returning Officer. Reason: ${entry.struck_reason}`,
    };
  const standing = standingOn(account, election.roll_cutoff);
  return {
    on: false,
    text: standing.stands
      ? `Not on the roll as it was frozen from the society's records on ${formatDay(election.roll_cutoff)}. If your membership stood on that day, write to the secretariat: the Returning Officer can add your name before voting opens.`
      : `Not on the roll: ${standing.reason}.`,
  };
}

export async function memberElectionView(
  election: Election,
  account: Account,
  now = new Date(),
  db: Db = database(),
): Promise<MemberElectionView> {
  const officer = await nameOf(election.returning_officer, db);
  const roll = election.roll_frozen_at
    ? await rollAnswer(election, account, db)
    : { on: false, text: "The roll is not frozen yet: the notice of election will say who is on it." };
  const entry = roll.on ? await rollEntry(election.id, account.key, db) : null;
  const open =
    election.stage === "nominations" && now >= election.nominations_open && now < election.nominations_close;
  const mayNominateFor = election.offices.filter(
    (office) => office.chosenBy !== "zone" || (entry !== null && entry.zone === office.zone),
  );
  const nominations = election.stage === "nominations" ? await nominationIssues(election.id, db) : [];
  const published = ["nominations-closed", "voting", "closed"].includes(election.stage);
  const candidates = published ? await standingCandidates(election.id, db) : [];
  return {
    id: election.id,
    title: election.title,
    stage: election.stage,
    facts: [...factsOf(election, officer?.name ?? ""), ...officeFacts(election)],
    roll,
    canNominate: open && roll.on,
    offices: mayNominateFor.map(({ office, label }) => ({ office, label })),
    nominations: nominations
      .filter((row) => !row.withdrawn && row.decision !== "rejected")
      .map((row) => ({
        id: row.id,
        office: labelOf(election, row.office),
        candidate: row.candidate,
        nominatedBy: row.nominatedBy,
        secondedBy: row.secondedBy,
        status: statusOf(row),
        mine: row.candidateId === account.key,
        accepted: row.accepted,
        canSecond:
          open &&
          roll.on &&
          !row.secondedBy &&
          row.candidateId !== account.key &&
          row.nominatedById !== account.key &&
          mayNominateFor.some((office) => office.label === labelOf(election, row.office)),
      })),
    candidates: published
      ? election.offices.map((office) => ({
          office: office.label,
          names: candidates.filter((one) => one.office === office.office).map((one) => one.name),
        }))
      : null,
  };
}

/** The account page's lines: each election under way whose roll is frozen, and the member's place on it. */
export async function accountElections(account: Account, db: Db = database()): Promise<AccountElection[]> {
  if (account.role === "secretariat") return [];
  const elections = await openElections(db);
  return Promise.all(
    elections.map(async (election) => ({
      id: election.id,
      title: election.title,
      ...(await rollAnswer(election, account, db)),
    })),
  );
}
