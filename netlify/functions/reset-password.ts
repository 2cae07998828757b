/**
 * Choosing a new password with a single-use link, as a JSON API (the page the link opens posts to
 * its route's action: src/server/account/reset-password-form.server.ts).
 *   GET  /api/reset-password?token=… → 200 { usable: true } | { usable: false, reason, error }:
 *        whether the link still works; changes nothing (opening a link never spends it)
 *   POST /api/reset-password  body: JSON { token, password, confirmPassword }
 *        → 200 { message } and the session cookie cleared | 400 { error, fields } (the link is not
 *          spent) | 400/410 { error } a link that is used, forged or expired (nothing changes)
 *   A form-urlencoded post is passed on to /reset-password with 307. 403 cross-site, 413, 415,
 *   405 (Allow: GET, HEAD, POST).
 * Env: SIGNING_SECRET, URL, and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { checkAccountLink, passwordLinkPurpose } from "../../src/server/account/account-links.server.ts";
import { resetPasswordForm } from "../../src/server/account/reset-password-form.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { json, NO_STORE } from "../../src/server/http/responses.server.ts";
import { LINK_REFUSALS } from "../../src/shared/account-recovery.ts";

export default endpoint({
  GET: async (request) => {
    const token = new URL(request.url).searchParams.get("token");
    const check = await checkAccountLink(token, passwordLinkPurpose(token));
    const body = check.ok
      ? { usable: true }
      : { usable: false, reason: check.reason, error: LINK_REFUSALS[check.reason] };
    return json(body, 200, NO_STORE);
  },
  POST: apiForm(resetPasswordForm),
});

export const config: Config = {
  path: "/api/reset-password",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
