/**
 * The signed-in member's new e-mail address, as a JSON API (the settings page posts to its route's
 * action: src/server/account/settings-forms.server.ts): a link to confirm it goes to the new address.
 *   POST /api/account/email  body: JSON { email, emailPassword }
 *   → 200 { message } | 400 { error, fields } | 401 not signed in | 429 { error } with Retry-After
 *   A form-urlencoded post is passed on to /account/settings with 307. 403 cross-site, 413, 415, 405.
 * An address that already has an account gets the same answer (its owner is told by e-mail).
 * Env: URL, SIGNING_SECRET, the mail settings.
 */
import type { Config } from "@netlify/functions";
import { changeEmailForm } from "../../src/server/account/settings-forms.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(changeEmailForm) });

export const config: Config = {
  path: "/api/account/email",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
