import { randomBytes } from "node:crypto";
import { type Selectable, sql } from "kysely";
import { Resend } from "resend";
import type { IssueDraft } from "#shared/schemas/newsletter-issue.ts";
import { type Db, database, inTransaction, type Tx } from "../db/database.server.ts";
import type { NewsletterIssuesTable } from "../db/schema.server.ts";
import { readEnv } from "../env.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { newsletterIssue } from "../mail/templates/newsletter-issue.server.tsx";
import { composeMail, renderTemplate } from "../mail/templates/template.server.tsx";
import { recordAction } from "../secretariat/audit.server.ts";
import { deliverPending, storeSubmission } from "../submissions.server.ts";
import { newsletterLink, unsubscribeHeaders } from "./newsletter-mails.server.ts";
import { subscriberKey } from "./subscribers.server.ts";

/**
 * A newsletter issue, from draft to sent (decisions 0017, 0050). A send is claimed by one
 * conditional UPDATE (draft → sending), in the transaction that then does the rest, so of any
 * number of presses at once one sends and the others find the issue already sending. It goes one
 * of two ways:
 * - `outbox`: the same transaction queues one copy per confirmed subscriber (an outbox row each,
 *   with its own unsubscribe link and the idempotency key `newsletter/<issue>/<address hash>/copy`,
 *   and a `newsletter_copies` row, one per issue and subscriber by its primary key) and writes the
 *   audit line. The outbox's sender delivers them in Resend batches; the issue is marked sent once
 *   every copy has gone (`finishDeliveredSends`).
 * - `broadcast`: with RESEND_SEGMENT_ID, one Resend broadcast to the segment; its id is kept on
 *   the issue, and a send taken up again looks at the broadcast's status before sending it.
 */
export type Issue = IssueDraft & {
  id: string;
  createdAt: string;
  createdBy: string;
  status: "draft" | "sending" | "sent";
  via?: "outbox" | "broadcast";
  sendStartedAt?: string;
  sentBy?: string;
  sentAt?: string;
  broadcastId?: string;
  /** The site's address when the send was claimed: the unsubscribe links' origin. */
  siteUrl?: string;
  lastError?: string;
};

type IssueRow = Selectable<NewsletterIssuesTable>;

function issueOf(row: IssueRow): Issue {
  const issue: Issue = {
    id: row.id,
    subject: row.subject,
    text: row.text,
    attachmentUrl: row.attachment_url,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    status: row.status,
  };
  if (row.via) issue.via = row.via;
  if (row.send_started_at) issue.sendStartedAt = row.send_started_at.toISOString();
  if (row.sent_by) issue.sentBy = row.sent_by;
  if (row.sent_at) issue.sentAt = row.sent_at.toISOString();
  if (row.broadcast_id) issue.broadcastId = row.broadcast_id;
  if (row.site_url) issue.siteUrl = row.site_url;
  if (row.last_error) issue.lastError = row.last_error;
  return issue;
}

/** An issue's id: the time counted down, then a random tail (the ids the Blobs keys had). */
const FAR_FUTURE = 10 ** 13;

