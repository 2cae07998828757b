/**
 * The secretariat's workspace: whole HTML pages made here for the signed-in secretariat
 * (docs/decisions/0016), every action on them a plain form that posts and comes back.
 *   GET /secretariat/sign-in  → 200 how to sign in, and the form asking for a set-your-password link
 *   GET /secretariat, /secretariat/*  → 200 the page | 401 page (no session) | 403 page (a member's
 *       session) | 404 unknown page or record. Cache-Control: no-store, Vary: Cookie.
 *   405 (Allow: GET, HEAD).
 * Env: SECRETARIAT_ACCOUNTS.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { workspacePage } from "../../src/server/secretariat/routes.server.ts";
import { SIGN_IN_PAGE, signInPage } from "../../src/server/secretariat/sign-in-page.server.ts";

export default endpoint({
  GET: (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname.replace(/\/+$/, "") === SIGN_IN_PAGE) return signInPage(url);
    return workspacePage(request, url);
  },
});

export const config: Config = { path: ["/secretariat", "/secretariat/*"] };
