/**
 * A secretariat address asks for its set-your-password link (first sign-in, or a forgotten
 * password), from /secretariat/sign-in.
 *   POST /api/secretariat/password-link  body: JSON or form-urlencoded { email }
 *   → 200 { message }, the same answer for every address (a form-urlencoded post is passed on to
 *     the page /secretariat/sign-in, whose action receives the same form). Only an address listed in SECRETARIAT_ACCOUNTS (or, off a deploy, the demo
 *     address) is mailed: a single-use `set-password` account link (account-links.server.ts), at
 *     most one every 10 minutes per address; its account is made, or given the role, on the way.
 *   400 { error, fields } malformed address, 403 cross-site, 413, 415, 405.
 * Env: SECRETARIAT_ACCOUNTS, SIGNING_SECRET, URL, and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { passwordLinkForm } from "../../src/server/secretariat/password-link-form.server.ts";

export default endpoint({ POST: apiForm(passwordLinkForm) });

export const config: Config = {
  path: "/api/secretariat/password-link",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
