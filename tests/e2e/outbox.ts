/**
 * The e-mails the served site "sent": with RESEND_API_KEY unset, each is a row of the outbox in
 * the worker's own database (tests/e2e/fixtures.ts), kept as sent; the site runs in this process,
 * so `database()` reads that very database.
 */
import { database } from "../../src/server/db/database.server.ts";
import { expect, type Site } from "./fixtures.ts";

export type OutboxMail = {
  to: string[];
  subject: string;
  text: string;
  at: string;
  headers?: Record<string, string>;
};

/** Every mail in the outbox, newest first. `site` names the worker's site, whose database it is. */
export async function outbox(_site: Site): Promise<OutboxMail[]> {
  const rows = await database()
    .selectFrom("outbox")
    .select(["mail", "queued_at"])
    .orderBy("id", "desc")
    .execute();
  return rows.map(({ mail, queued_at }) => ({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    at: queued_at.toISOString(),
    ...(mail.headers && { headers: mail.headers }),
  }));
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
