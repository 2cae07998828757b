/**
 * A correction to the signed-in member's directory entry, or a request to be added, as a JSON API
 * (the directory-entry page posts to its route's action: src/server/account/directory-entry-forms.server.ts).
 *   POST /api/account/directory-correction  body: JSON { fields: [...], details }
 *   → 200 { message, id } | 400 { error, fields } | 401 signed out | 503 { error } with Retry-After
 *   A form-urlencoded post is passed on to /account/directory-entry with 307. 403, 413, 415, 405.
 * Stored before success is reported, then mailed to the secretariat (retried until sent).
 * Env: SECRETARIAT_EMAIL and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { directoryCorrectionForm } from "../../src/server/account/directory-entry-forms.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(directoryCorrectionForm) });

export const config: Config = {
  path: "/api/account/directory-correction",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
