/**
 * The ballot under load (issue 59, item 8): 2,100 members on the roll vote, 50 at a time, each
 * through the built site's server handler with a real Request (signed in, the voting page's form
 * token, the form posted as a browser without JavaScript posts it), against the local database in
 * a process of its own. A real election spreads these votes over days; here they come as fast as
 * the machine answers: the whole run must fit in ten minutes. Then the Returning Officer's close
 * counts them. Checked: 2,100 ballots, voters and trackers counted, none lost (every post answered
 * "recorded"), none duplicated (one voter row each, distinct ballots); reported: p50, p95, the
 * slowest vote and the close's time. Results go to bench/results/election.json.
 * Usage: npm run build && npm run bench:election
 */
import "./tsx-modules.ts";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { closeDatabase, database } from "../../src/server/db/database.server.ts";
import { percentile } from "./bench-support.ts";

const VOTERS = 2100;
const AT_ONCE = 50;
const TEN_MINUTES_MS = 10 * 60_000;
const ROOT = path.resolve(import.meta.dirname, "../..");
const ORIGIN = "https://isgpb.example";
const RO_EMAIL = "returning.officer@example.org";
const ZONES = ["NZ", "EZ", "MEZ", "CZ", "WZ", "SZ"] as const;

process.env.SECRETARIAT_ACCOUNTS = RO_EMAIL;
const child = spawn(process.execPath, [path.join(import.meta.dirname, "database-process.ts")], {
  stdio: ["pipe", "pipe", "inherit"],
});
const [line] = (await once(child.stdout, "data")) as [Buffer];
process.env.NETLIFY_DB_URL = line.toString().trim();
process.env.NETLIFY_DB_DRIVER = "server";

const { DECOY_HASH } = await import("../../src/server/account/password.server.ts");
const { startSession } = await import("../../src/server/account/sessions.server.ts");
const { SESSION_COOKIE } = await import("../../src/shared/session-cookie.ts");
const { issueFormToken } = await import("../../src/server/spam/form-guard.server.ts");
const { signingSecret } = await import("../../src/server/env.server.ts");

const db = database();
const now = Date.now();
const day = 86_400_000;

// The roll: 2,100 Life members, a zone each; the Returning Officer, a secretariat account.
const accounts: { id: string; email: string }[] = [];
for (let start = 0; start < VOTERS; start += 500) {
  const rows = await db
    .insertInto("accounts")
    .values(
      Array.from({ length: Math.min(500, VOTERS - start) }, (_, k) => {
        const i = start + k;
        return {
          email: `voter${i}@example.org`,
          name: `Voter ${i}`,
          membership: "2",
          application_id: `EN-BENCH${String(i).padStart(5, "0")}`,
          submission_id: `bench-${i}`,
          submitted_at: new Date(now - 400 * day),
          status: "active" as const,
          activated_at: new Date(now - 390 * day),
          password_hash: DECOY_HASH,
          email_verified_at: new Date(now - 400 * day),
        };
      }),
    )
    .returning(["id", "email"])
    .execute();
  accounts.push(...rows);
}
const officer = await db
  .insertInto("accounts")
  .values({
    email: RO_EMAIL,
    name: "Returning Officer",
    membership: "",
    submitted_at: new Date(now - 400 * day),
    status: "active",
    password_hash: DECOY_HASH,
    role: "secretariat",
  })
  .returning("id")
  .executeTakeFirstOrThrow();
const election = await db
  .insertInto("elections")
  .values({
    title: "Council election (benchmark)",
    term: "2027-2028",
    term_begins: new Date(now + 30 * day).toISOString().slice(0, 10),
    created_at: new Date(now - 30 * day),
    created_by: officer.id,
    returning_officer: officer.id,
    stage: "voting",
    roll_cutoff: new Date(now - 40 * day).toISOString().slice(0, 10),
    roll_frozen_at: new Date(now - 30 * day),
    nominations_open: new Date(now - 30 * day),
    nominations_close: new Date(now - 10 * day),
    voting_open: new Date(now - day),
    voting_close: new Date(now + day),
  })
  .returning("id")
  .executeTakeFirstOrThrow();
const offices = [
  { office: "vice-president", label: "Vice-President", seats: 2, zone: null, chosen_by: "all" as const },
  { office: "secretary", label: "Secretary", seats: 1, zone: null, chosen_by: "all" as const },
  { office: "treasurer", label: "Treasurer", seats: 1, zone: null, chosen_by: "all" as const },
  ...ZONES.map((zone) => ({
    office: `councillor-${zone.toLowerCase()}`,
    label: `Councillor, ${zone}`,
    seats: 1,
    zone,
    chosen_by: "zone" as const,
  })),
];
await db
  .insertInto("election_offices")
  .values(offices.map((office, position) => ({ ...office, election_id: election.id, position })))
  .execute();
const zoneOf = (i: number) => ZONES[i % ZONES.length] as string;
for (let start = 0; start < VOTERS; start += 500)
  await db
    .insertInto("election_roll")
    .values(
      accounts.slice(start, start + 500).map((account, k) => ({
        election_id: election.id,
        account_id: account.id,
        zone: zoneOf(start + k),
        member_no: `M-BENCH${String(start + k).padStart(5, "0")}`,
        origin: "calendar" as const,
      })),
    )
    .execute();
