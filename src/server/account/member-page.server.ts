import { redirect } from "react-router";
import { loginReturningTo } from "#shared/return-path.ts";
import type { Account } from "./accounts.server.ts";
import { currentAccount } from "./sessions.server.ts";

/**
 * The signed-in account a member's own page is for. A visitor without a live session is sent to
 * sign in, and back to this page afterwards (the account page itself is where signing in leads).
 * `url` is the page's address as the framework gives it to the loader: a script's request for the
 * page's data has `.data` and `_routes` in its own, and a member sent back there would get no page.
 */
export async function signedInAccount(request: Request, url: URL): Promise<Account> {
  const account = await currentAccount(request);
  if (account) return account;
  const { pathname, search } = url;
  throw redirect(pathname === "/account" ? "/login" : loginReturningTo(`${pathname}${search}`), 303);
}
