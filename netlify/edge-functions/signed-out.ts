/**
 * Edge function on the account pages that need a signed-in member: a visitor who has no session
 * cookie at all is sent to sign in before the page is served. Without it the prerendered page
 * paints first and the script then swaps it for /login, which a reader sees as the whole page
 * jumping (and without JavaScript they would stay on a page that cannot show them anything).
 * A cookie that is present but no longer valid still reaches the page, whose script asks the
 * server and sends them on the same way. Env: none.
 */
import type { Config, Context } from "@netlify/edge-functions";
import { loginReturningTo } from "../../src/shared/return-path.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";

export default (request: Request, context: Context) => {
  if (context.cookies.get(SESSION_COOKIE)) return;
  const { pathname, search } = new URL(request.url);
  // /account is where signing in leads anyway, so it needs no return path (as in the page's script).
  const login = pathname === "/account" ? "/login" : loginReturningTo(`${pathname}${search}`);
  return new Response(null, {
    status: 303,
    headers: { Location: login, "Cache-Control": "private, no-store", Vary: "Cookie" },
  });
};

// GET only: the pages' forms post to functions, which answer a missing session themselves.
export const config: Config = {
  path: ["/account", "/account/settings", "/account/directory-entry", "/account/my-data"],
  method: "GET",
  onError: "bypass",
};
