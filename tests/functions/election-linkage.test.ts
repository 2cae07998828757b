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
type Raw = { query: <T>(text: string) => Promise<{ rows: T[] }> };
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
    const ballots = await database()
      .selectFrom("ballots")
      .select(["id", "choices"])
      .where("election_id", "=", election.id)
      .execute();
    expect(ballots).toHaveLength(10);
    const trackers = (
      await database()
        .selectFrom("ballot_trackers")
        .select("tracker")
        .where("election_id", "=", election.id)
        .execute()
    ).map((row) => row.tracker);
    const everyone = [...voters, ...election.candidateAccounts];
    const ballotMarkers = ballots.map((ballot) => ballot.id);
    const links: string[] = [];
    for (const record of records) {
      const ballot = ballotMarkers.find((marker) => record.text.includes(marker));
      const tracker = trackers.find((marker) => record.text.includes(marker));
      const members = everyone.filter((account) => account !== record.viewer).flatMap(markersOf);
      const member = members.find((marker) => record.text.includes(marker));
      if (ballot && member) links.push(`${record.where}: ballot ${ballot} beside ${member}`);
      if (ballot && tracker) links.push(`${record.where}: ballot ${ballot} beside tracker ${tracker}`);
      // A tracker is the voter's own receipt: in their mail, and on the voter's pages, never in a
      // row or page with a ballot; nor anywhere else that names a member.
      const receipt =
        record.where === "mail ballot-tracker" ||
        (record.where === "table outbox" && record.text.includes('"name":"ballot-tracker"'));
      if (tracker && member && !receipt) links.push(`${record.where}: tracker ${tracker} beside ${member}`);
    }
    expect(links).toEqual([]);
    // No mail to anyone carries a choice: no candidate's nomination in any mail.
    const nominations = Object.values(election.candidates).flat();
    for (const record of records.filter((found) => found.where.startsWith("mail ")))
      for (const nomination of nominations) expect(record.text).not.toContain(nomination);
    // Every ballot id is only in the ballots' table and the export.
    for (const record of records)
      if (ballotMarkers.some((marker) => record.text.includes(marker)))
        expect(["table ballots", "export entry"]).toContain(record.where);
  });

  it("keeps no account, no time finer than the day and no sequence on a ballot or tracker row", async () => {
    const columns = await database()
      .selectFrom("information_schema.columns" as never)
      .select(["table_name", "column_name", "data_type", "column_default"] as never[])
      .where("table_name" as never, "in", ["ballots", "ballot_trackers"] as never)
      .execute();
    for (const column of columns as {
      column_name: string;
      data_type: string;
      column_default: string | null;
    }[]) {
      expect(column.data_type).not.toMatch(/timestamp|time/);
      expect(column.column_name).not.toMatch(/account|voter|member|email/);
      expect(column.column_default ?? "").not.toMatch(/nextval/);
    }
  });

  it("rewrites the ballots at the close: no ballot shares a transaction with a voter's row, and the table's order is the ids'", async () => {
    const db = await raw();
    const xmins = async (query: string) =>
      new Set((await db.query<{ x: string }>(query)).rows.map((row) => row.x));
    const voterTx = await xmins("SELECT xmin::text AS x FROM election_voters");
    const ballotTx = await xmins("SELECT xmin::text AS x FROM ballots");
    const trackerTx = await xmins("SELECT xmin::text AS x FROM ballot_trackers");
    expect([...ballotTx].filter((x) => voterTx.has(x))).toEqual([]);
    expect([...trackerTx].filter((x) => voterTx.has(x))).toEqual([]);
    // All rewritten by the close's one transaction.
    expect(ballotTx.size).toBe(1);
    const inPlace = (
      await db.query<{ id: string }>("SELECT id::text AS id FROM ballots ORDER BY ctid")
    ).rows.map((row) => row.id);
    expect(inPlace).toEqual([...inPlace].sort(compareText));
  });
});
