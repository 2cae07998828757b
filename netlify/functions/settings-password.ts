/**
 * The signed-in member's new password, as a JSON API (the settings page posts to its route's
 * action: src/server/account/settings-forms.server.ts).
 *   POST /api/account/password  body: JSON { currentPassword, password, confirmPassword }
 *   → 200 { message } and a new session cookie (every other session ends) | 400 { error, fields }
 *     | 401 not signed in | 429 { error } with Retry-After (too many wrong current passwords)
 *   A form-urlencoded post is passed on to /account/settings with 307. 403 cross-site, 413, 415, 405.
 * Env: URL and the mail settings (the member is told by e-mail).
 */
import type { Config } from "@netlify/functions";
import { changePasswordForm } from "../../src/server/account/settings-forms.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(changePasswordForm) });

export const config: Config = {
  path: "/api/account/password",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
