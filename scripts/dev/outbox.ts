/**
 * Prints the local outbox: the newest e-mails the site queued while RESEND_API_KEY was unset
 * (kept as sent there, nothing leaves the machine), from `npm start`'s database, or with
 * `--preview` from `npm run preview`'s. Reads the running site's database through its address
 * (.netlify/database-*.url), else opens the folder itself.
 * Usage: npm run outbox [-- N] [-- --preview]   (the N newest, default 10)
 */
import { database } from "../../src/server/db/database.server.ts";
import { withLocalRecords } from "./local-database.ts";

const args = process.argv.slice(2);
const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 10);

const found = await withLocalRecords(args, async () => {
  const rows = await database()
    .selectFrom("outbox")
    .select(["key", "mail", "queued_at", "sent_at"])
    .orderBy("id", "desc")
    .limit(count)
    .execute();
  const { total } = await database()
    .selectFrom("outbox")
    .select((row) => row.fn.countAll<string>().as("total"))
    .executeTakeFirstOrThrow();
  if (rows.length === 0) console.log("The outbox is empty: nothing has been sent from the local site yet.");
  for (const { mail, queued_at, sent_at } of rows) {
    console.log(`${"=".repeat(72)}\n${queued_at.toISOString()}${sent_at ? "" : " (not sent yet)"}`);
    console.log(`To: ${mail.to.join(", ")}`);
    if (mail.replyTo) console.log(`Reply-To: ${mail.replyTo}`);
    console.log(`Subject: ${mail.subject}\n\n${mail.text}`);
  }
  if (rows.length > 0) console.log(`${rows.length} of ${total} e-mails shown.`);
});
if (!found) console.log("No local database yet: nothing has been sent from the local site.");
