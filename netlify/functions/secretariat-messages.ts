/**
 * 'Send again' for a stored submission whose e-mails did not all go out (the page /secretariat/messages).
 *   POST /api/secretariat/messages/<kind>/<id>/resend  → 200 { outcome } | form: 303
 *        /secretariat/messages?kind=<kind>&done=resent | resend-nothing | resend-pending.
 *        Through the stored-then-sent step with each mail's own idempotency key, so a mail Resend
 *        took already is not delivered twice; written to the audit log.
 *   401 no session, 403 not the secretariat, 404 unknown submission or action (nothing changes),
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * Env: SECRETARIAT_ACCOUNTS and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { actionSpec, pathAfter, secretariatAction } from "../../src/server/secretariat/action.server.ts";
import { withFlash } from "../../src/server/secretariat/flash.server.ts";
import { findSubmission, sendAgain } from "../../src/server/secretariat/messages.server.ts";
import { MESSAGES_PATH } from "../../src/server/secretariat/messages-page.server.ts";
import { pressSchema } from "../../src/shared/schemas/secretariat.ts";

async function find(url: URL) {
  const [kind = "", id = "", action = "", ...rest] = pathAfter(url, "/api/secretariat/messages/");
  if (rest.length > 0 || action !== "resend") return null;
  return findSubmission(kind, id);
}

export default endpoint({
  POST: secretariatAction(find, (record, url) => {
    const page = `${MESSAGES_PATH}?kind=${record.kind}`;
    return actionSpec({
      action: url.pathname,
      page,
      schema: pressSchema,
      maxBytes: 1024,
      unavailable: "Nothing was sent: we could not reach our records just now. Please try again in a minute.",
      async handle(_press, { session }) {
        const outcome = await sendAgain(record, session.who);
        return { ok: true, body: { outcome }, redirect: withFlash(page, outcome) };
      },
    });
  }),
});

export const config: Config = { path: "/api/secretariat/messages/*" };
