/**
 * The payment-approval page's buttons without JavaScript: the page's form has no action, so it
 * posts to its own URL, /approve-payment?token=…; GETs of that path still get the prerendered page.
 *   POST /approve-payment?token=…  body: form-urlencoded, empty or { action: "renew" }
 *   → 303 to /approve-payment?status=approved | already | renewed | active | expired | invalid |
 *     gone, with &id=<application id> (and &token=… for an expired link, to ask for a fresh one)
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * Env: SIGNING_SECRET, URL, and the mail settings of /api/enrol.
 */
import type { Config } from "@netlify/functions";
import { siteUrl } from "../../src/server/env.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { readFormBody } from "../../src/server/http/form-body.server.ts";
import { errorJson, seeOther } from "../../src/server/http/responses.server.ts";
import { crossSiteRefusal } from "../../src/server/http/same-origin.server.ts";
import {
  AMOUNT_REFUSED,
  approvalResultPage,
  approvePayment,
  receivedAmount,
  renewApprovalLink,
} from "../../src/server/membership/payment-approval.server.ts";

export default endpoint({
  POST: async (request: Request) => {
    const refusal = crossSiteRefusal(request);
    if (refusal) return refusal;
    const body = await readFormBody(request, 4096);
    if (body instanceof Response) return body;
    if (!body.isForm) return errorJson(415, "Send the form as form-urlencoded");
    const token = new URL(request.url).searchParams.get("token");
    const origin = siteUrl(request);
    if (body.input.action === "renew")
      return seeOther(approvalResultPage(await renewApprovalLink(token, origin), token));
    // A malformed amount records nothing: the page comes back as an invalid press.
    const amount = receivedAmount(body.input.amount);
    if (amount === "invalid")
      return seeOther(approvalResultPage({ outcome: "invalid", status: 400, error: AMOUNT_REFUSED }, token));
    return seeOther(approvalResultPage(await approvePayment(token, origin, amount), token));
  },
});

export const config: Config = { path: "/approve-payment", method: "POST" };
