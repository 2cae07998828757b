/**
 * The directory-entry page without JavaScript: its 'Show my entry and the details I hide' link.
 *   GET /account/directory-entry/current → 200 text/html: the prerendered page with the signed-in
 *       member's entry (matched by the account's e-mail, as GET /api/account/directory-entry) and
 *       the details hidden from other members filled in, the hide form's boxes ticked as now in
 *       force | 503 the same page saying the entry could not be loaded (the directory is down and
 *       no copy is kept), Retry-After | 303 to /login?next=… when not signed in
 * Always Cache-Control: no-store, Vary: Cookie. Env: those of GET /api/directory.
 */
import type { Config } from "@netlify/functions";
import {
  directoryEntryShell,
  type EntryView,
  fillDirectoryEntryPage,
} from "../../src/server/account/directory-entry-page.server.ts";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import {
  type DirectoryOwner,
  hiddenFields,
  ownDirectoryEntry,
} from "../../src/server/directory/directory-privacy.server.ts";
import { entryWithOwnDetails } from "../../src/server/directory/own-details.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { NO_STORE, PAGE_HEADERS, seeOther, textResponse } from "../../src/server/http/responses.server.ts";
import { UpstreamUnavailableError } from "../../src/server/last-good-copy.server.ts";
import { DIRECTORY_ENTRY_PAGE } from "../../src/shared/api/own-data.ts";
import { loginReturningTo } from "../../src/shared/return-path.ts";

const PRIVATE = { ...PAGE_HEADERS, ...NO_STORE, Vary: "Cookie" };

async function entryView(owner: DirectoryOwner): Promise<EntryView> {
  try {
    const found = await ownDirectoryEntry(owner);
    const entry = found ? await entryWithOwnDetails(found) : null;
    return { entry, hidden: entry ? await hiddenFields(entry.id) : [] };
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) return "unavailable";
    throw error;
  }
}

export default endpoint({
  GET: async (request: Request) => {
    const member = await currentAccount(request);
    if (!member) return seeOther(loginReturningTo(DIRECTORY_ENTRY_PAGE), { Vary: "Cookie" });
    const [shell, view] = await Promise.all([directoryEntryShell(), entryView(member)]);
    const page = fillDirectoryEntryPage(shell, view);
    return view === "unavailable"
      ? textResponse(page, "text/html; charset=utf-8", { ...PRIVATE, "Retry-After": "60" }, 503)
      : textResponse(page, "text/html; charset=utf-8", PRIVATE);
  },
});

// A literal: Netlify reads the config without running the module.
export const config: Config = { path: "/account/directory-entry/current" };
