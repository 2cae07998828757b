/**
 * The secretariat confirms an applicant's payment, from the signed link in the application e-mail.
 *   GET  /api/payment-approval?token=…  → 200 { application: { applicationId, name, email,
 *        membership, submittedAt, status }, due: { reference, amount } | null } (the payment the
 *        link names, while it is due; amount "TBA" while the fee is to be announced)
 *        | 400/410 { error } (tampered / expired link)
 *   POST /api/payment-approval  body: JSON { token, amount } (amount: rupees received, whole, 1 to
 *        10,00,000, commas allowed) → 200 { status: "active", alreadyActive } and the member is told
 *        by e-mail | 400 { error, fields: { amount } } (nothing recorded) | 400/410 (tampered /
 *        expired link) | 404 | 409 (the application was rejected). The payment is recorded on the
 *        account once (the link names it: the application's, or a renewal's or life instalment's
 *        reference), with that amount, which sets the period it pays for.
 *   POST /api/payment-approval  body: { token, action: "renew" } (a genuine link, expired or not)
 *        → 200 { message }: a fresh link is mailed to SECRETARIAT_EMAIL, at most once a day per
 *        application; no one else can be sent one, so anyone may ask | 400 | 404 | 409
 *   A form-urlencoded POST is passed on to /approve-payment with 307 (the page posts to its own
 *   route's action: paymentApprovalForm in src/server/membership/payment-approval.server.ts).
 *   403 cross-site POST, 405 (Allow: GET, HEAD, POST), 503 with Retry-After when storage fails.
 * Reading changes nothing, so a mail scanner following the link cannot approve; only the page's
 * button (a same-site POST) does. Env: SIGNING_SECRET, URL, and the mail settings of /api/enrol.
 */
import type { Config } from "@netlify/functions";
import { publicAccount } from "../../src/server/account/accounts.server.ts";
import { signingSecret } from "../../src/server/env.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json, NO_STORE } from "../../src/server/http/responses.server.ts";
import {
  accountFor,
  amountDue,
  NO_ACCOUNT,
  paymentApprovalForm,
  readApproval,
} from "../../src/server/membership/payment-approval.server.ts";
import type { ApprovalApplicationAnswer } from "../../src/shared/api/account.ts";

export default endpoint({
  GET: (request: Request) => show(new URL(request.url).searchParams.get("token")),
  POST: apiForm(paymentApprovalForm),
});

async function show(token: unknown) {
  const check = await readApproval(signingSecret(), token);
  if (!check.ok) return errorJson(check.status, check.error);
  const account = await accountFor(check.approval);
  if (!account) return errorJson(404, NO_ACCOUNT);
  const answer: ApprovalApplicationAnswer = {
    application: publicAccount(account),
    due: amountDue(account, check.approval),
  };
  return json(answer, 200, NO_STORE);
}

export const config: Config = { path: "/api/payment-approval" };