/** A new draft and its audit line, in one transaction. */
export async function createIssue(draft: IssueDraft, who: string, now = new Date()): Promise<Issue> {
  const id = `${String(FAR_FUTURE - now.getTime()).padStart(13, "0")}${randomBytes(5).toString("hex")}`;
  return inTransaction(async (tx) => {
    const row = await tx
      .insertInto("newsletter_issues")
      .values({
        id,
        subject: draft.subject,
        text: draft.text,
        attachment_url: draft.attachmentUrl,
        created_at: now,
        created_by: who,
        status: "draft",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const issue = issueOf(row);
    await recordAction(
      {
        who,
        action: "newsletter-compose",
        record: `newsletter/${id}`,
        summary: `Wrote the issue “${issue.subject}”`,
      },
      now,
      tx,
    );
    return issue;
  });
}

export async function getIssue(id: string, db: Db = database()): Promise<Issue | null> {
  const row = await db.selectFrom("newsletter_issues").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? issueOf(row) : null;
}

/** Every issue, newest first. */
export async function listIssues(db: Db = database()): Promise<Issue[]> {
  const rows = await db
    .selectFrom("newsletter_issues")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(issueOf);
}

/** The issue as one subscriber receives it: their own unsubscribe link, and the headers for it. */
export async function issueCopy(
  issue: Issue,
  email: string,
  siteUrl: string,
  secret: string,
  now = new Date(),
): Promise<Mail> {
  const unsubscribeUrl = await newsletterLink("unsubscribe", email, siteUrl, secret, now);
  return copyWithLink(issue, [email], unsubscribeUrl);
}

const copyWithLink = (issue: Issue, to: string[], unsubscribeUrl: string) =>
  composeMail(
    newsletterIssue,
    { subject: issue.subject, text: issue.text, attachmentUrl: issue.attachmentUrl, unsubscribeUrl },
    { to, headers: unsubscribeHeaders(unsubscribeUrl) },
  );

/**
 * 'Send a test to myself': one copy to the secretariat's own address, subject marked, through the
 * outbox like any mail. Two presses in the same minute are one test.
 */
export async function sendTest(
  issue: Issue,
  to: string,
  siteUrl: string,
  secret: string,
  now = new Date(),
): Promise<void> {
  const copy = await issueCopy(issue, to, siteUrl, secret);
  // The test's mail queued and the press's audit line, in one transaction.
  const { submission, duplicate } = await inTransaction(async (tx) => {
    const stored = await storeSubmission(
      "newsletter-test",
      { issue: issue.id, to, minute: now.toISOString().slice(0, 16) },
      { copy: { ...copy, subject: `[Test] ${copy.subject}` } },
      now,
      tx,
    );
    await recordAction(
      {
        who: to,
        action: "newsletter-test",
        record: `newsletter/${issue.id}`,
        summary: `Sent a test of “${issue.subject}” to ${to}`,
      },
      now,
      tx,
    );
    return stored;
  });
  if (!duplicate) await deliverPending(submission);
}

/**
 * The copy every subscriber gets, rendered once, with a stand-in where each copy's own
 * unsubscribe link goes: the database puts each link in its place (`queueCopies`), so a send to
 * thousands renders React once and sends the server one mail, not thousands. The stand-in has the
 * real link's shape (an address on the site, a token of base64url characters), so the template
 * renders it exactly as it renders the real one (a test compares the two).
 */
async function copyTemplate(issue: Issue, siteUrl: string): Promise<{ mail: Mail; standIn: string }> {
  const standIn = new URL("/newsletter/unsubscribe", siteUrl);
  standIn.searchParams.set("token", `each-copy-${randomBytes(12).toString("hex")}`);
  const mail = await copyWithLink(issue, [], standIn.href);
  return { mail, standIn: standIn.href };
}

/** The audit line's words for a send, as the log has always said them. */
const sendSummary = (issue: Issue) =>
  `Began sending “${issue.subject}” to every confirmed subscriber (${issue.via})`;

export type SendOutcome = { claimed: true; issue: Issue; copies: number } | { claimed: false; issue: Issue };

/**
 * 'Send to every confirmed subscriber', once: one transaction claims the send (draft → sending, a
 * conditional UPDATE: a second press waits for the first's row lock, then finds the issue no
 * longer a draft), queues a copy for every confirmed subscriber (outbox sends) and writes the
 * audit line. All of it is kept, or, if anything fails, none of it: the issue stays a draft and
 * may be sent again. Null when there is no such issue.
 */
export async function sendToSubscribers(
  id: string,
  who: string,
  siteUrl: string,
  secret: string,
  now = new Date(),
): Promise<SendOutcome | null> {
  const draft = await getIssue(id);
  if (!draft) return null;
  if (draft.status !== "draft") return { claimed: false, issue: draft };
  const env = readEnv();
  const via = env.RESEND_API_KEY && env.RESEND_SEGMENT_ID ? "broadcast" : "outbox";
  // Issues are never edited, so the copy rendered from the draft read above is the issue's.
  const template = via === "outbox" ? await copyTemplate(draft, siteUrl) : null;
  return inTransaction(async (tx): Promise<SendOutcome | null> => {
    const claimed = await tx
      .updateTable("newsletter_issues")
      .set({ status: "sending", via, send_started_at: now, sent_by: who, site_url: siteUrl })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returningAll()
      .executeTakeFirst();
    if (!claimed) {
      const current = await getIssue(id, tx);
      return current && { claimed: false, issue: current };
    }
    const issue = issueOf(claimed);
    const copies = template ? await queueCopies(tx, issue, template, secret, now) : 0;
    await recordAction(
      { who, action: "newsletter-send", record: `newsletter/${id}`, summary: sendSummary(issue) },
      now,
      tx,
    );
    return { claimed: true, issue, copies };
  });
}

/**
 * Copies queued by one statement: each statement stays well inside the database's time limit
 * (DATABASE_TIMEOUT_MS) whatever the list's length; the transaction holds them all.
 */
const COPIES_PER_STATEMENT = 500;

/**
 * Queues the issue's copy for every confirmed subscriber, in the send's transaction: one outbox row
 * each (the template with the subscriber's own link and address) and its newsletter_copies row,
 * by INSERT … SELECT, a few hundred subscribers a statement. Answers how many were queued.
 */
async function queueCopies(
  tx: Tx,
  issue: Issue,
  template: { mail: Mail; standIn: string },
  secret: string,
  now: Date,
): Promise<number> {
  const confirmed = await tx
    .selectFrom("subscribers")
    .select(["id", "email"])
    .where("status", "=", "subscribed")
    .orderBy("id")
    .execute();
  const mail = JSON.stringify(template.mail);
  let queued = 0;
  for (let start = 0; start < confirmed.length; start += COPIES_PER_STATEMENT) {
    const part = confirmed.slice(start, start + COPIES_PER_STATEMENT);
    const links = await Promise.all(
      part.map(({ email }) => newsletterLink("unsubscribe", email, issue.siteUrl ?? "", secret, now)),
    );
    // The stand-in is a URL of plain characters, written as it is in the mail's JSON and HTML
    // alike, so replacing it in the JSON's text puts the real link in the text, HTML and header.
    const result = await sql<{ queued: string }>`
      WITH each_copy AS (
        SELECT c.subscriber_id, c.link, c.key, s.email
        FROM unnest(${part.map((subscriber) => subscriber.id)}::bigint[], ${links}::text[],
          ${part.map(({ email }) => `newsletter/${issue.id}/${subscriberKey(email)}/copy`)}::text[])
          AS c (subscriber_id, link, key)
        JOIN subscribers s ON s.id = c.subscriber_id AND s.status = 'subscribed'
      ), queued AS (
        INSERT INTO outbox (key, name, mail, queued_at)
        SELECT key, 'copy',
          jsonb_set(replace(${mail}::text, ${template.standIn}::text, link)::jsonb,
            '{to}', jsonb_build_array(email)),
          ${now}::timestamptz
        FROM each_copy
        ORDER BY subscriber_id
        RETURNING id, key
      ), copied AS (
        INSERT INTO newsletter_copies (issue_id, subscriber_id, outbox_id, queued_at)
        SELECT ${issue.id}::text, each_copy.subscriber_id, queued.id, ${now}::timestamptz
        FROM queued JOIN each_copy ON each_copy.key = queued.key
        RETURNING 1
      )
      SELECT count(*) AS queued FROM copied
    `.execute(tx);
    queued += Number(result.rows[0]?.queued ?? 0);
  }
  return queued;
}

/**
 * Marks sent every outbox send whose copies have all been delivered (at the last one's time): the
 * request that began it and the scheduled sender ask, after they have delivered. One UPDATE;
 * answers the ids of the issues it marked.
 */
export async function finishDeliveredSends(only?: string, db: Db = database()): Promise<string[]> {
  const rows = await db
    .updateTable("newsletter_issues as issue")
    .set({
      status: "sent",
      sent_at: sql<Date>`coalesce((
        SELECT max(o.sent_at) FROM newsletter_copies c JOIN outbox o ON o.id = c.outbox_id
        WHERE c.issue_id = issue.id), now())`,
    })
    .where("issue.status", "=", "sending")
    .where("issue.via", "=", "outbox")
    .$if(only !== undefined, (query) => query.where("issue.id", "=", only as string))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("newsletter_copies as c")
            .innerJoin("outbox as o", "o.id", "c.outbox_id")
            .select("c.outbox_id")
            .whereRef("c.issue_id", "=", "issue.id")
            .where("o.sent_at", "is", null),
        ),
      ),
    )
    .returning("issue.id")
    .execute();
  return rows.map((row) => row.id);
}

