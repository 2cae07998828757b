/**
 * 'My details' on /account/directory-entry, as a JSON API (the page posts to its route's action:
 * src/server/account/directory-entry-forms.server.ts): a signed-in member changes their own
 * position, institution, address and mobile number in the directory.
 *   POST /api/account/details  body: JSON { position?, institution?, address1?, address2?, city?,
 *        state?, mobile?, name? } (a field left out stays as it is; an empty one is cleared)
 *   → 200 { message, changed: [field…], entry, nameSent } | 400 { error, fields } | 401 signed out
 *     | 404 { error } no directory entry for the account | 503 { error } with Retry-After
 *   A form-urlencoded post is passed on to /account/directory-entry with 307. 403, 413, 415, 405.
 * The change is kept with its date in Blobs (`own-details/<member id>`; the sheet is untouched),
 * shown to signed-in members at once by GET /api/directory/:id (less what the member hides), listed
 * in the secretariat's GET /api/secretariat/export/changes.csv, and written in the audit log. A new
 * name is not applied: it is mailed to the secretariat, who confirm name changes.
 * Env: SECRETARIAT_EMAIL, the mail settings, and those of GET /api/directory.
 */
import type { Config } from "@netlify/functions";
import { ownDetailsForm } from "../../src/server/account/directory-entry-forms.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(ownDetailsForm) });

export const config: Config = {
  path: "/api/account/details",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
