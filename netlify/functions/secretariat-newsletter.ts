/**
 * The workspace's newsletter actions, for the signed-in secretariat only (401 visitor, 403 member,
 * checked first on the server). The same forms are the actions of the workspace's newsletter pages
 * (src/server/secretariat/newsletter-form.server.ts), where a form-urlencoded post is passed on.
 *   POST /api/secretariat/newsletter/compose  { subject, text, attachmentUrl? }
 *        → 200 { message, issue } | 400 { error, fields }
 *   POST /api/secretariat/newsletter/test  { issue }  → a copy marked [Test] to the signed-in address
 *   POST /api/secretariat/newsletter/send  { issue, confirm: "yes" | <the count the page named> }
 *        → without confirm, 400 { error, fields: { confirm } }; with a count that is no longer the
 *        number of confirmed subscribers, 409 likewise; nothing is sent either way. With it, claims
 *        the send once (a second press starts
 *        nothing) and sends to every confirmed subscriber: a Resend broadcast to RESEND_SEGMENT_ID,
 *        or one stored copy per address through the outbox, as much as the request's few seconds
 *        allow, the rest by the retry job. 404 for an unknown issue.
 *   GET  /api/secretariat/newsletter/subscribers.csv  → the subscribers as CSV (a download)
 *   Every action is in the audit log. 403 cross-site, 413, 415, 405 as every form: GET on an action
 *   or POST on the CSV is 405 with Allow.
 * Env: RESEND_API_KEY, RESEND_SEGMENT_ID, MAIL_FROM, SIGNING_SECRET, URL, SECRETARIAT_ACCOUNTS.
 */
import type { Config, Context } from "@netlify/functions";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint, type Method } from "../../src/server/http/endpoint.server.ts";
import { errorJson } from "../../src/server/http/responses.server.ts";
import { subscribersCsv } from "../../src/server/newsletter/subscriber-csv.server.ts";
import { allSubscribers } from "../../src/server/newsletter/subscribers.server.ts";
import { recordAction } from "../../src/server/secretariat/audit.server.ts";
import { requireSecretariat, type SecretariatSession } from "../../src/server/secretariat/auth.server.ts";
import { composeForm, issueForm } from "../../src/server/secretariat/newsletter-form.server.ts";
import { SUBSCRIBERS_CSV } from "../../src/shared/secretariat-paths.ts";

const PREFIX = "/api/secretariat/newsletter/";

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

/** The list is downloaded, the actions posted: a wrong method is 405 with `Allow`, not 404. */
const methodsAt = (url: URL): Method[] =>
  url.pathname.replace(/\/+$/, "") === SUBSCRIBERS_CSV ? ["GET"] : ["POST"];

export default endpoint(
  {
    async GET(request: Request) {
      const session = await requireSecretariat(request);
      if (session instanceof Response) return session;
      return downloadCsv(session);
    },
    async POST(request: Request, context: Context) {
      const session = await requireSecretariat(request);
      if (session instanceof Response) return session;
      const action = pathOf(request).slice(PREFIX.length);
      const spec = action === "compose" ? composeForm(session) : issueForm(action, session);
      if (!spec) return errorJson(404, "Not found");
      return apiForm(spec)(request, context);
    },
  },
  { methodsAt },
);

// Literal paths: Netlify reads this config without running the module.
export const config: Config = {
  path: [
    "/api/secretariat/newsletter/compose",
    "/api/secretariat/newsletter/test",
    "/api/secretariat/newsletter/send",
    "/api/secretariat/newsletter/subscribers.csv",
  ],
};
