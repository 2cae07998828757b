import { randomBytes } from "node:crypto";
import { Resend } from "resend";
import type { IssueDraft } from "#shared/schemas/newsletter-issue.ts";
import { blobStore } from "../blob-store.server.ts";
import { setJsonIfNew } from "../blobs-conditional.server.ts";
import { readEnv } from "../env.server.ts";
import { inLine } from "../in-line.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { newsletterIssue } from "../mail/templates/newsletter-issue.server.tsx";
import { composeMail, renderTemplate } from "../mail/templates/template.server.tsx";
import {
  deliverPending,
  requestMailBudgetMs,
  storeSubmission,
  storeSubmissionAs,
  submissions,
} from "../submissions.server.ts";
import { newsletterLink, unsubscribeHeaders } from "./newsletter-mails.server.ts";
import { allSubscribers, subscriberKey } from "./subscribers.server.ts";

/**
 * A newsletter issue, from draft to sent. A send is claimed once (draft → sending, a conditional
 * write), so a second click or a second tab starts nothing; it then goes one of two ways:
 * - `outbox`: one copy per confirmed subscriber, each a stored submission under
 *   `newsletter/<issue>/<address hash>` (written only if new) with its own unsubscribe link and
 *   the idempotency key `newsletter/<issue>/<address hash>/copy`, then delivered as every mail is
 *   (the retry job sends what a request had no time for). Running the queueing again, after a
 *   crash or by the retry job, only adds the copies that are missing: nobody is mailed twice.
 * - `broadcast`: with RESEND_SEGMENT_ID, one Resend broadcast to the segment; its id is kept on
 *   the issue, and a resumed send looks at the broadcast's status before sending it.
 * Decision 0017.
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
  /** Outbox: copies queued so far. */
  queued?: number;
  broadcastId?: string;
  /** The site's address when the send was claimed: the unsubscribe links' origin, for the retry job too. */
  siteUrl?: string;
  lastError?: string;
};

export const newsletterStore = () => blobStore("newsletter");

const issueKey = (id: string) => `issues/${id}`;
/** Newest first when the keys are sorted: the time counted down, then a random tail. */
const FAR_FUTURE = 10 ** 13;

export async function createIssue(draft: IssueDraft, who: string, now = new Date()): Promise<Issue> {
  const id = `${String(FAR_FUTURE - now.getTime()).padStart(13, "0")}${randomBytes(5).toString("hex")}`;
  const issue: Issue = { ...draft, id, createdAt: now.toISOString(), createdBy: who, status: "draft" };
  await setJsonIfNew(newsletterStore(), issueKey(id), issue);
  return issue;
}

export async function getIssue(id: string): Promise<Issue | null> {
  return (await newsletterStore().get(issueKey(id), { type: "json" })) as Issue | null;
}

/** Every issue, newest first. */
export async function listIssues(): Promise<Issue[]> {
  const store = newsletterStore();
  const { blobs } = await store.list({ prefix: "issues/" });
  const keys = blobs.map((blob) => blob.key).sort();
  const issues = await Promise.all(
    keys.map((key) => store.get(key, { type: "json" }) as Promise<Issue | null>),
  );
  return issues.filter((issue): issue is Issue => issue !== null);
}

async function saveIssue(issue: Issue): Promise<void> {
  await newsletterStore().setJSON(issueKey(issue.id), issue);
}

/** The issue as one subscriber receives it: their own unsubscribe link, and the headers for it. */
export async function issueCopy(issue: Issue, email: string, siteUrl: string, secret: string): Promise<Mail> {
  const unsubscribeUrl = await newsletterLink("unsubscribe", email, siteUrl, secret);
  return composeMail(
    newsletterIssue,
    { subject: issue.subject, text: issue.text, attachmentUrl: issue.attachmentUrl, unsubscribeUrl },
    { to: [email], headers: unsubscribeHeaders(unsubscribeUrl) },
  );
}

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
  const { submission, duplicate } = await storeSubmission(
    "newsletter-test",
    { issue: issue.id, to, minute: now.toISOString().slice(0, 16) },
    { copy: { ...copy, subject: `[Test] ${copy.subject}` } },
    now,
  );
  if (!duplicate) await deliverPending(submission);
}

