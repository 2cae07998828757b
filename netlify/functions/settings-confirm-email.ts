/**
 * Confirming a new e-mail address with the link sent to it, as a JSON API (the page the link opens
 * posts to its route's action: src/server/account/settings-forms.server.ts).
 *   POST /api/account/confirm-email  body: JSON { token }
 *   → 200 { message } (and a new session cookie when signed in) | 400/410 { error } a link that is
 *     used, forged or expired (nothing changes)
 *   A form-urlencoded post is passed on to /account/confirm-email with 307. 403 cross-site, 413, 415, 405.
 * The account's directory entry (found by the old address, which the sheet keeps) stays the
 * account's with its hidden details, and the secretariat is mailed that the sheet's address is out
 * of date (when the directory has an entry for it).
 * Env: SIGNING_SECRET, the mail settings.
 */
import type { Config } from "@netlify/functions";
import { confirmEmailChangeForm } from "../../src/server/account/settings-forms.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(confirmEmailChangeForm) });

export const config: Config = {
  path: "/api/account/confirm-email",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
