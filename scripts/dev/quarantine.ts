/**
 * Prints the submissions the spam guard held back in the local database (`npm start`'s, or with
 * `--preview` `npm run preview`'s), newest first, with the reason. Reads the running site's
 * database through its address (.netlify/database-*.url), else opens the folder itself.
 * On Netlify: the workspace's 'Held back' page, or `held_submissions WHERE action IS NULL`.
 * Usage: npm run quarantine [-- --preview]
 */
import { heldSubmissions } from "../../src/server/secretariat/held.server.ts";
import { withLocalRecords } from "./local-database.ts";

const found = await withLocalRecords(process.argv.slice(2), async () => {
  const held = await heldSubmissions();
  if (held.length === 0) console.log("Nothing is in quarantine.");
  for (const { kind, id, receivedAt, reason, data } of held) {
    console.log(`${"=".repeat(72)}\n${kind}/${id}\n${receivedAt}  ${kind}: ${reason}`);
    console.log(JSON.stringify(data, null, 2));
  }
});
if (!found) console.log("No local database yet: nothing is held back.");
