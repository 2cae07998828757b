/**
 * The signed-in member's membership, as the account page shows it.
 *   GET /api/account/membership → 200 { type, memberNumber?, status, statusLine, period, note,
 *       rejection, due } (the shared schema in src/shared/api/membership.ts: every figure worded,
 *       what to pay next with its reference, the bank details, the UPI link and its QR code's
 *       path) | 401 { error } signed out. Cache-Control: no-store, Vary: Cookie.
 *   405 (Allow: GET, HEAD) other methods. Env: none.
 */
import type { Config } from "@netlify/functions";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json, NO_STORE } from "../../src/server/http/responses.server.ts";
import { membershipPanel } from "../../src/server/membership/membership-panel.server.ts";

const PRIVATE = { ...NO_STORE, Vary: "Cookie" };

export default endpoint(
  {
    GET: async (request: Request) => {
      const account = await currentAccount(request);
      if (!account) return errorJson(401, "Please sign in.", PRIVATE);
      return json(membershipPanel(account), 200, PRIVATE);
    },
  },
  { content: true },
);

export const config: Config = { path: "/api/account/membership" };
