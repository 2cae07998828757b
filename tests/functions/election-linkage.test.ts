/**
 * Measured, not claimed (issue 59, item 7): after a whole election, cast, refused, reminded,
 * closed, counted and published through the site's real Requests, every table (listed from the
 * database's own catalogue, so a table added later is read too), the ballot export, the pages,
 * the audit log, every mail and every line the code logged are read, and the test fails if any of
 * them links a ballot (its id or its choices) to a member (account id, address, name, application
 * number), or a tracker to a ballot. It also reads the rows' system columns: what a database
 * reader could join on (the transaction that wrote a row, its place in the table).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../src/server/account/accounts.server.ts";
import { findAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { compareText } from "../../src/server/elections/count-tally.server.ts";
import { DEVELOPMENT_SECRET } from "../../src/server/signed-token.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { outboxMails } from "../support/database.ts";
import { endVoting, makeElection, type TestElection } from "../support/elections.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest } from "../support/requests.ts";
import { cookieFor, OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

const { office, pages } = workspaceFunctionTests({ testTimeout: 120_000 });
type Raw = { query: <T>(text: string) => Promise<{ rows: T[] }>; exec: (text: string) => Promise<unknown> };
/** The worker's PGlite itself (tests/support/database.ts), for what Kysely does not name: system columns. */
const raw = async (): Promise<Raw> =>
  (await ((globalThis as Record<symbol, unknown>)[Symbol.for("isgpb.test-database")] as Promise<{ db: Raw }>))
    .db;

let electionPages: ReturnType<typeof pageServer> | undefined;
const site = async (request: Request) => {
  electionPages ??= pageServer((path) => path.startsWith("elections/"));
  return (await electionPages)(request);
};

function one<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the test's own record is missing");
  return value;
}

/** Every line the code under test logs, at any level, while the election runs. */
const logged: string[] = [];
const LEVELS = ["log", "info", "warn", "error", "debug"] as const;
const originals = Object.fromEntries(LEVELS.map((level) => [level, console[level]]));
beforeAll(() => {
  for (const level of LEVELS)
    console[level] = (...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
      (originals[level] as (...a: unknown[]) => void)(...args);
    };
});
afterAll(() => {
  for (const level of LEVELS) console[level] = originals[level] as never;
});

/** Text that names a member: their id, address, name and application number. */
const markersOf = (account: Account) =>
  [account.key, account.email, account.name, account.applicationId].filter((marker) => marker.length > 0);

/** A record read; `viewer`: the member a page is drawn for (their own name on it links nothing). */
type Found = { where: string; text: string; viewer?: Account };

/** What must not be linked: the election's ballots and trackers, its members and its choices. */
type Secrets = { ballots: { id: string }[]; trackers: string[]; everyone: Account[]; nominations: string[] };

async function secretsOf(election: TestElection): Promise<Secrets> {
  const ballots = await database()
    .selectFrom("ballots")
    .select("id")
    .where("election_id", "=", election.id)
    .execute();
  const trackers = await database()
    .selectFrom("ballot_trackers")
    .select("tracker")
    .where("election_id", "=", election.id)
    .execute();
  return {
    ballots,
    trackers: trackers.map((row) => row.tracker),
    everyone: [...election.voters, ...election.candidateAccounts],
    nominations: Object.values(election.candidates).flat(),
  };
}

/** Every link the records hold between a ballot and a member, a tracker or a mail, each named. */
function linksIn(records: readonly Found[], { ballots, trackers, everyone, nominations }: Secrets): string[] {
  const links: string[] = [];
  for (const record of records) {
    const ballot = ballots.map((row) => row.id).find((marker) => record.text.includes(marker));
    const tracker = trackers.find((marker) => record.text.includes(marker));
    const members = everyone.filter((account) => account !== record.viewer).flatMap(markersOf);
    const member = members.find((marker) => record.text.includes(marker));
    if (ballot && member) links.push(`${record.where}: ballot ${ballot} beside ${member}`);
    if (ballot && tracker) links.push(`${record.where}: ballot ${ballot} beside tracker ${tracker}`);
    // A ballot id is only in the ballots' table and the export.
    if (ballot && !["table ballots", "export entry"].includes(record.where))
      links.push(`${record.where}: ballot ${ballot} outside the ballots' table and export`);
    // A tracker is the voter's own receipt: in their mail, and on the voter's pages, never in a
    // row or page with a ballot; nor anywhere else that names a member.
    const receipt =
      record.where === "mail ballot-tracker" ||
      (record.where === "table outbox" && record.text.includes('"name":"ballot-tracker"'));
    if (tracker && member && !receipt) links.push(`${record.where}: tracker ${tracker} beside ${member}`);
    // No mail to anyone carries a choice: no candidate's nomination in any mail.
    if (record.where.startsWith("mail "))
      for (const nomination of nominations.filter((id) => record.text.includes(id)))
        links.push(`${record.where}: choice ${nomination} in a mail`);
  }
  return links;
}

