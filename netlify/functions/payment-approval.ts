/**
 * The secretariat confirms an applicant's payment, from the signed link in the application e-mail.
 *   GET  /api/payment-approval?token=…  → 200 { application: { applicationId, name, email,
 *        membership, submittedAt, status } } | 400/410 { error } (tampered / expired link)
 *   POST /api/payment-approval  body: JSON { token, amount? } (amount: rupees received, a whole number)
 *        → 200 { status: "active", alreadyActive } and the member is told by e-mail | 400/410 | 404.
 *        The payment is recorded on the account once (the link names it: the application's, or a
 *        renewal's or life instalment's reference), which sets the period it pays for.
 *   POST /api/payment-approval  body: { token, action: "renew" } (a genuine link, expired or not)
 *        → 200 { message }: a fresh link is mailed to SECRETARIAT_EMAIL, at most once a day per
 *        application; no one else can be sent one, so anyone may ask | 400 | 404
 *   A form-urlencoded POST (the page without JavaScript), here or to /approve-payment?token=…
 *   (the approve-payment-form function), is answered 303 to /approve-payment?status=approved |
 *   already | renewed | active | expired | invalid | gone, with &id=<application id>.
 *   403 cross-site POST, 405 (Allow: GET, POST).
 * Reading changes nothing, so a mail scanner following the link cannot approve; only the page's
 * button (a same-site POST) does. Env: SIGNING_SECRET, URL, and the mail settings of /api/enrol.
 */
import type { Config } from "@netlify/functions";
import { publicAccount } from "../../src/server/account/accounts.server.ts";
import { signingSecret, siteUrl } from "../../src/server/env.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { readFormBody } from "../../src/server/http/form-body.server.ts";
import { errorJson, json, NO_STORE, seeOther } from "../../src/server/http/responses.server.ts";
import { crossSiteRefusal } from "../../src/server/http/same-origin.server.ts";
import {
  AMOUNT_REFUSED,
  accountFor,
  approvalResultPage,
  approvePayment,
  NO_ACCOUNT,
  readApproval,
  receivedAmount,
  renewApprovalLink,
} from "../../src/server/membership/payment-approval.server.ts";
import type { PaymentRecordedAnswer } from "../../src/shared/api/account.ts";

export default endpoint({
  GET: (request: Request) => show(new URL(request.url).searchParams.get("token")),
  POST: async (request: Request) => {
    const refusal = crossSiteRefusal(request);
    if (refusal) return refusal;
    const body = await readFormBody(request, 4096);
    if (body instanceof Response) return body;
    // The page's script sends the token in the body; its plain form keeps it in the page's URL.
    const token = body.input.token ?? new URL(request.url).searchParams.get("token");
    const renew = body.input.action === "renew";
    const amount = receivedAmount(body.input.amount);
    if (amount === "invalid") return errorJson(400, AMOUNT_REFUSED);
    const result = renew
      ? await renewApprovalLink(token, siteUrl(request))
      : await approvePayment(token, siteUrl(request), amount);
    if (body.isForm) return seeOther(approvalResultPage(result, token));
    if ("error" in result) return errorJson(result.status, result.error);
    if ("message" in result) return json({ message: result.message }, 200, NO_STORE);
    const recorded: PaymentRecordedAnswer = { status: "active", alreadyActive: result.outcome === "already" };
    return json(recorded, 200, NO_STORE);
  },
});

async function show(token: unknown) {
  const check = await readApproval(signingSecret(), token);
  if (!check.ok) return errorJson(check.status, check.error);
  const account = await accountFor(check.approval);
  if (!account) return errorJson(404, NO_ACCOUNT);
  return json({ application: publicAccount(account) }, 200, NO_STORE);
}

export const config: Config = { path: "/api/payment-approval" };
