/**
 * 'Hide from other members' on /account/directory-entry.
 *   POST /api/account/directory-privacy  body: JSON or form-urlencoded { hide?: "email" | "mobile"
 *        | "address" (repeated, or a list) }: exactly the details to hide; none ticked hides none
 *   JSON → 200 { message, hidden } | 401 signed out | 404 no directory entry with the account's
 *          e-mail | 400 { error, fields } | 503 with Retry-After
 *   form → 303 to /account/directory-entry?status=saved | /login?next=… signed out | a refusal:
 *          the page again with the error
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * Stored in Blobs by member id (the sheet is untouched); GET /api/directory/:id honours it at once.
 * Env: those of GET /api/directory.
 */
import type { Config } from "@netlify/functions";
import { signInFirst } from "../../src/server/account/account-request.server.ts";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import {
  ownDirectoryEntry,
  saveOwnHiddenFields,
} from "../../src/server/directory/directory-privacy.server.ts";
import { formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { DIRECTORY_ENTRY_OUTCOMES, NO_DIRECTORY_ENTRY } from "../../src/shared/member-privacy.ts";
import { privacySchema } from "../../src/shared/schemas/own-data.ts";

const PAGE = "/account/directory-entry";

export default endpoint({
  POST: formPost({
    action: "/api/account/directory-privacy",
    page: PAGE,
    schema: privacySchema,
    maxBytes: 2048,
    unavailable: "Your choices were not saved: we could not reach our records just now. Please try again.",
    async handle({ hide }, { request }) {
      const account = await currentAccount(request);
      if (!account) return signInFirst(PAGE);
      const entry = await ownDirectoryEntry(account);
      if (!entry) return { ok: false, status: 404, error: NO_DIRECTORY_ENTRY };
      await saveOwnHiddenFields(account, entry, hide);
      return {
        ok: true,
        body: { message: DIRECTORY_ENTRY_OUTCOMES.saved, hidden: hide },
        redirect: `${PAGE}?status=saved`,
      };
    },
  }),
});

export const config: Config = {
  path: "/api/account/directory-privacy",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
