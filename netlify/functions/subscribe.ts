/**
 * The Subscribe box, step one of double opt-in, as a JSON API (the footer's box posts to the
 * newsletter page's action, which receives it the same way: src/server/newsletter/subscribe-form.server.ts).
 *   POST /api/subscribe  body: JSON { email } → 200 { message } | 400 { error, fields } | 503 { error }
 *   A form-urlencoded post is passed on to /newsletter with 307 (method and body kept).
 *   403 cross-site, 413, 415, 405 as /api/contact.
 * Env: RESEND_API_KEY, MAIL_FROM, RESEND_TIMEOUT_MS, SIGNING_SECRET, URL (the site's address for links).
 */
import type { Config } from "@netlify/functions";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { subscribeForm } from "../../src/server/newsletter/subscribe-form.server.ts";

export default endpoint({ POST: apiForm(subscribeForm) });

export const config: Config = {
  path: "/api/subscribe",
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
