/**
 * The e-mails the served site "sent": with RESEND_API_KEY unset, each goes to the `outbox` store
 * of the worker's own Blobs (tests/e2e/fixtures.ts), where the tests read them.
 */
import { expect, type Site } from "./fixtures.ts";

export type OutboxMail = {
  to: string[];
  subject: string;
  text: string;
  at: string;
  headers?: Record<string, string>;
};

/** Every mail in the outbox, newest first (keys begin with the time of sending). */
export async function outbox(site: Site): Promise<OutboxMail[]> {
  const store = site.store("outbox");
  const { blobs } = await store.list();
  const keys = blobs
    .map((blob) => blob.key)
    .sort()
    .reverse();
  const mails: OutboxMail[] = [];
  for (const key of keys) {
    // A write cut short (a function stopped mid-request) leaves an empty entry: skip it.
    const text = await store.get(key, { type: "text" });
    if (text) mails.push(JSON.parse(text) as OutboxMail);
  }
  return mails;
}

/** The newest mail to `address`, if any. */
export async function lastMailTo(site: Site, address: string): Promise<OutboxMail | undefined> {
  return (await outbox(site)).find((mail) => mail.to.includes(address));
}

/**
 * The newest mail to `address` whose subject matches (and whose text holds `text`, if given),
 * polled for up to ten seconds: a function may store its mail just after it has answered.
 */
export async function mailTo(site: Site, address: string, subject: RegExp, text = ""): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox(site)).find(
          (mail) => mail.to.includes(address) && subject.test(mail.subject) && mail.text.includes(text),
        );
        return found !== undefined;
      },
      {
        message: `a mail to ${address} matching ${subject}${text ? ` with "${text}"` : ""}`,
        timeout: 10_000,
      },
    )
    .toBe(true);
  return found as OutboxMail;
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
