/**
 * Prints the submissions the spam guard set aside in the local Blobs sandbox, with the reason.
 * On Netlify: `npx netlify blobs:list submissions --prefix quarantine/` then `blobs:get`.
 * Usage: npm run quarantine
 */
import { localEntries } from "./local-blobs.ts";

type Quarantined = { receivedAt: string; kind: string; reason: string; data: unknown };

const records = await localEntries<Quarantined>("submissions", "quarantine/");
if (records.size === 0) console.log("Nothing is in quarantine.");
for (const [key, record] of records) {
  console.log(`${"=".repeat(72)}\n${key}\n${record.receivedAt}  ${record.kind}: ${record.reason}`);
  console.log(JSON.stringify(record.data, null, 2));
}
