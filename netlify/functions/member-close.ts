/**
 * Closing the signed-in member's account, as a JSON API (the my-data page posts to its route's
 * action: src/server/account/close-account-form.server.ts).
 *   POST /api/account/close  body: JSON { password }
 *   → 200 { message } and the session cookie cleared | 400 { error, fields } (a wrong password) |
 *     401 signed out | 429 { error } with Retry-After
 *   A form-urlencoded post is passed on to /account/my-data with 307. 403 cross-site, 413, 415, 405.
 * Env: SECRETARIAT_EMAIL and the mail settings (the secretariat is told).
 */
import type { Config } from "@netlify/functions";
import { closeAccountForm } from "../../src/server/account/close-account-form.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(closeAccountForm) });

export const config: Config = {
  path: "/api/account/close",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
