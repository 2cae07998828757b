/**
 * The account page without JavaScript: its 'Show my membership status' link.
 *   GET /api/account → 303 to /account?status=<status>&id=<application id> (signed in) | /login
 * Always Cache-Control: no-store. Env: none.
 * (Named to sort after api-not-found: the local emulator tries functions in reverse name order,
 * so a function named before it would never be reached under its /api/* catch-all.)
 */
import type { Config } from "@netlify/functions";
import { accountPage, currentAccount } from "../../src/server/account/sessions.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { seeOther } from "../../src/server/http/responses.server.ts";

export default endpoint({
  GET: async (request: Request) => {
    const account = await currentAccount(request);
    return seeOther(account ? accountPage(account) : "/login", { Vary: "Cookie" });
  },
});

export const config: Config = { path: "/api/account" };
