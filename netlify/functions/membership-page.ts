/**
 * The account page without JavaScript: its 'Show my membership and what to pay' link.
 *   GET /account/membership → 200 text/html: the prerendered /account page with the membership
 *       part (as GET /api/account/membership gives it) filled in | 303 to /login when not signed in
 * Always Cache-Control: no-store, Vary: Cookie. Env: none.
 */
import type { Config } from "@netlify/functions";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { NO_STORE, PAGE_HEADERS, seeOther, textResponse } from "../../src/server/http/responses.server.ts";
import { accountShell, fillAccountPage } from "../../src/server/membership/membership-page.server.ts";
import { membershipPanelHtml } from "../../src/server/membership/membership-panel.server.ts";

export default endpoint({
  GET: async (request: Request) => {
    const account = await currentAccount(request);
    if (!account) return seeOther("/login", { Vary: "Cookie" });
    const page = fillAccountPage(await accountShell(), membershipPanelHtml(account));
    return textResponse(page, "text/html; charset=utf-8", { ...PAGE_HEADERS, ...NO_STORE, Vary: "Cookie" });
  },
});

export const config: Config = { path: "/account/membership" };
