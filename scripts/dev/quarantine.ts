/**
 * Prints the submissions the spam guard held back in the local database (`npm start`'s, or with
 * `--preview` `npm run preview`'s), newest first, with the reason. Reads the running site's
 * database through its address (.netlify/database-*.url), else opens the folder itself.
 * On Netlify: the workspace's 'Held back' page, or `held_submissions WHERE action IS NULL`.
 * Usage: npm run quarantine [-- --preview]
 */
import { database } from "../../src/server/db/database.server.ts";
import { withLocalRecords } from "./local-database.ts";

const found = await withLocalRecords(process.argv.slice(2), async () => {
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
});
if (!found) console.log("No local database yet: nothing is held back.");
