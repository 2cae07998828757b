/**
 * The records at the society's full size, on the local database (decision 0050):
 * 1. pages: 5,000 members with five years of payments, 50,000 audit lines and 3,000 subscribers;
 *    p50 and p95 of the workspace's list of applications (first page, a search, a status filter),
 *    the overview's counts, the members' export, a member's account page (and the workspace's page
 *    of that application) and the audit log's first page, each asked of the built site's server handler with a signed-in session, as a browser
 *    asks (target: p50 at most 50 ms each);
 * 2. reminders: 5,000 annual members paid to 2025-26, all due their reminder on 1 April 2026, with
 *    every database round trip made DELAY_MS slower: one daily run (its 20 s budget) records every
 *    notice and queues every mail, then the ten-minute sender delivers the queue (target: within
 *    an hour: six runs);
 * 3. newsletter: an issue to 3,000 subscribers, queued in one transaction and delivered by the
 *    sender (target: within 30 minutes: three runs).
 * Resend is a local stand-in answering after RESEND_DELAY_MS. Results go to
 * bench/results/records.json beside the same runs measured on the Blobs code before the move
 * (bench/results/records-blobs-baseline.json).
 * Usage: npm run build && npm run bench:records [-- runs] [-- --only=pages,reminders,newsletter]
 */
import "./tsx-modules.ts";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { closeDatabase, database } from "../../src/server/db/database.server.ts";
import { percentile, startLatencyProxy, startResendStandIn } from "./bench-support.ts";
import { seedAuditLines, seedMembers, seedSubscribers } from "./records-seed.ts";

const args = process.argv.slice(2);
const RUNS = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 30);
/** `--only=reminders,newsletter` runs those parts alone (pages, reminders, newsletter). */
const only = args
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const runs = (part: string) => !only || only.includes(part);
const DELAY_MS = 25;
const RESEND_DELAY_MS = 150;
const PAGE_TARGET_MS = 50;
const SENDER_EVERY_MINUTES = 10;
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const RESULTS = path.join(ROOT, "bench", "results");

type Timing = { label: string; p50: number; p95: number; runs: number };

const local = await startDatabaseProcess();
const resend = await startResendStandIn(RESEND_DELAY_MS);
process.env.RESEND_API_KEY = "re_bench";
process.env.RESEND_BASE_URL = `${resend.url}`;
process.env.SECRETARIAT_ACCOUNTS = "bench-office@example.org";
process.env.MAIL_REQUEST_BUDGET_MS = "2000";

const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), runs: RUNS };
try {
  if (runs("pages")) results.pages = await measurePages();
  if (runs("reminders")) results.reminders = await measureReminders();
  if (runs("newsletter")) results.newsletter = await measureNewsletter();
} finally {
  await closeDatabase();
  await resend.stop();
  await local.stop();
}
await mkdir(RESULTS, { recursive: true });
await writeFile(path.join(RESULTS, "records.json"), `${JSON.stringify(results, null, 2)}\n`);
await printBeside();

/** The local database in a child process (database-process.ts); NETLIFY_DB_URL points at it. */
async function startDatabaseProcess(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "database-process.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const [line] = (await once(child.stdout, "data")) as [Buffer];
  const url = line.toString().trim();
  process.env.NETLIFY_DB_URL = url;
  process.env.NETLIFY_DB_DRIVER = "server";
  return {
    url,
    stop: async () => {
      child.stdin.end();
      await once(child, "exit");
    },
  };
}

/** Empties the tables between the parts (TRUNCATE of a fixed list: no name is spliced in). */
async function emptyAll(): Promise<void> {
  await sql`TRUNCATE accounts, account_addresses, sessions, used_links, throttle_events, payments, notices,
    rejections, audit_log, directory_privacy, own_details, submissions, outbox, held_submissions,
    form_flashes, used_form_tokens, subscribers, newsletter_issues, newsletter_copies
    RESTART IDENTITY CASCADE`.execute(database());
}