export type ClaimOutcome = { claimed: true; issue: Issue } | { claimed: false; issue: Issue };

/** The marker a send's claim writes, create-only: whoever writes it second has claimed nothing. */
const claimKey = (id: string) => `send-claims/${id}`;

/**
 * Draft → sending, once: of any number of presses at once (a double click, another tab), one claims
 * the send and the others are told it was already done. The claim is a create-only marker
 * (`onlyIfNew`: atomic on Netlify, across instances), taken in line within an instance (the local
 * Blobs server's create-only write checks and writes in two steps); only then is the issue marked
 * sending. A marker left without its issue marked (a crash between the two) is taken up by the
 * retry job (resumeSends).
 */
export function claimSend(
  id: string,
  who: string,
  siteUrl: string,
  now = new Date(),
): Promise<ClaimOutcome | null> {
  return inLine(`newsletter-send/${id}`, () => claimOnce(id, who, siteUrl, now));
}

async function claimOnce(id: string, who: string, siteUrl: string, now: Date): Promise<ClaimOutcome | null> {
  const store = newsletterStore();
  const issue = await getIssue(id);
  if (!issue) return null;
  if (issue.status !== "draft") return { claimed: false, issue };
  if (!(await setJsonIfNew(store, claimKey(id), { who, at: now.toISOString(), siteUrl })))
    return { claimed: false, issue: (await getIssue(id)) ?? issue };
  const via = readEnv().RESEND_API_KEY && readEnv().RESEND_SEGMENT_ID ? "broadcast" : "outbox";
  const sending: Issue = {
    ...issue,
    status: "sending",
    via,
    sendStartedAt: now.toISOString(),
    sentBy: who,
    siteUrl,
  };
  await saveIssue(sending);
  return { claimed: true, issue: sending };
}

/** Copies queued (and, time allowing, delivered) at once; small, so a batch never outlasts the budget. */
const BATCH = 10;

export type SendProgress = { issue: Issue; done: boolean };

/**
 * Goes on with a claimed send until `deadline` (ms since the epoch): queues each missing copy and
 * delivers the new ones while there is time (what is not sent is left to the retry job). Marks the
 * issue sent once every confirmed subscriber has a copy. Safe to run again at any point.
 */
export async function continueSend(
  issue: Issue,
  secret: string,
  deadline: number,
  clock: () => number = Date.now,
): Promise<SendProgress> {
  if (issue.status !== "sending") return { issue, done: issue.status === "sent" };
  if (issue.via === "broadcast") return continueBroadcast(issue, deadline, clock);
  const confirmed = (await allSubscribers()).filter((subscriber) => subscriber.status === "subscribed");
  let queued = 0;
  for (let start = 0; start < confirmed.length; start += BATCH) {
    if (clock() >= deadline) {
      const progress = { ...issue, queued: Math.max(issue.queued ?? 0, queued) };
      await saveIssue(progress);
      return { issue: progress, done: false };
    }
    const results = await Promise.all(
      confirmed.slice(start, start + BATCH).map(async ({ email }) => {
        const id = `${issue.id}/${subscriberKey(email)}`;
        // A copy queued by an earlier run is not made again (nor rendered: that is the slow part).
        if (await submissions().getMetadata(`newsletter/${id}`)) return;
        const copy = await issueCopy(issue, email, issue.siteUrl ?? "", secret);
        const { submission, duplicate } = await storeSubmissionAs(
          "newsletter",
          id,
          { issue: issue.id, email },
          { copy },
        );
        const left = deadline - clock();
        // Only the run that queued a copy sends it; a copy that has to wait is the retry job's.
        if (!duplicate && left > 0)
          await deliverPending(submission, Math.min(requestMailBudgetMs(), left), clock).catch(
            () => undefined,
          );
      }),
    );
    queued += results.length;
  }
  const sent: Issue = {
    ...issue,
    status: "sent",
    sentAt: new Date(clock()).toISOString(),
    queued: confirmed.length,
  };
  await saveIssue(sent);
  return { issue: sent, done: true };
}

