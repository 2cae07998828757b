/**
 * The membership part of the account page, for its script.
 *   GET /api/account/membership → 200 { html } (type, member number, status, period paid for, what
 *       to pay next with its payment reference, bank details, UPI link and QR code) | 401 { error }
 * Always Cache-Control: no-store, Vary: Cookie. Env: none (the fees and payee are content/membership.yaml).
 * (Named to sort after api-not-found: see member-status.ts.)
 */
import type { Config } from "@netlify/functions";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json, NO_STORE } from "../../src/server/http/responses.server.ts";
import { membershipPanelHtml } from "../../src/server/membership/membership-panel.server.ts";

const PRIVATE = { ...NO_STORE, Vary: "Cookie" };

export default endpoint({
  GET: async (request: Request) => {
    const account = await currentAccount(request);
    if (!account) return errorJson(401, "Please sign in.", PRIVATE);
    return json({ html: membershipPanelHtml(account) }, 200, PRIVATE);
  },
});

export const config: Config = { path: "/api/account/membership" };
