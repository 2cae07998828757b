/**
 * What the spam guard held back (the page /secretariat/held), acted on by the secretariat.
 *   POST /api/secretariat/held/<kind>/<id>/release  'Not spam': delivered exactly as if it had
 *        passed (the form's own delivery, the day it came: the same e-mails and idempotency keys),
 *        then taken out of the quarantine → 200 { outcome } | form: 303 /secretariat/held?done=released
 *        | 409 a kind that cannot be delivered (an enrolment, held without its password)
 *   POST /api/secretariat/held/<kind>/<id>/delete  → 200 { outcome } | form: 303 …?done=deleted
 *   Either is done once however often it is pressed, at once or later: a press after the first is
 *   answered 200 { outcome: "release-already" | "delete-already" } | form: 303 …?done=… and changes
 *   nothing (one audit line). Both write the audit log. 401 no session, 403 not the secretariat, 404 unknown
 *   submission or action (nothing changes), 403 cross-site, 413, 415, 405 (Allow: POST).
 * Env: SECRETARIAT_ACCOUNTS, URL, SECRETARIAT_EMAIL and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { siteUrl } from "../../src/server/env.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { actionSpec, pathAfter, secretariatAction } from "../../src/server/secretariat/action.server.ts";
import { withFlash } from "../../src/server/secretariat/flash.server.ts";
import {
  deleteHeld,
  findHeld,
  heldActionDone,
  releaseHeld,
} from "../../src/server/secretariat/held.server.ts";
import { HELD_PATH } from "../../src/server/secretariat/held-page.server.ts";
import { pressSchema } from "../../src/shared/schemas/secretariat.ts";

async function find(url: URL) {
  const [kind = "", id = "", action = "", ...rest] = pathAfter(url, "/api/secretariat/held/");
  if (rest.length > 0 || (action !== "release" && action !== "delete")) return null;
  const record = await findHeld(kind, id);
  if (record) return { record, action, done: null };
  // Gone because a press released or deleted it: that press's outcome, not a 404.
  const done = await heldActionDone(kind, id);
  return done ? { record: null, action, done } : null;
}

export default endpoint({
  POST: secretariatAction(find, ({ record, action, done }, url) =>
    actionSpec({
      action: url.pathname,
      page: HELD_PATH,
      schema: pressSchema,
      maxBytes: 1024,
      unavailable:
        "Nothing was changed: we could not reach our records just now. Please try again in a minute.",
      async handle(_press, { session, request }) {
        const outcome = !record
          ? (done ?? "release-already")
          : action === "release"
            ? await releaseHeld(record, session.who, siteUrl(request))
            : await deleteHeld(record, session.who);
        if (outcome === "not-releasable")
          return {
            ok: false,
            status: 409,
            error: "This kind of submission cannot be delivered from here.",
            redirect: HELD_PATH,
          };
        return { ok: true, body: { outcome }, redirect: withFlash(HELD_PATH, outcome) };
      },
    }),
  ),
});

export const config: Config = { path: "/api/secretariat/held/*" };