/** The columns of `tables` that name a member, keep a time finer than the day, or number rows. */
async function columnLeaks(tables: string[]): Promise<string[]> {
  const columns = (await database()
    .selectFrom("information_schema.columns" as never)
    .select(["table_name", "column_name", "data_type", "column_default"] as never[])
    .where("table_name" as never, "in", tables as never)
    .orderBy("table_name" as never)
    .orderBy("ordinal_position" as never)
    .execute()) as {
    table_name: string;
    column_name: string;
    data_type: string;
    column_default: string | null;
  }[];
  if (columns.length === 0) throw new Error(`no columns read for ${tables.join(", ")}`);
  const leaks: string[] = [];
  for (const column of columns) {
    const name = `${column.table_name}.${column.column_name}`;
    if (/account|voter|member|email/.test(column.column_name)) leaks.push(`${name} names a member`);
    if (/timestamp|time/.test(column.data_type)) leaks.push(`${name} is a time finer than the day`);
    if (/nextval/.test(column.column_default ?? "")) leaks.push(`${name} is numbered by a sequence`);
  }
  return leaks;
}

type VoteTables = { voters: string; ballots: string; trackers: string };
const TABLES: VoteTables = { voters: "election_voters", ballots: "ballots", trackers: "ballot_trackers" };

/**
 * What a reader of the system columns could join on: a ballot or tracker row written by the
 * transaction that wrote a voter's row (`xmin`), ballots not all rewritten by the close's one
 * transaction, or ballots whose place in the table (`ctid`) is not their ids' order.
 */
async function systemColumnLeaks({ voters, ballots, trackers }: VoteTables): Promise<string[]> {
  const db = await raw();
  // Table names are the test's own constants, quoted as identifiers.
  const xmins = async (table: string) =>
    new Set(
      (await db.query<{ x: string }>(`SELECT xmin::text AS x FROM ${JSON.stringify(table)}`)).rows.map(
        (row) => row.x,
      ),
    );
  const voterTx = await xmins(voters);
  const leaks: string[] = [];
  for (const table of [ballots, trackers])
    if ([...(await xmins(table))].some((x) => voterTx.has(x)))
      leaks.push(`${table} shares a transaction with ${voters}`);
  const ballotTx = await xmins(ballots);
  if (ballotTx.size !== 1)
    leaks.push(`${ballots} was written by ${ballotTx.size} transactions, not the close's one`);
  const inPlace = (
    await db.query<{ id: string }>(`SELECT id::text AS id FROM ${JSON.stringify(ballots)} ORDER BY ctid`)
  ).rows.map((row) => row.id);
  if (inPlace.join() !== [...inPlace].sort(compareText).join())
    leaks.push(`${ballots} is not in its ids' order`);
  return leaks;
}