async function continueBroadcast(issue: Issue, deadline: number, clock: () => number): Promise<SendProgress> {
  const env = readEnv();
  if (!env.RESEND_API_KEY || !env.RESEND_SEGMENT_ID) return { issue, done: false };
  const resend = new Resend(env.RESEND_API_KEY);
  const signal = AbortSignal.timeout(Math.max(1, Math.min(env.RESEND_TIMEOUT_MS, deadline - clock())));
  let current = issue;
  // What went wrong is kept on the issue (with the broadcast's id, once there is one) for the page.
  const failed = async (error: string): Promise<SendProgress> => {
    const waiting = { ...current, lastError: error };
    await saveIssue(waiting);
    return { issue: waiting, done: false };
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
      // Kept before sending: a resumed send finds this broadcast rather than making another.
      await saveIssue(current);
    }
    const id = current.broadcastId as string;
    const state = await resend.broadcasts.get(id, { signal });
    if (state.data?.status === "draft") {
      const sent = await resend.broadcasts.send(id, undefined, { signal });
      if (!sent.data) return failed(sent.error?.message ?? "the broadcast was not sent");
    } else if (!state.data) return failed(state.error?.message ?? "the broadcast could not be read");
    const done: Issue = {
      ...current,
      status: "sent",
      sentAt: new Date(clock()).toISOString(),
      lastError: undefined,
    };
    await saveIssue(done);
    return { issue: done, done: true };
  } catch (error) {
    return failed(String(error));
  }
}

/** A send a request began and did not finish within this long is the retry job's to go on with. */
export const RESUME_AFTER_MS = 60_000;

/**
 * A draft whose send was claimed (its marker written) but never marked sending, the request having
 * stopped between the two writes: marked now, as the claim said, so the send goes on.
 */
async function claimedDraft(issue: Issue): Promise<Issue> {
  const claim = (await newsletterStore().get(claimKey(issue.id), { type: "json" })) as {
    who: string;
    at: string;
    siteUrl: string;
  } | null;
  if (!claim) return issue;
  const via = readEnv().RESEND_API_KEY && readEnv().RESEND_SEGMENT_ID ? "broadcast" : "outbox";
  const sending: Issue = {
    ...issue,
    status: "sending",
    via,
    sendStartedAt: claim.at,
    sentBy: claim.who,
    siteUrl: claim.siteUrl,
  };
  await saveIssue(sending);
  return sending;
}

/** For the retry job: goes on with every send left unfinished (a crash, a request out of time). */
export async function resumeSends(
  /** Asked for only when there is a send to resume (a deploy without SIGNING_SECRET throws). */
  secret: () => string,
  deadline: number,
  clock: () => number = Date.now,
): Promise<{ resumed: number; finished: number }> {
  let resumed = 0;
  let finished = 0;
  for (const listed of await listIssues()) {
    if (clock() >= deadline) continue;
    const issue = listed.status === "draft" ? await claimedDraft(listed) : listed;
    if (issue.status !== "sending") continue;
    if (clock() - Date.parse(issue.sendStartedAt ?? issue.createdAt) < RESUME_AFTER_MS) continue;
    resumed++;
    if ((await continueSend(issue, secret(), deadline, clock)).done) finished++;
  }
  return { resumed, finished };
}

/** How far a send has come: copies queued, sent and still pending (outbox sends). */
export async function copiesOf(issueId: string): Promise<{ queued: number; sent: number; pending: number }> {
  const store = submissions();
  const { blobs } = await store.list({ prefix: `newsletter/${issueId}/` });
  const { blobs: waiting } = await store.list({ prefix: `pending/newsletter/${issueId}/` });
  return { queued: blobs.length, pending: waiting.length, sent: blobs.length - waiting.length };
}
