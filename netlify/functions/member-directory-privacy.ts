/**
 * The signed-in member's choice of contact details to hide from other members, as a JSON API (the
 * directory-entry page posts to its route's action: src/server/account/directory-entry-forms.server.ts).
 *   POST /api/account/directory-privacy  body: JSON { hide: ["email" | "mobile" | "address"] }
 *   → 200 { message, hidden } | 400 { error, fields } | 401 signed out | 404 { error } no entry
 *   A form-urlencoded post is passed on to /account/directory-entry with 307. 403, 413, 415, 405.
 * Env: those of GET /api/directory.
 */
import type { Config } from "@netlify/functions";
import { directoryPrivacyForm } from "../../src/server/account/directory-entry-forms.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(directoryPrivacyForm) });

export const config: Config = {
  path: "/api/account/directory-privacy",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
