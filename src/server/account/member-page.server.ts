import { redirect } from "react-router";
import { loginReturningTo } from "#shared/return-path.ts";
import type { Account } from "./accounts.server.ts";
import { currentAccount } from "./sessions.server.ts";

/**
 * The signed-in account a member's own page is for. A visitor without a live session is sent to
 * sign in, and back to this page afterwards (the account page itself is where signing in leads).
 */
export async function signedInAccount(request: Request): Promise<Account> {
  const account = await currentAccount(request);
  if (account) return account;
  const { pathname, search } = new URL(request.url);
  throw redirect(pathname === "/account" ? "/login" : loginReturningTo(`${pathname}${search}`), 303);
}
