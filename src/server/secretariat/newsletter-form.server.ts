import { SEND_FIELDS, sendCountChanged } from "#shared/forms/secretariat-fields.ts";
import { issueActionSchema, issueSchema, sendIssueSchema } from "#shared/schemas/newsletter-issue.ts";
import { type FlashCode, withFlash } from "#shared/secretariat-flash.ts";
import { type IssueAction, isIssueAction, issueFormName, issuePath } from "#shared/secretariat-paths.ts";
import type { z } from "#shared/zod.ts";
import { signingSecret, siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { deliverDue } from "../mail/outbox.server.ts";
import {
  continueBroadcast,
  createIssue,
  finishDeliveredSends,
  getIssue,
  type Issue,
  sendTest,
  sendToSubscribers,
} from "../newsletter/issues.server.ts";
import type { SecretariatSession } from "./auth.server.ts";
import { confirmedCount } from "./issue-view.server.ts";
import { anyForm } from "./workspace-forms.server.ts";

/** What a send may take of the request: the rest is the scheduled sender's (a function has about 10 s). */
const SEND_REQUEST_BUDGET_MS = 5000;
const UNAVAILABLE =
  "Nothing was done: we could not reach our records just now. Please try again in a minute.";
export const NO_ISSUE = "There is no newsletter issue with that id.";

const done = (page: string, code: FlashCode): FormAnswer => ({ ok: true, redirect: withFlash(page, code) });

const noIssue: FormAnswer = { ok: false, status: 404, error: NO_ISSUE };

/**
 * 'Save and preview' (the newsletter page's action):
 * the issue is stored as a draft and the page moves on to its preview.
 */
export function composeForm(session: SecretariatSession): FormSpec<z.ZodType> {
  return anyForm({
    name: "issue-compose",
    schema: issueSchema,
    maxBytes: 64 * 1024,
    unavailable: "The issue was not saved: we could not store it just now. Please try again in a minute.",
    async handle(draft) {
      // Stored with its audit line.
      const issue = await createIssue(draft, session.who);
      return done(issuePath(issue.id), "issue-saved");
    },
  });
}

/**
 * 'Send a test to myself' and 'Send to every confirmed subscriber', for the issue the post names
 * (`{ issue }`), from the issue page's action (?do=test, ?do=send).
 */
export function issueForm(action: IssueAction | string | null, session: SecretariatSession) {
  if (!isIssueAction(action)) return null;
  return anyForm({
    name: issueFormName(action),
    schema: action === "send" ? sendIssueSchema : issueActionSchema,
    maxBytes: 1024,
    unavailable: UNAVAILABLE,
    handle: async ({ issue, confirm }: { issue: string; confirm?: unknown }, { request }) => {
      if (action === "test") return sendTestOf(issue, session, request);
      // Unconfirmed: asked to confirm beside the box, and nothing is claimed or sent.
      if (!confirm) return notConfirmed;
      // The box named a number of subscribers that is no longer the count: asked again.
      if (typeof confirm === "string" && /^\d+$/.test(confirm)) {
        const confirmed = await confirmedCount();
        if (Number(confirm) !== confirmed) return countChanged(confirmed);
      }
      return sendIssue(issue, session, request);
    },
  });
}

const countChanged = (confirmed: number): FormAnswer => ({
  ok: false,
  status: 409,
  error: "The issue was not sent: the number of subscribers has changed.",
  fields: { confirm: sendCountChanged(confirmed) },
});

const notConfirmed: FormAnswer = {
  ok: false,
  status: 400,
  error: "The issue was not sent: please confirm.",
  fields: { confirm: SEND_FIELDS.confirm.required },
};

async function sendTestOf(id: string, session: SecretariatSession, request: Request): Promise<FormAnswer> {
  const issue = await getIssue(id);
  if (!issue) return noIssue;
  // Queued with its audit line.
  await sendTest(issue, session.who, siteUrl(request), signingSecret());
  return done(issuePath(issue.id), "test-sent");
}

/**
 * Claims the send and queues every copy in one transaction (a second press starts nothing), then
 * delivers what the request's time allows: the outbox's sender in Resend batches, or the broadcast.
 * What is not sent then is the scheduled sender's; the press says which it was.
 */
async function sendIssue(id: string, session: SecretariatSession, request: Request): Promise<FormAnswer> {
  const deadline = Date.now() + SEND_REQUEST_BUDGET_MS;
  const outcome = await sendToSubscribers(id, session.who, siteUrl(request), signingSecret());
  if (!outcome) return noIssue;
  if (!outcome.claimed) return done(issuePath(id), "send-already");
  // Claimed and queued: from here a failure leaves the copies to the scheduled sender, never to a
  // second press.
  const finished = await deliverWithin(outcome.issue, deadline).catch(() => false);
  return done(issuePath(id), finished ? "send-done" : "send-going");
}

/** Delivers the send's copies (or its broadcast) until `deadline`; whether the issue is now sent. */
async function deliverWithin(issue: Issue, deadline: number): Promise<boolean> {
  if (issue.via === "broadcast") return (await continueBroadcast(issue, deadline)).done;
  await deliverDue({ budgetMs: Math.max(0, deadline - Date.now()) });
  return (await finishDeliveredSends(issue.id)).length > 0;
}
