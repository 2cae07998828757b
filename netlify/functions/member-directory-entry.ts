/**
 * The signed-in member's own directory entry, for /account/directory-entry.
 *   GET /api/account/directory-entry → 200 { entry: { id, name, …, email, mobile } | null,
 *       hidden: ["email" | "mobile" | "address"] } (the record whose e-mail is the account's,
 *       ignoring case, or the one it had before a confirmed change; with the member's own changes
 *       to their details, as other members see it) | 401 { error } signed out (a browser opening it is sent to sign in)
 * Always Cache-Control: private, no-store and Vary: Cookie. 503 as GET /api/directory when the
 * directory cannot be had. Env: those of GET /api/directory.
 * (Named member-… to sort after api-not-found: see member-status.ts.)
 */
import type { Config } from "@netlify/functions";
import { wantsPage } from "../../src/server/account/account-request.server.ts";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { hiddenFields, ownDirectoryEntry } from "../../src/server/directory/directory-privacy.server.ts";
import { unavailable } from "../../src/server/directory/directory-service.server.ts";
import { entryWithOwnDetails } from "../../src/server/directory/own-details.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json, seeOther } from "../../src/server/http/responses.server.ts";
import type { DirectoryEntryAnswer } from "../../src/shared/api/own-data.ts";
import { NOT_SIGNED_IN } from "../../src/shared/member-privacy.ts";
import { loginReturningTo } from "../../src/shared/return-path.ts";

const PAGE = "/account/directory-entry";
const BY_SESSION = { "Cache-Control": "private, no-store", Vary: "Cookie" };

export default endpoint({
  GET: async (request: Request) => {
    const account = await currentAccount(request);
    if (!account)
      return wantsPage(request)
        ? seeOther(loginReturningTo(PAGE), { Vary: "Cookie" })
        : errorJson(401, NOT_SIGNED_IN, BY_SESSION);
    try {
      const found = await ownDirectoryEntry(account);
      // The entry as other members see it: with the member's own changes.
      const entry = found ? await entryWithOwnDetails(found) : null;
      const answer: DirectoryEntryAnswer = { entry, hidden: entry ? await hiddenFields(entry.id) : [] };
      return json(answer, 200, BY_SESSION);
    } catch (error) {
      return unavailable(error, "The directory is unavailable right now. Please try again shortly.");
    }
  },
});

export const config: Config = { path: "/api/account/directory-entry" };