describe("no record links a ballot to a member", () => {
  let election: TestElection;
  let voters: Account[];
  const records: Found[] = [];

  beforeAll(async () => {
    const officer = await findAccount(OFFICE_EMAIL);
    election = await makeElection({
      officer: one(officer ?? undefined),
      offices: [
        { office: "vice-president", label: "Vice-President", seats: 2 },
        { office: "secretary", label: "Secretary", seats: 1 },
        { office: "councillor-sz", label: "Councillor, South Zone", seats: 1, zone: "SZ", chosenBy: "zone" },
      ],
      voters: 12,
      zones: ["SZ", "SZ", "SZ", "NZ", "NZ", "NZ", "SZ", "NZ", "NZ", "SZ", "NZ", "NZ"],
      candidates: { "vice-president": 3, secretary: 2, "councillor-sz": 2 },
      prefix: "link",
    });
    voters = election.voters;
    const vp = one(election.candidates["vice-president"]);
    const sec = one(election.candidates.secretary);
    const sz = one(election.candidates["councillor-sz"]);
    const token = () => issueFormToken(DEVELOPMENT_SECRET, new Date(Date.now() - 60_000));
    const path = `/elections/${election.id}/vote`;
    // Ten vote (a refused attempt first for some), two do not; the reminder goes between.
    for (let i = 0; i < 10; i++) {
      const cookie = await cookieFor(one(voters[i]));
      await site(pageRequest(path, cookie));
      if (i % 3 === 0)
        await site(formPostRequest(path, { form_token: await token(), "office-vice-president": vp }, cookie));
      const fields: Record<string, string | string[]> = {
        form_token: await token(),
        "office-vice-president": [one(vp[i % 3])],
        "office-secretary": [one(sec[i % 2])],
      };
      if (["SZ"].includes(["SZ", "SZ", "SZ", "NZ", "NZ", "NZ", "SZ", "NZ", "NZ", "SZ"][i] ?? ""))
        fields["office-councillor-sz"] = [one(sz[i % 2])];
      const cast = await site(formPostRequest(path, fields, cookie));
      expect(cast.headers.get("location")).toContain("status=cast");
      if (i === 4)
        await pages(formPostRequest(`/secretariat/elections/${election.id}/count?do=reminder`, {}, office()));
    }
    await endVoting(election.id);
    const closed = await pages(
      formPostRequest(`/secretariat/elections/${election.id}/count?do=close`, {}, office()),
    );
    expect(closed.headers.get("location")).toContain("done=closed");
    // Ties at the last seats (the votes above make some): the Returning Officer draws each.
    const { lots } = await database()
      .selectFrom("election_closes")
      .select("lots")
      .where("election_id", "=", election.id)
      .executeTakeFirstOrThrow();
    for (const lot of lots)
      await pages(
        formPostRequest(
          `/secretariat/elections/${election.id}/count?do=lot&office=${lot.office}`,
          { drawn: lot.tied.slice(0, lot.seats), note: "Slips drawn from a box before two witnesses" },
          office(),
        ),
      );

    // Every table, from the catalogue, each row as JSON text.
    const db = await raw();
    const tables = await database()
      .selectFrom("information_schema.tables" as never)
      .select("table_name" as never)
      .where("table_schema" as never, "=", "public" as never)
      .execute();
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name: name } of tables as { table_name: string }[]) {
      const { rows } = await db.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${JSON.stringify(name)} t`,
      );
      for (const { row } of rows) records.push({ where: `table ${name}`, text: row });
    }
    // Every mail, whole.
    for (const mail of await outboxMails())
      records.push({
        where: `mail ${mail.name}`,
        text: `${mail.to.join(",")} ${mail.subject} ${mail.text} ${mail.html}`,
      });
    // The export, entry by entry; the pages a voter, the public and the Returning Officer see.
    const voterCookie = await cookieFor(one(voters[0]));
    const exported = JSON.parse(
      await (await site(pageRequest(`/elections/${election.id}/ballots.json`, voterCookie))).text(),
    ) as { ballots: unknown[]; trackers: string[]; offices: unknown[] };
    for (const entry of [...exported.ballots, ...exported.trackers, ...exported.offices])
      records.push({ where: "export entry", text: JSON.stringify(entry) });
    for (const [where, request] of [
      ["results page (voter)", pageRequest(`/elections/${election.id}/results`, voterCookie)],
      ["results page (public)", pageRequest(`/elections/${election.id}/results`)],
      ["vote page (voter)", pageRequest(path, voterCookie)],
    ] as const) {
      // A page is read as a voter sees it: each entry of the trackers' list on its own (that list
      // is the one place trackers are shown), and the rest of the page apart from it.
      const { document } = await readPage(await site(request));
      for (const item of document.querySelectorAll("ul li"))
        if (/^[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}$/.test(item.textContent ?? "")) {
          records.push({ where: `${where}, trackers' list`, text: item.outerHTML });
          item.remove();
        }
      // The page's data script carries the same two lists (the loader's `results` and `voter.trackers`,
      // apart), which the drawn page shows; the drawn page is what is read here.
      for (const script of document.querySelectorAll("script")) script.remove();
      records.push({ where, text: document.documentElement.outerHTML, viewer: one(voters[0]) });
    }
    records.push({
      where: "count page",
      text: await (await pages(pageRequest(`/secretariat/elections/${election.id}/count`, office()))).text(),
    });
    records.push({
      where: "audit log page",
      text: await (await pages(pageRequest("/secretariat/audit", office()))).text(),
    });
    for (const line of logged) records.push({ where: "log line", text: line });
  });

  it("holds no ballot id or ballot's choices beside a member, nor a tracker beside a ballot", async () => {
    const secrets = await secretsOf(election);
    expect(secrets.ballots).toHaveLength(10);
    expect(linksIn(records, secrets)).toEqual([]);
  });

  it("keeps no account, no time finer than the day and no sequence on a ballot or tracker row", async () => {
    expect(await columnLeaks(["ballots", "ballot_trackers"])).toEqual([]);
  });

  it("rewrites the ballots at the close: no ballot shares a transaction with a voter's row, and the table's order is the ids'", async () => {
    expect(await systemColumnLeaks(TABLES)).toEqual([]);
  });

  /**
   * The checks above pass on an honest election; here each is shown able to fail. Leaks are planted
   * in copies (of the records read, and of the tables, as new tables dropped afterwards), never in
   * the election's own rows, and each check must name each leak on its own.
   */
  it("catches a leak planted in a copy of the data", async () => {
    const secrets = await secretsOf(election);
    const voter = one(voters[3]);
    const ballot = one(secrets.ballots[0]).id;
    const tracker = one(secrets.trackers[0]);
    const receipt = one(records.find((record) => record.where === "mail ballot-tracker"));
    const nomination = one(one(election.candidates.secretary)[0]);
    const plants: [Found, string][] = [
      // An audit line that names a tracker beside the member it was handed to.
      [
        {
          where: "table audit_log",
          text: `{"action":"election.vote","detail":"tracker ${tracker} to ${voter.email}"}`,
        },
        `table audit_log: tracker ${tracker} beside ${voter.email}`,
      ],
      // A log line that prints a ballot beside the account that cast it.
      [
        { where: "log line", text: `ballot ${ballot} cast by ${voter.key}` },
        `log line: ballot ${ballot} beside ${voter.key}`,
      ],
      // The voter's tracker mail carrying its ballot's id too.
      [
        { where: receipt.where, text: `${receipt.text} ballot ${ballot}` },
        `mail ballot-tracker: ballot ${ballot} beside tracker `,
      ],
      // A mail carrying a choice.
      [
        { where: receipt.where, text: `${receipt.text} ${nomination}` },
        `mail ballot-tracker: choice ${nomination}`,
      ],
      // A ballot's id on a page, with no member and no tracker beside it.
      [{ where: "count page", text: `<p>Ballot ${ballot}</p>` }, `count page: ballot ${ballot} outside`],
    ];
    for (const [record, caught] of plants) {
      const links = linksIn([record], secrets);
      expect(
        links.some((link) => link.startsWith(caught)),
        `${caught} in ${JSON.stringify(links)}`,
      ).toBe(true);
    }

    const db = await raw();
    try {
      // A copy of the ballots keeping each voter, the time of the vote and a running number.
      await db.exec(
        `CREATE TABLE planted_ballots AS SELECT b.*, v.account_id, v.voted_at
           FROM ballots b JOIN election_voters v USING (election_id) LIMIT 1;
         ALTER TABLE planted_ballots ADD COLUMN n serial;`,
      );
      expect(await columnLeaks(["planted_ballots"])).toEqual([
        "planted_ballots.account_id names a member",
        "planted_ballots.voted_at is a time finer than the day",
        "planted_ballots.n is numbered by a sequence",
      ]);
      // Ballots copied in the transaction that copies the voters' rows, then more in another, in
      // the reverse of their ids' order: as the casts' own rows are before the close rewrites them.
      await db.exec(
        `BEGIN;
         CREATE TABLE planted_voters AS SELECT * FROM election_voters;
         CREATE TABLE planted_cast AS SELECT * FROM ballots ORDER BY id DESC LIMIT 5;
         COMMIT;
         INSERT INTO planted_cast SELECT * FROM ballots ORDER BY id DESC OFFSET 5;`,
      );
      expect(
        await systemColumnLeaks({
          voters: "planted_voters",
          ballots: "planted_cast",
          trackers: "ballot_trackers",
        }),
      ).toEqual([
        "planted_cast shares a transaction with planted_voters",
        "planted_cast was written by 2 transactions, not the close's one",
        "planted_cast is not in its ids' order",
      ]);
    } finally {
      await db.exec("DROP TABLE IF EXISTS planted_ballots, planted_cast, planted_voters;");
    }
  });
});
