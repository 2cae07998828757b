/**
 * npm run db:import-blobs [-- --dry-run] [-- --local] [-- --allow-unknown]
 *
 * Copies every record the site kept in Netlify Blobs (until issue 56) into Netlify Database: the
 * accounts with their addresses, payments, notices and rejections; the audit log; the submissions
 * with their mails (as outbox rows); held submissions; subscribers and newsletter issues with the
 * copies sent; directory choices and own details. Prints the records found by kind, and each
 * table's rows before and after. Run it again and it adds nothing: each row goes in only if its
 * natural key is not there yet (application, reference, (kind, id), outbox key…), all in one
 * transaction. `--dry-run` does the same writes and rolls them back, so it proves they would go
 * in. See docs/import-blobs.md for the deploy that switches.
 *
 * What is copied of the short-lived records, and why:
 * - sessions still live by the old rules: copied, so nobody is signed out by the switch;
 * - used sign-in, reset and confirmation links still within their lifetime: copied, so none can
 *   be used a second time across the switch;
 * - used form tokens still within their day: copied, so a replayed form is still caught;
 * - refused forms waiting for their page's next GET (ten minutes): copied, so the page still
 *   shows what was wrong;
 * - failed sign-in counts: dropped. They last 15 minutes and the new throttle counts in rows of
 *   its own making; the worst a switch gives is one fresh window of guesses, still limited.
 * A pending mail becomes a pending outbox row under its old idempotency key
 * (`<kind>/<id>/<name>`): the new sender delivers it, and Resend never sends one key twice.
 * Not copied (counted and named in the output): change markers, the application index, pending
 * and failed markers, forwarding notes, send claims, the development mail sink, and the last good
 * copies, which stay in Blobs.
 *
 * Where it reads and writes:
 * - Blobs as the site does: the environment's NETLIFY_BLOBS_CONTEXT (what Netlify sets in a build
 *   or function), else NETLIFY_SITE_ID with NETLIFY_AUTH_TOKEN (a personal access token: through
 *   Netlify's API); `--local` opens the local sandbox (.netlify/blobs-serve) instead.
 * - the database at NETLIFY_DB_URL; with `--local` and none set, `npm start`'s local database.
 */
import { getStore } from "@netlify/blobs";
import { closeDatabase, database } from "../../src/server/db/database.server.ts";
import { runCommand } from "../contentful/command.ts";
import { readLocalBlobs } from "../dev/local-blobs.ts";
import {
  LOCAL_DATABASE_DIRECTORY,
  type LocalDatabase,
  runningDatabaseUrl,
  startLocalDatabase,
} from "../dev/local-database.ts";
import type { StoreOf } from "./blobs-snapshot.ts";
import { importBlobs } from "./import-run.ts";

const args = new Set(process.argv.slice(2));
const KNOWN = new Set(["--dry-run", "--local", "--allow-unknown"]);

/** The stores as the site on Netlify opens them, from this process's environment. */
function environmentStores(): StoreOf {
  const { NETLIFY_BLOBS_CONTEXT, NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN } = process.env;
  if (NETLIFY_BLOBS_CONTEXT) return (name) => getStore({ name, consistency: "strong" });
  if (NETLIFY_SITE_ID && NETLIFY_AUTH_TOKEN)
    return (name) => getStore({ name, siteID: NETLIFY_SITE_ID, token: NETLIFY_AUTH_TOKEN });
  throw new Error(
    "No Blobs to read: set NETLIFY_BLOBS_CONTEXT, or NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN (see docs/import-blobs.md), or give --local",
  );
}

await runCommand(async () => {
  const unknownArgs = [...args].filter((arg) => !KNOWN.has(arg));
  if (unknownArgs.length > 0)
    throw new Error(`Unknown option ${unknownArgs.join(", ")}: use --dry-run, --local, --allow-unknown`);
  const local = args.has("--local");
  // A bulk copy: each statement may take longer than a visitor's request is given.
  process.env.DATABASE_TIMEOUT_MS ??= "20000";
  let opened: LocalDatabase | undefined;
  if (!process.env.NETLIFY_DB_URL && local) {
    const running = await runningDatabaseUrl(LOCAL_DATABASE_DIRECTORY);
    if (running) process.env.NETLIFY_DB_URL = running;
    else opened = await startLocalDatabase({ directory: LOCAL_DATABASE_DIRECTORY });
  }
  if (!process.env.NETLIFY_DB_URL)
    throw new Error("No database to write to: set NETLIFY_DB_URL (see docs/import-blobs.md)");
  const options = {
    db: database(),
    dryRun: args.has("--dry-run"),
    allowUnknown: args.has("--allow-unknown"),
  };
  try {
    if (local) {
      const done = await readLocalBlobs((storeOf) => importBlobs({ ...options, storeOf }));
      if (done === null) console.log("No local Blobs (.netlify/blobs-serve): nothing to import.");
      else if (!done.tables) process.exitCode = 1;
    } else if (!(await importBlobs({ ...options, storeOf: environmentStores() })).tables)
      process.exitCode = 1;
  } finally {
    await closeDatabase();
    await opened?.stop();
  }
});
