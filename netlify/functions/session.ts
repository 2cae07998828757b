/**
 * The signed-in member, for the header and the account page.
 *   GET /api/session → 200 { signedIn: false } | { signedIn: true, member: { name, email,
 *       membership, applicationId, submittedAt, status, activatedAt? } }
 *   405 (Allow: GET) other methods. Always Cache-Control: no-store; using the session restarts
 *   its idle timer. Env: none.
 */
import type { Config } from "@netlify/functions";
import { publicAccount } from "../../src/server/account/accounts.server.ts";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { json, NO_STORE } from "../../src/server/http/responses.server.ts";
import type { SessionAnswer } from "../../src/shared/api/account.ts";

export default endpoint({
  GET: async (request: Request) => {
    const account = await currentAccount(request);
    const body: SessionAnswer = account
      ? { signedIn: true, member: publicAccount(account) }
      : { signedIn: false };
    return json(body, 200, { ...NO_STORE, Vary: "Cookie" });
  },
});

export const config: Config = { path: "/api/session" };
