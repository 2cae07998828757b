/**
 * A forgotten password, as a JSON API (the forgot-password page posts to its route's action:
 * src/server/account/forgot-password-form.server.ts).
 *   POST /api/forgot-password  body: JSON { email }
 *   → 200 { message } | 400 { error, fields } | 429 { error } with Retry-After
 *   A form-urlencoded post is passed on to /forgot-password with 307. 403 cross-site, 413, 415, 405.
 * The answer is the same whether or not the address has an account, after the same floor of time.
 * Env: SIGNING_SECRET, URL, and the mail settings (RESEND_API_KEY, MAIL_FROM).
 */
import type { Config } from "@netlify/functions";
import { forgotPasswordForm } from "../../src/server/account/forgot-password-form.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(forgotPasswordForm) });

export const config: Config = {
  path: "/api/forgot-password",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
