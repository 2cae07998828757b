/**
 * The secretariat confirms an applicant's payment, from the signed link in the application e-mail.
 *   GET  /api/payment-approval?token=…  → 200 { application: { applicationId, name, email,
 *        membership, submittedAt, status } } | 400/410 { error } (tampered / expired link)
 *   POST /api/payment-approval  body: JSON or form-urlencoded { token }
 *        → 200 { status: "active", alreadyActive } and the member is told by e-mail | 400/410 | 404
 *   POST /api/payment-approval  body: { token, action: "renew" } (a genuine link, expired or not)
 *        → 200 { message }: a fresh link is mailed to SECRETARIAT_EMAIL, at most once a day per
 *        application; no one else can be sent one, so anyone may ask | 400 | 404
 *   403 cross-site POST, 405 (Allow: GET, POST).
 * Reading changes nothing, so a mail scanner following the link cannot approve; only the page's
 * button (a same-site POST) does. Env: SIGNING_SECRET, URL, and the mail settings of /api/enrol.
 */
import type { Config } from "@netlify/functions";
import { readEnv, signingSecret, siteUrl } from "../../src/server/env.server.ts";
import { readFormBody } from "../../src/server/http/form-body.server.ts";
import { errorJson, json, methodNotAllowed, NO_STORE } from "../../src/server/http/responses.server.ts";
import { crossSiteRefusal } from "../../src/server/http/same-origin.server.ts";
import { activateAccount, getAccount, publicAccount } from "../../src/server/members/accounts.server.ts";
import { activatedMail, renewedApprovalMail } from "../../src/server/members/member-mails.server.ts";
import {
  type Approval,
  approvalUrl,
  readApproval,
} from "../../src/server/members/payment-approval.server.ts";
import { deliverPending, storeSubmission } from "../../src/server/submissions.server.ts";

export default async (request: Request) => {
  if (request.method === "GET") return show(new URL(request.url).searchParams.get("token"));
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const refusal = crossSiteRefusal(request);
  if (refusal) return refusal;
  const body = await readFormBody(request, 4096);
  if (body instanceof Response) return body;
  const origin = siteUrl(request);
  if (body.input.action === "renew") return renew(body.input.token, origin);
  return approve(body.input.token, origin);
};

const NO_ACCOUNT = "There is no account for this application any more.";

/** The account a link names, if it still belongs to that application. */
async function accountFor(approval: Approval) {
  const account = await getAccount(approval.account);
  return account?.applicationId === approval.application ? account : null;
}

async function show(token: unknown) {
  const check = await readApproval(signingSecret(), token);
  if (!check.ok) return errorJson(check.status, check.error);
  const account = await accountFor(check.approval);
  if (!account) return errorJson(404, NO_ACCOUNT);
  return json({ application: publicAccount(account) }, 200, NO_STORE);
}

async function renew(token: unknown, origin: string) {
  const check = await readApproval(signingSecret(), token);
  if (!("approval" in check)) return errorJson(check.status, check.error);
  const account = await accountFor(check.approval);
  if (!account) return errorJson(404, NO_ACCOUNT);
  if (account.status === "active") return json({ message: "This account is already active." }, 200, NO_STORE);
  const link = await approvalUrl(origin, signingSecret(), check.approval);
  const mail = renewedApprovalMail(account.name, account.applicationId, link, readEnv().SECRETARIAT_EMAIL);
  // One record a day per application: asking again the same day sends nothing more.
  const { submission, duplicate } = await storeSubmission(
    "approval-link",
    { applicationId: account.applicationId },
    { secretariat: mail },
  );
  if (!duplicate) await deliverPending(submission);
  return json({ message: "A fresh link has been sent to the secretariat's e-mail address." }, 200, NO_STORE);
}

async function approve(token: unknown, origin: string) {
  const check = await readApproval(signingSecret(), token);
  if (!check.ok) return errorJson(check.status, check.error);
  if (!(await accountFor(check.approval))) return errorJson(404, NO_ACCOUNT);
  const result = await activateAccount(check.approval.account);
  if (!result) return errorJson(404, NO_ACCOUNT);
  const { account, changed } = result;
  if (changed) {
    const mail = activatedMail(account.name, account.email, account.applicationId, `${origin}/login`);
    const { submission, duplicate } = await storeSubmission(
      "membership-activated",
      { applicationId: account.applicationId },
      { member: mail },
    );
    if (!duplicate) await deliverPending(submission);
  }
  return json({ status: account.status, alreadyActive: !changed }, 200, NO_STORE);
}

export const config: Config = { path: "/api/payment-approval" };
