/**
 * Member sign-in, as a JSON API (the login page posts to its route's action, which receives it the
 * same way: src/server/account/login-form.server.ts).
 *   POST /api/login  body: JSON { email, password, next? }
 *   → 200 { name, home } and the session cookie (home: `next` if given, a path on this site, else
 *     /secretariat for the secretariat role, else the account page) | 401 { error } | 429 { error }
 *     with Retry-After | 403 { error } the right password, but the address is not confirmed yet
 *   A form-urlencoded post is passed on to /login with 307. 400, 403 cross-site, 413, 415, 405.
 * Every answer is Cache-Control: no-store. Env: none.
 */
import type { Config } from "@netlify/functions";
import { loginForm } from "../../src/server/account/login-form.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(loginForm) });

export const config: Config = {
  path: "/api/login",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
