/**
 * Prints the local outbox: every e-mail the site "sent" while RESEND_API_KEY was unset, kept in
 * the Netlify Blobs sandbox that `npm start` and `npm run preview` use (.netlify/blobs-serve).
 * Usage: npm run outbox [-- N]   (the N newest, default 10)
 */
import { existsSync } from "node:fs";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

const directory = ".netlify/blobs-serve";
const count = Number(process.argv[2] ?? 10);
if (!existsSync(directory)) {
  console.log("The outbox is empty: nothing has been sent from the local site yet.");
  process.exit(0);
}

type OutboxMail = { from: string; to: string[]; replyTo?: string; subject: string; text: string; at: string };

const token = "local-outbox-reader";
const server = new BlobsServer({ directory, token });
const { port } = await server.start();
const url = `http://127.0.0.1:${port}`;
try {
  // The local sandbox files everything under site id "0".
  const outbox = getStore({ name: "outbox", siteID: "0", token, edgeURL: url, uncachedEdgeURL: url });
  const { blobs } = await outbox.list();
  const newest = blobs
    .map((blob) => blob.key)
    .sort()
    .reverse()
    .slice(0, count);
  if (newest.length === 0) console.log("The outbox is empty.");
  for (const key of newest) {
    const mail = (await outbox.get(key, { type: "json" })) as OutboxMail;
    console.log(`${"=".repeat(72)}\n${mail.at}\nFrom: ${mail.from}\nTo: ${mail.to.join(", ")}`);
    if (mail.replyTo) console.log(`Reply-To: ${mail.replyTo}`);
    console.log(`Subject: ${mail.subject}\n\n${mail.text}`);
  }
  console.log(`${newest.length} of ${blobs.length} e-mails shown.`);
} finally {
  await server.stop();
}
