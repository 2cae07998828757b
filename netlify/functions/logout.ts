/**
 * Member sign-out, as a JSON API (the Sign out buttons post to /logout, whose route receives it
 * the same way: src/server/account/logout-form.server.ts).
 *   POST /api/logout  body: JSON {} → 200 { signedIn: false }, the cookie cleared
 *   A form-urlencoded post is passed on to /logout with 307. 403 cross-site, 415, 405 (Allow: POST).
 * Env: none.
 */
import type { Config } from "@netlify/functions";
import { logoutForm } from "../../src/server/account/logout-form.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(logoutForm) });

export const config: Config = { path: "/api/logout" };
