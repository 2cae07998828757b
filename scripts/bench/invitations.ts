/**
 * One press of "Invite" for the whole register (issue 57 item 3): content/register.csv's 2,100
 * sample members imported into the local database (a process of its own, as Netlify Database is a
 * server of its own), then the press timed, the marks and the outbox's rows undone between runs.
 * Prints the median and the range of the press; asserts nothing about time (a benchmark, not a test).
 * Usage: node scripts/bench/invitations.ts [runs]
 */
import "./tsx-modules.ts";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { closeDatabase, database } from "../../src/server/db/database.server.ts";
import { percentile } from "./bench-support.ts";

const RUNS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 7);
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const OFFICE = "bench-office@example.org";

const child = spawn(process.execPath, [path.join(import.meta.dirname, "database-process.ts")], {
  stdio: ["pipe", "pipe", "inherit"],
});
const [line] = (await once(child.stdout, "data")) as [Buffer];
process.env.NETLIFY_DB_URL = line.toString().trim();
process.env.NETLIFY_DB_DRIVER = "server";
process.env.SIGNING_SECRET ??= "bench-invitations-secret";
process.env.SECRETARIAT_ACCOUNTS = OFFICE;

try {
  const { applyImport, keepUpload, planImport, readLines } = await import(
    "../../src/server/register/register-import.server.ts"
  );
  const { sendStage } = await import("../../src/server/secretariat/invitations.server.ts");
  const register = readFileSync(path.join(ROOT, "content", "register.csv"), "utf8");
  const now = new Date();
  const digest = await keepUpload("csv", register, OFFICE, now);
  const plan = await planImport(readLines("csv", register, now));
  const applied = await applyImport(digest, plan.digest, new Set(), OFFICE, now);
  if (applied.done !== "applied") throw new Error(`the import was not applied: ${applied.done}`);
  console.log(`imported ${applied.added} members`);
  // The planner's statistics, as Netlify Database's autovacuum keeps them; PGlite keeps none, and
  // without them plans the register's join as if the tables were empty (seconds, not milliseconds).
  await sql`ANALYZE`.execute(database());
  const times: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const started = performance.now();
    const { mailed } = await sendStage("invitation", {}, OFFICE, "https://www.isgpb.example");
    const took = performance.now() - started;
    if (mailed !== applied.added) throw new Error(`the press mailed ${mailed}, not ${applied.added}`);
    // The first run loads React Email and the templates, as a function's first press does: shown, not counted.
    console.log(
      `press ${run + 1}: ${mailed} invitations queued in ${Math.round(took)} ms${run === 0 ? " (cold)" : ""}`,
    );
    if (run > 0) times.push(took);
    await database().deleteFrom("outbox").execute();
    await database().updateTable("register_members").set({ invited_at: null }).execute();
  }
  console.log(
    `one press for ${applied.added} members, ${RUNS} warm runs: median ${Math.round(percentile(times, 50))} ms, min ${Math.round(Math.min(...times))} ms, max ${Math.round(Math.max(...times))} ms`,
  );
} finally {
  await closeDatabase();
  child.stdin.end();
  await once(child, "exit");
}
