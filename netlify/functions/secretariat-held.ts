/**
 * What the spam guard held back (the page /secretariat/held), acted on by the secretariat.
 *   POST /api/secretariat/held/<kind>/<id>/release  'Not spam': delivered exactly as if it had
 *        passed (the form's own delivery, the day it came: the same e-mails and idempotency keys),
 *        then taken out of the quarantine → 200 { outcome: "released" } | 409 a kind that cannot be
 *        delivered (an enrolment, held without its password)
 *   POST /api/secretariat/held/<kind>/<id>/delete  → 200 { outcome: "deleted" }
 *   Either is done once however often it is pressed, at once or later: a press after the first is
 *   answered 200 { outcome: "release-already" | "delete-already" } and changes nothing (one audit
 *   line). Both write the audit log. The same forms are the held page's action
 *   (/secretariat/held?do=<action>&kind=&id=, src/server/secretariat/held-form.server.ts), where a
 *   form-urlencoded post is passed on with 307. 401 no session, 403 not the secretariat, 404
 *   unknown submission or action (nothing changes), 403 cross-site, 413, 415, 405 (Allow: POST).
 * Env: SECRETARIAT_ACCOUNTS, URL, SECRETARIAT_EMAIL and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { findHeldTarget, heldForm } from "../../src/server/secretariat/held-form.server.ts";
import { pathAfter, workspaceApi } from "../../src/server/secretariat/workspace-forms.server.ts";

/** `<kind>/<id>/<action>` after the prefix: the held submission and what to do with it. */
async function find(url: URL) {
  const [kind = "", id = "", action, ...rest] = pathAfter(url, "/api/secretariat/held/");
  if (rest.length > 0 || !action) return null;
  const target = await findHeldTarget(kind, id);
  return target ? { target, action } : null;
}

export default endpoint({
  POST: workspaceApi(find, ({ target, action }, session) => heldForm(action, target, session)),
});

export const config: Config = { path: "/api/secretariat/held/*" };