async function measurePages(): Promise<Timing[]> {
  const { createAccount } = await import("../../src/server/account/accounts.server.ts");
  const { DECOY_HASH } = await import("../../src/server/account/password.server.ts");
  const { startSession } = await import("../../src/server/account/sessions.server.ts");
  const { SESSION_COOKIE } = await import("../../src/shared/session-cookie.ts");
  const seeding = performance.now();
  const members = await seedMembers(database(), 5000);
  await seedAuditLines(database(), members, 50_000, new Date());
  await seedSubscribers(database(), 3000);
  console.log(
    `seeded 5,000 members, 50,000 audit lines, 3,000 subscribers in ${Math.round(performance.now() - seeding)} ms`,
  );
  // The planner's statistics, as Postgres's autovacuum keeps them on Netlify Database; PGlite runs
  // no autovacuum, and without them it plans every table as nearly empty.
  await sql`ANALYZE`.execute(database());
  const office = await createAccount({
    email: "bench-office@example.org",
    name: "Bench Office",
    membership: "",
    applicationId: "",
    submissionId: "",
    submittedAt: new Date().toISOString(),
    status: "active",
    passwordHash: DECOY_HASH,
    role: "secretariat",
  });
  if (!office) throw new Error("the office account was not made");
  const officeCookie = `${SESSION_COOKIE}=${await startSession(office.key)}`;
  const member = members[42] as (typeof members)[number];
  const memberCookie = `${SESSION_COOKIE}=${await startSession(member.id)}`;

  const build = (await import(path.join(ROOT, "build/server/index.js"))) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  const exportFunction = (await import("../../netlify/functions/secretariat-export.ts")).default as (
    request: Request,
    context: unknown,
  ) => Promise<Response>;
  const year = new Date().getUTCFullYear();
  const asks: [string, string, string, "page" | "export"][] = [
    ["applications, first page", "/secretariat/applications", officeCookie, "page"],
    ["applications, search 'iyer'", "/secretariat/applications?q=iyer", officeCookie, "page"],
    ["applications, status filter", "/secretariat/applications?status=pending-payment", officeCookie, "page"],
    ["overview's counts", "/secretariat", officeCookie, "page"],
    [
      "members' export (five years)",
      `/api/secretariat/export/members.csv?from=${year - 5}-04-01&to=${year}-03-31`,
      officeCookie,
      "export",
    ],
    ["a member's account page", "/account", memberCookie, "page"],
    [
      "the workspace's page of that member's application",
      `/secretariat/applications/${member.id}`,
      officeCookie,
      "page",
    ],
    ["audit log, first page", "/secretariat/audit", officeCookie, "page"],
  ];
  const timings: Timing[] = [];
  for (const [label, address, cookie, kind] of asks) {
    const runs: number[] = [];
    for (let run = 0; run < RUNS + 2; run++) {
      const request = new Request(`https://localhost${address}`, {
        headers: { cookie, accept: "text/html" },
      });
      const started = performance.now();
      const response =
        kind === "export"
          ? await exportFunction(request, { params: {}, ip: "127.0.0.1" })
          : await handler(request, new RouterContextProvider());
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${label} answered ${response.status}`);
      // The first two warm the instance's modules, as a function's first request does.
      if (run >= 2) runs.push(performance.now() - started);
    }
    const timing = { label, p50: percentile(runs, 50), p95: percentile(runs, 95), runs: runs.length };
    timings.push(timing);
    console.log(
      `${label}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms ${timing.p50 <= PAGE_TARGET_MS ? "" : "(over the target)"}`,
    );
  }
  return timings;
}

/**
 * Sender runs, each with the scheduled job's budget, until nothing is waiting; their count, and
 * the mails sent in all (by these runs and by the request or job that queued them).
 */
async function deliverAll(budgetMs: number): Promise<{ runs: number; sent: number; lastRunMs: number }> {
  const { deliverDue } = await import("../../src/server/mail/outbox.server.ts");
  let runs = 0;
  let sent = 0;
  let lastRunMs = 0;
  for (;;) {
    const started = performance.now();
    const run = await deliverDue({ budgetMs });
    lastRunMs = performance.now() - started;
    runs += 1;
    if (!run.left || runs >= 20) {
      const delivered = await database()
        .selectFrom("outbox")
        .select((row) => row.fn.countAll<string>().as("count"))
        .where("sent_at", "is not", null)
        .executeTakeFirstOrThrow();
      sent = Number(delivered.count);
      return { runs, sent, lastRunMs };
    }
  }
}

async function throughLatency<T>(work: () => Promise<T>): Promise<T> {
  const port = Number(new URL(local.url).port);
  const proxy = await startLatencyProxy(port, DELAY_MS);
  await closeDatabase();
  const direct = process.env.NETLIFY_DB_URL as string;
  process.env.NETLIFY_DB_URL = direct.replace(`:${port}/`, `:${proxy.port}/`);
  try {
    return await work();
  } finally {
    await closeDatabase();
    process.env.NETLIFY_DB_URL = direct;
    await proxy.stop();
  }
}

async function measureReminders() {
  await emptyAll();
  await seedMembers(database(), 5000, { paidThrough: 2025, mix: false });
  const { runMembershipReminders, REMINDER_RUN_BUDGET_MS } = await import(
    "../../src/server/membership/membership-reminders.server.ts"
  );
  const { withContent } = await import("../../src/server/content/page-content.server.ts");
  return throughLatency(async () => {
    const started = performance.now();
    const run = await withContent(() =>
      runMembershipReminders({
        now: new Date("2026-04-01T03:00:00Z"),
        origin: "https://isgpb.example.org",
        budgetMs: REMINDER_RUN_BUDGET_MS,
      }),
    );
    const runMs = performance.now() - started;
    const notices = await database()
      .selectFrom("notices")
      .select((row) => row.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    const queued = await database()
      .selectFrom("outbox")
      .select((row) => row.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    const delivery = await deliverAll(20_000);
    const result = {
      dueMembers: 5000,
      delayPerRoundTripMs: DELAY_MS,
      runMs: Math.round(runMs),
      run,
      noticesRecorded: Number(notices.count),
      mailsQueued: Number(queued.count),
      senderRuns: delivery.runs,
      mailsDelivered: delivery.sent,
      deliveredWithinMinutes: delivery.runs * SENDER_EVERY_MINUTES,
      resendCalls: { ...resend.calls },
    };
    console.log(
      `reminders: one run of ${result.runMs} ms recorded ${result.noticesRecorded} notices and queued ${result.mailsQueued} mails; ${result.senderRuns} sender runs delivered ${result.mailsDelivered} (within ${result.deliveredWithinMinutes} minutes)`,
    );
    return result;
  });
}

async function measureNewsletter() {
  await emptyAll();
  await seedSubscribers(database(), 3000);
  const issues = await import("../../src/server/newsletter/issues.server.ts");
  const callsBefore = { ...resend.calls };
  return throughLatency(async () => {
    const issue = await issues.createIssue(
      { subject: "Bench issue", text: "Words for every subscriber.", attachmentUrl: "" },
      "bench-office@example.org",
    );
    const started = performance.now();
    const sent = await issues.sendToSubscribers(
      issue.id,
      "bench-office@example.org",
      "https://isgpb.example.org",
      "bench-secret",
    );
    const queueMs = performance.now() - started;
    const delivery = await deliverAll(20_000);
    const result = {
      subscribers: 3000,
      delayPerRoundTripMs: DELAY_MS,
      queueMs: Math.round(queueMs),
      claimed: sent?.claimed ?? false,
      senderRuns: delivery.runs,
      mailsDelivered: delivery.sent,
      deliveredWithinMinutes: delivery.runs * SENDER_EVERY_MINUTES,
      resendBatchCalls: resend.calls.batch - callsBefore.batch,
    };
    console.log(
      `newsletter: 3,000 copies queued in ${result.queueMs} ms; ${result.senderRuns} sender runs delivered ${result.mailsDelivered} (within ${result.deliveredWithinMinutes} minutes)`,
    );
    return result;
  });
}

async function printBeside(): Promise<void> {
  const baseline = await readFile(path.join(RESULTS, "records-blobs-baseline.json"), "utf8").then(
    (text) => JSON.parse(text) as Record<string, unknown>,
    () => null,
  );
  if (!baseline) return console.log("No Blobs baseline found (bench/results/records-blobs-baseline.json).");
  console.log(
    "\nThe same runs on the Blobs code before the move (bench/results/records-blobs-baseline.json):",
  );
  console.log(JSON.stringify(baseline, null, 2));
}
