/**
 * The workspace's newsletter actions, for the signed-in secretariat only (401 visitor, 403 member,
 * checked first on the server), each a plain form that posts and comes back (decision 0017).
 *   POST /api/secretariat/newsletter/compose  { subject, text, attachmentUrl? }
 *        → 303 to the new issue's page | 200 { issue } | 400 the page again with the errors
 *   POST /api/secretariat/newsletter/test  { issue }  → a copy marked [Test] to the signed-in address
 *   POST /api/secretariat/newsletter/send  { issue }  → claims the send once (a second press starts
 *        nothing) and sends to every confirmed subscriber: a Resend broadcast to RESEND_SEGMENT_ID,
 *        or one stored copy per address through the outbox, as much as the request's few seconds
 *        allow, the rest by the retry job. 404 for an unknown issue.
 *   GET  /api/secretariat/newsletter/subscribers.csv  → the subscribers as CSV (a download)
 *   Every action is in the audit log. 403 cross-site, 413, 415, 405 as every form.
 * Env: RESEND_API_KEY, RESEND_SEGMENT_ID, MAIL_FROM, SIGNING_SECRET, URL, SECRETARIAT_ACCOUNTS.
 */
import type { Config, Context } from "@netlify/functions";
import { signingSecret, siteUrl } from "../../src/server/env.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson } from "../../src/server/http/responses.server.ts";
import {
  claimSend,
  continueSend,
  createIssue,
  getIssue,
  sendTest,
} from "../../src/server/newsletter/issues.server.ts";
import { subscribersCsv } from "../../src/server/newsletter/subscriber-csv.server.ts";
import { allSubscribers } from "../../src/server/newsletter/subscribers.server.ts";
import { recordAction } from "../../src/server/secretariat/audit.server.ts";
import { requireSecretariat, type SecretariatSession } from "../../src/server/secretariat/auth.server.ts";
import { FLASHES, type FlashCode, withFlash } from "../../src/server/secretariat/flash.server.ts";
import {
  issuePath,
  NEWSLETTER_API,
  NEWSLETTER_PATH,
} from "../../src/server/secretariat/newsletter-page.server.ts";
import { workspacePageHtml } from "../../src/server/secretariat/routes.server.ts";
import { issueActionSchema, issueSchema } from "../../src/shared/schemas/newsletter-issue.ts";

/** What a send may take of the request: the rest is the retry job's (a function has about 10 s). */
const SEND_REQUEST_BUDGET_MS = 5000;
const UNAVAILABLE =
  "Nothing was done: we could not reach our records just now. Please try again in a minute.";

const done = (page: string, code: FlashCode, body: Record<string, unknown> = {}): FormAnswer => ({
  ok: true,
  body: { message: FLASHES[code].text, ...body },
  redirect: withFlash(page, code),
});

const noIssue: FormAnswer = { ok: false, status: 404, error: "There is no newsletter issue with that id." };

const actions = (session: SecretariatSession) => ({
  [NEWSLETTER_API.compose]: formPost({
    action: NEWSLETTER_API.compose,
    page: NEWSLETTER_PATH,
    schema: issueSchema,
    maxBytes: 64 * 1024,
    unavailable: "The issue was not saved: we could not store it just now. Please try again in a minute.",
    renderPage: (request) => workspacePageHtml(request, NEWSLETTER_PATH),
    async handle(draft) {
      const issue = await createIssue(draft, session.who);
      await recordAction({
        who: session.who,
        action: "newsletter-compose",
        record: `newsletter/${issue.id}`,
        summary: `Wrote the issue “${issue.subject}”`,
      });
      return done(issuePath(issue.id), "issue-saved", { issue: issue.id });
    },
  }),
  [NEWSLETTER_API.test]: formPost({
    action: NEWSLETTER_API.test,
    page: NEWSLETTER_PATH,
    schema: issueActionSchema,
    maxBytes: 1024,
    unavailable: UNAVAILABLE,
    renderPage: (request) => workspacePageHtml(request, NEWSLETTER_PATH),
    async handle({ issue: id }, { request }) {
      const issue = await getIssue(id);
      if (!issue) return noIssue;
      await sendTest(issue, session.who, siteUrl(request), signingSecret());
      await recordAction({
        who: session.who,
        action: "newsletter-test",
        record: `newsletter/${issue.id}`,
        summary: `Sent a test of “${issue.subject}” to ${session.who}`,
      });
      return done(issuePath(issue.id), "test-sent");
    },
  }),
  [NEWSLETTER_API.send]: formPost({
    action: NEWSLETTER_API.send,
    page: NEWSLETTER_PATH,
    schema: issueActionSchema,
    maxBytes: 1024,
    unavailable: UNAVAILABLE,
    renderPage: (request) => workspacePageHtml(request, NEWSLETTER_PATH),
    async handle({ issue: id }, { request }) {
      const deadline = Date.now() + SEND_REQUEST_BUDGET_MS;
      const claim = await claimSend(id, session.who, siteUrl(request));
      if (!claim) return noIssue;
      if (!claim.claimed) return done(issuePath(id), "send-already", { status: claim.issue.status });
      await recordAction({
        who: session.who,
        action: "newsletter-send",
        record: `newsletter/${id}`,
        summary: `Began sending “${claim.issue.subject}” to every confirmed subscriber (${claim.issue.via})`,
      });
      // Claimed: from here a failure leaves the send to the retry job, never to a second press.
      const progress = await continueSend(claim.issue, signingSecret(), deadline).catch(() => null);
      return done(issuePath(id), progress?.done ? "send-done" : "send-going", {
        status: progress?.issue.status ?? "sending",
      });
    },
  }),
});

async function downloadCsv(session: SecretariatSession): Promise<Response> {
  const list = await allSubscribers();
  await recordAction({
    who: session.who,
    action: "newsletter-export",
    record: "newsletter/subscribers",
    summary: `Downloaded the subscribers' list (${list.length} addresses)`,
  });
  return new Response(subscribersCsv(list), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="isgpb-newsletter-subscribers.csv"',
      "Cache-Control": "no-store",
      Vary: "Cookie",
    },
  });
}

const pathOf = (request: Request) => new URL(request.url).pathname.replace(/\/+$/, "");

export default endpoint({
  async GET(request: Request) {
    const session = await requireSecretariat(request);
    if (session instanceof Response) return session;
    if (pathOf(request) !== NEWSLETTER_API.csv) return errorJson(404, "Not found");
    return downloadCsv(session);
  },
  async POST(request: Request, context: Context) {
    const session = await requireSecretariat(request);
    if (session instanceof Response) return session;
    const action = actions(session)[pathOf(request) as keyof ReturnType<typeof actions>];
    if (!action) return errorJson(404, "Not found");
    return action(request, context);
  },
});

// Literal paths: Netlify reads this config without running the module.
export const config: Config = {
  path: [
    "/api/secretariat/newsletter/compose",
    "/api/secretariat/newsletter/test",
    "/api/secretariat/newsletter/send",
    "/api/secretariat/newsletter/subscribers.csv",
  ],
};
