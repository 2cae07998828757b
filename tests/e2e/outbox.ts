import { localKeys, readLocalBlobs } from "../../scripts/dev/local-blobs.ts";

export type OutboxMail = { to: string[]; subject: string; text: string; at: string };

/** The newest e-mail the served site put in its local outbox for `address` (RESEND_API_KEY is unset). */
export async function lastMailTo(address: string): Promise<OutboxMail | undefined> {
  // Keys begin with the time of sending, so the newest come first in reverse order.
  const keys = (await localKeys("outbox")).sort().reverse();
  return readLocalBlobs(async (storeOf) => {
    for (const key of keys) {
      const text = await storeOf("outbox").get(key, { type: "text" });
      const mail = text ? (JSON.parse(text) as OutboxMail) : null;
      if (mail?.to.includes(address)) return mail;
    }
    return undefined;
  }).then((mail) => mail ?? undefined);
}

/** The first link in a mail's text that starts with `prefix` (a path on the site), as path and search. */
export function linkIn(mail: OutboxMail | undefined, prefix: string): string {
  const url = /https?:\/\/\S+/g;
  for (const [href] of mail?.text.matchAll(url) ?? []) {
    const link = new URL(href);
    if (link.pathname.startsWith(prefix)) return link.pathname + link.search;
  }
  throw new Error(`no ${prefix} link in ${mail?.subject ?? "a missing e-mail"}`);
}
