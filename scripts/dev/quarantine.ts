/**
 * Prints the submissions the spam guard held back in the local database (`npm start`'s, or with
 * `--preview` `npm run preview`'s), newest first, with the reason. Reads the running site's
 * database through its address (.netlify/database-*.url), else opens the folder itself.
 * On Netlify: the workspace's 'Held back' page, or `held_submissions WHERE action IS NULL`.
 * Usage: npm run quarantine [-- --preview]
 */
import { existsSync } from "node:fs";
import { closeDatabase, database } from "../../src/server/db/database.server.ts";
import {
  LOCAL_DATABASE_DIRECTORY,
  type LocalDatabase,
  PREVIEW_DATABASE_DIRECTORY,
  runningDatabaseUrl,
  startLocalDatabase,
} from "./local-database.ts";

const directory = process.argv.includes("--preview") ? PREVIEW_DATABASE_DIRECTORY : LOCAL_DATABASE_DIRECTORY;

let opened: LocalDatabase | undefined;
const running = await runningDatabaseUrl(directory);
if (running) process.env.NETLIFY_DB_URL = running;
else if (existsSync(directory)) opened = await startLocalDatabase({ directory });
else {
  console.log(`No local database yet (${directory}): nothing is held back.`);
  process.exit(0);
}
try {
  const rows = await database()
    .selectFrom("held_submissions")
    .select(["kind", "id", "received_at", "reason", "data"])
    .where("action", "is", null)
    .orderBy("received_at", "desc")
    .execute();
  if (rows.length === 0) console.log("Nothing is in quarantine.");
  for (const { kind, id, received_at, reason, data } of rows) {
    console.log(`${"=".repeat(72)}\n${kind}/${id}\n${received_at.toISOString()}  ${kind}: ${reason}`);
    console.log(JSON.stringify(data, null, 2));
  }
} finally {
  await closeDatabase();
  await opened?.stop();
}
