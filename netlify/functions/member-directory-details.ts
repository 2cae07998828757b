/**
 * 'My details' on /account/directory-entry: a signed-in member changes their own position,
 * institution, address and mobile number in the directory.
 *   POST /api/account/details  body: JSON or form-urlencoded { position?, institution?, address1?,
 *        address2?, city?, state?, mobile?, name? } (a field left out stays as it is; an empty one
 *        is cleared)
 *   JSON → 200 { message, changed: [field…], entry, nameSent } | 401 signed out | 404 no directory
 *          entry for the account | 400 { error, fields } | 503 with Retry-After
 *   form → 303 to /account/directory-entry?status=details-saved | /login?next=… | a refusal: the
 *          page again, filled in as typed, the error beside the field
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * The change is kept with its date in Blobs (`own-details/<member id>`; the sheet is untouched),
 * shown to signed-in members at once by GET /api/directory/:id (less what the member hides), listed
 * in the secretariat's GET /api/secretariat/export/changes.csv, and written in the audit log. A new
 * name is not applied: it is mailed to the secretariat, who confirm name changes.
 * Env: SECRETARIAT_EMAIL, the mail settings, and those of GET /api/directory.
 */
import type { Config } from "@netlify/functions";
import { signInFirst } from "../../src/server/account/account-request.server.ts";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { ownDirectoryEntry } from "../../src/server/directory/directory-privacy.server.ts";
import { saveOwnDetailsAndTell } from "../../src/server/directory/own-details-action.server.ts";
import { formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { NO_DIRECTORY_ENTRY } from "../../src/shared/member-privacy.ts";
import { ownDetailsSchema } from "../../src/shared/schemas/own-data.ts";

const PAGE = "/account/directory-entry";

export default endpoint({
  POST: formPost({
    action: "/api/account/details",
    page: PAGE,
    schema: ownDetailsSchema,
    maxBytes: 8 * 1024,
    unavailable: "Your details were not saved: we could not reach our records just now. Please try again.",
    async handle(sent, { request }) {
      const account = await currentAccount(request);
      if (!account) return signInFirst(PAGE);
      const entry = await ownDirectoryEntry(account);
      if (!entry) return { ok: false, status: 404, error: NO_DIRECTORY_ENTRY };
      const saved = await saveOwnDetailsAndTell(account, entry, sent);
      return {
        ok: true,
        body: {
          message: saved.message,
          changed: saved.changed,
          entry: saved.entry,
          nameSent: saved.nameSent,
        },
        redirect: `${PAGE}?status=details-saved`,
      };
    },
  }),
});

export const config: Config = {
  path: "/api/account/details",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