export type SendProgress = { issue: Issue; done: boolean };

/**
 * Goes on with a broadcast send until `deadline` (ms since the epoch): creates the broadcast once
 * (its id kept on the issue before it is sent), sends it while Resend still holds it as a draft,
 * and marks the issue sent. What went wrong is kept on the issue, for the page and the next try.
 */
export async function continueBroadcast(
  issue: Issue,
  deadline: number,
  clock: () => number = Date.now,
): Promise<SendProgress> {
  if (issue.status !== "sending" || issue.via !== "broadcast")
    return { issue, done: issue.status === "sent" };
  const env = readEnv();
  if (!env.RESEND_API_KEY || !env.RESEND_SEGMENT_ID) return { issue, done: false };
  const resend = new Resend(env.RESEND_API_KEY);
  const signal = AbortSignal.timeout(Math.max(1, Math.min(env.RESEND_TIMEOUT_MS, deadline - clock())));
  const db = database();
  let current = issue;
  const failed = async (error: string): Promise<SendProgress> => {
    await db
      .updateTable("newsletter_issues")
      .set({ last_error: error.slice(0, 2000) })
      .where("id", "=", issue.id)
      .execute();
    return { issue: { ...current, lastError: error }, done: false };
  };
  try {
    if (!current.broadcastId) {
      // Resend puts each contact's own unsubscribe address where this placeholder stands.
      const rendered = await renderTemplate(newsletterIssue, {
        subject: issue.subject,
        text: issue.text,
        attachmentUrl: issue.attachmentUrl,
        unsubscribeUrl: "{{{RESEND_UNSUBSCRIBE_URL}}}",
      });
      const created = await resend.broadcasts.create(
        {
          segmentId: env.RESEND_SEGMENT_ID,
          from: env.MAIL_FROM,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          name: `ISGPB news ${issue.id}`,
        },
        { signal },
      );
      if (!created.data) return failed(created.error?.message ?? "the broadcast was not created");
      current = { ...current, broadcastId: created.data.id };
      // Kept before sending: a send taken up again finds this broadcast rather than making another.
      await db
        .updateTable("newsletter_issues")
        .set({ broadcast_id: created.data.id })
        .where("id", "=", issue.id)
        .execute();
    }
    const id = current.broadcastId as string;
    const state = await resend.broadcasts.get(id, { signal });
    if (state.data?.status === "draft") {
      const sent = await resend.broadcasts.send(id, undefined, { signal });
      if (!sent.data) return failed(sent.error?.message ?? "the broadcast was not sent");
    } else if (!state.data) return failed(state.error?.message ?? "the broadcast could not be read");
    const done = await db
      .updateTable("newsletter_issues")
      .set({ status: "sent", sent_at: new Date(clock()), last_error: null })
      .where("id", "=", issue.id)
      .where("status", "=", "sending")
      .returningAll()
      .executeTakeFirst();
    return { issue: done ? issueOf(done) : current, done: true };
  } catch (error) {
    return failed(String(error));
  }
}

