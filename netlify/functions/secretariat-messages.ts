/**
 * 'Send again' for a stored submission whose e-mails did not all go out (the page /secretariat/messages).
 *   POST /api/secretariat/messages/<kind>/<id>/resend  → 200 { outcome: resent | resend-nothing |
 *        resend-pending }. Through the stored-then-sent step with each mail's own idempotency key,
 *        so a mail Resend took already is not delivered twice; written to the audit log. The same
 *        form is the messages page's action (/secretariat/messages?kind=&do=resend&id=,
 *        src/server/secretariat/resend-form.server.ts), where a form-urlencoded post is passed on.
 *   401 no session, 403 not the secretariat, 404 unknown submission or action (nothing changes),
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * Env: SECRETARIAT_ACCOUNTS and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { findSubmission } from "../../src/server/secretariat/messages.server.ts";
import { resendForm } from "../../src/server/secretariat/resend-form.server.ts";
import { pathAfter, workspaceApi } from "../../src/server/secretariat/workspace-forms.server.ts";

/** `<kind>/<id>/resend` after the prefix: the stored submission. */
async function find(url: URL) {
  const [kind = "", id = "", action = "", ...rest] = pathAfter(url, "/api/secretariat/messages/");
  if (rest.length > 0 || action !== "resend") return null;
  return findSubmission(kind, id);
}

export default endpoint({
  POST: workspaceApi(find, (record, session) => resendForm(record, session)),
});

export const config: Config = { path: "/api/secretariat/messages/*" };