// Three candidates for each office, from the roll; nominated and seconded by two others.
const candidates = new Map<string, string[]>();
let next = 0;
for (const office of offices) {
  const ids: string[] = [];
  for (let c = 0; c < 3; c++) {
    // A zone's candidates are of that zone.
    while (office.zone && zoneOf(next) !== office.zone) next++;
    const candidate = accounts[next++] as { id: string };
    const row = await db
      .insertInto("nominations")
      .values({
        election_id: election.id,
        office: office.office,
        candidate: candidate.id,
        nominated_by: (accounts[VOTERS - 1] as { id: string }).id,
        nominated_at: new Date(now - 20 * day),
        seconded_by: (accounts[VOTERS - 2] as { id: string }).id,
        seconded_at: new Date(now - 19 * day),
        accepted_at: new Date(now - 18 * day),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  candidates.set(office.office, ids);
}
await sql`ANALYZE`.execute(db);

// Each voter signed in, with the token their voting page gave them a minute before.
const secret = signingSecret();
const ballots = await Promise.all(
  accounts.map(async (account, i) => {
    const cookie = `${SESSION_COOKIE}=${await startSession(account.id, new Date(Date.now() - 60_000))}`;
    const form = new URLSearchParams({
      form_token: await issueFormToken(secret, new Date(Date.now() - 60_000)),
    });
    const pick = (office: string, count: number) => {
      for (const id of (candidates.get(office) ?? []).slice(i % 2, (i % 2) + count))
        form.append(`office-${office}`, id);
    };
    pick("vice-president", 1 + (i % 2));
    pick("secretary", 1);
    if (i % 7 !== 0) pick("treasurer", 1);
    pick(`councillor-${zoneOf(i).toLowerCase()}`, 1);
    return { cookie, body: form.toString() };
  }),
);
console.log(`seeded ${VOTERS} voters, ${offices.length} offices, ${offices.length * 3} candidates`);

const build = (await import(path.join(ROOT, "build/server/index.js"))) as ServerBuild;
const handler = createRequestHandler(build, "production");
const post = (target: string, cookie: string, body: string) =>
  handler(
    new Request(`${ORIGIN}${target}`, {
      method: "POST",
      headers: {
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        "sec-fetch-site": "same-origin",
        "sec-fetch-dest": "document",
        "sec-fetch-mode": "navigate",
      },
      body,
    }),
    new RouterContextProvider(),
  );

const votePath = `/elections/${election.id}/vote`;
const timings: number[] = [];
let recorded = 0;
const refused: string[] = [];
let cursor = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let i = cursor++; i < VOTERS; i = cursor++) {
      const ballot = ballots[i] as { cookie: string; body: string };
      const t = performance.now();
      const answer = await post(votePath, ballot.cookie, ballot.body);
      timings.push(performance.now() - t);
      if (answer.status === 303 && answer.headers.get("location")?.endsWith("?status=cast")) recorded++;
      else refused.push(`${answer.status} ${answer.headers.get("location") ?? ""}`);
    }
  }),
);
const votingMs = performance.now() - started;

await db
  .updateTable("elections")
  .set({ voting_close: new Date(Date.now() - 1000) })
  .where("id", "=", election.id)
  .execute();
const roCookie = `${SESSION_COOKIE}=${await startSession(officer.id)}`;
const closing = performance.now();
const closed = await post(`/secretariat/elections/${election.id}/count?do=close`, roCookie, "");
const closeMs = performance.now() - closing;

const count = async (table: "ballots" | "election_voters" | "ballot_trackers") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("election_id", "=", election.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const close = await db
  .selectFrom("election_closes")
  .selectAll()
  .where("election_id", "=", election.id)
  .executeTakeFirst();
const distinctVoters = Number(
  (
    await db
      .selectFrom("election_voters")
      .select((eb) => eb.fn.count<string>("account_id").distinct().as("n"))
      .where("election_id", "=", election.id)
      .executeTakeFirstOrThrow()
  ).n,
);
const results = {
  voters: VOTERS,
  atOnce: AT_ONCE,
  recorded,
  refused: refused.length,
  ballots: await count("ballots"),
  voterRows: await count("election_voters"),
  distinctVoters,
  trackers: await count("ballot_trackers"),
  counted: close?.ballots ?? null,
  lost: VOTERS - (close?.ballots ?? 0),
  duplicated: (await count("ballots")) - distinctVoters,
  closeAnswer: closed.headers.get("location"),
  votingSeconds: Math.round(votingMs / 100) / 10,
  voteMs: {
    p50: Math.round(percentile(timings, 50)),
    p95: Math.round(percentile(timings, 95)),
    max: Math.round(Math.max(...timings)),
  },
  closeMs: Math.round(closeMs),
};
console.log(JSON.stringify(results, null, 2));
if (refused.length > 0) console.log("refused (first 5):", refused.slice(0, 5));
const ok =
  recorded === VOTERS &&
  results.ballots === VOTERS &&
  results.counted === VOTERS &&
  results.trackers === VOTERS &&
  distinctVoters === VOTERS &&
  votingMs < TEN_MINUTES_MS;
console.log(ok ? "PASS: every vote counted once, within ten minutes" : "FAIL");
await mkdir(path.join(ROOT, "bench/results"), { recursive: true });
await writeFile(path.join(ROOT, "bench/results/election.json"), `${JSON.stringify(results, null, 2)}\n`);
await closeDatabase();
child.stdin.end();
await once(child, "exit");
process.exit(ok ? 0 : 1);