/** A broadcast a request began and did not finish within this long is the scheduled job's. */
export const RESUME_AFTER_MS = 60_000;

/**
 * For the scheduled job, after the outbox's sender has run: marks sent the outbox sends whose
 * copies have all gone, and goes on with every broadcast left unsent (Resend failed or the request
 * ran out of time) once it is a minute old, so it does not race the request that began it.
 */
export async function finishSends(
  deadline: number,
  clock: () => number = Date.now,
): Promise<{ finished: number; broadcasts: number }> {
  const finished = (await finishDeliveredSends()).length;
  const waiting = await database()
    .selectFrom("newsletter_issues")
    .selectAll()
    .where("status", "=", "sending")
    .where("via", "=", "broadcast")
    .where("send_started_at", "<", new Date(clock() - RESUME_AFTER_MS))
    .orderBy("send_started_at")
    .execute();
  let broadcasts = 0;
  for (const row of waiting) {
    if (clock() >= deadline) break;
    if ((await continueBroadcast(issueOf(row), deadline, clock)).done) broadcasts++;
  }
  return { finished, broadcasts };
}

/** How far an outbox send has come: copies queued, sent and still waiting. */
export async function copiesOf(
  issueId: string,
  db: Db = database(),
): Promise<{ queued: number; sent: number; pending: number }> {
  const row = await db
    .selectFrom("newsletter_copies as c")
    .innerJoin("outbox as o", "o.id", "c.outbox_id")
    .select((eb) => [eb.fn.countAll<string>().as("queued"), eb.fn.count<string>("o.sent_at").as("sent")])
    .where("c.issue_id", "=", issueId)
    .executeTakeFirstOrThrow();
  const queued = Number(row.queued);
  const sent = Number(row.sent);
  return { queued, sent, pending: queued - sent };
}
