/**
 * Prints the local outbox: every e-mail the site "sent" while RESEND_API_KEY was unset, kept in
 * the Netlify Blobs sandbox that `npm start` and `npm run preview` use (.netlify/blobs-serve).
 * Usage: npm run outbox [-- N]   (the N newest, default 10)
 */
import { localEntries } from "./local-blobs.ts";

type OutboxMail = { from: string; to: string[]; replyTo?: string; subject: string; text: string; at: string };

const count = Number(process.argv[2] ?? 10);
const outbox = await localEntries<OutboxMail>("outbox");
const newest = [...outbox.keys()].sort().reverse().slice(0, count);
if (newest.length === 0) console.log("The outbox is empty: nothing has been sent from the local site yet.");
for (const key of newest) {
  const mail = outbox.get(key) as OutboxMail;
  console.log(`${"=".repeat(72)}\n${mail.at}\nFrom: ${mail.from}\nTo: ${mail.to.join(", ")}`);
  if (mail.replyTo) console.log(`Reply-To: ${mail.replyTo}`);
  console.log(`Subject: ${mail.subject}\n\n${mail.text}`);
}
if (newest.length > 0) console.log(`${newest.length} of ${outbox.size} e-mails shown.`);
