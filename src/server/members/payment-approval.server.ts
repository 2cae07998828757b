import { APPROVAL_OUTCOMES } from "#shared/members.ts";
import { readEnv, signingSecret } from "../env.server.ts";
import { readToken, signToken } from "../signed-token.server.ts";
import { deliverPending, storeSubmission } from "../submissions.server.ts";
import { activateAccount, getAccount } from "./accounts.server.ts";
import { activatedMail, renewedApprovalMail } from "./member-mails.server.ts";

/**
 * The secretariat's link for confirming a payment: a signed token naming the account, valid for
 * APPROVAL_LIFETIME_MS. The link opens a page; only that page's button (a POST) changes anything,
 * so a mail scanner that follows the link does not activate the account.
 */
const PURPOSE = "payment-approval";
export const APPROVAL_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
export const APPROVAL_PAGE = "/approve-payment";

export type Approval = { account: string; application: string };

export async function approvalUrl(
  origin: string,
  secret: string,
  approval: Approval,
  now = new Date(),
): Promise<string> {
  const token = await signToken(secret, PURPOSE, approval, new Date(now.getTime() + APPROVAL_LIFETIME_MS));
  return `${origin}${APPROVAL_PAGE}?token=${encodeURIComponent(token)}`;
}

export type ApprovalCheck =
  | { ok: true; approval: Approval }
  | { ok: false; status: 400; error: string }
  // An expired link still names its application, so the page can ask for a fresh link.
  | { ok: false; status: 410; error: string; approval: Approval };

export async function readApproval(secret: string, token: unknown, now = new Date()): Promise<ApprovalCheck> {
  const check = await readToken<Approval>(secret, PURPOSE, token, now);
  if (check.ok) return { ok: true, approval: check.data };
  if (check.reason === "expired")
    return {
      ok: false,
      status: 410,
      error: APPROVAL_OUTCOMES.expired,
      approval: check.data,
    };
  return {
    ok: false,
    status: 400,
    error: APPROVAL_OUTCOMES.invalid,
  };
}

/** What a press of 'Mark payment received' or 'E-mail a fresh link' came to. */
export type ApprovalOutcome =
  | { outcome: "approved" | "already"; applicationId: string }
  | { outcome: "renewed" | "active"; applicationId: string; message: string }
  | {
      outcome: "invalid" | "expired" | "gone";
      status: 400 | 404 | 410;
      error: string;
      applicationId?: string;
    };

export const NO_ACCOUNT = APPROVAL_OUTCOMES.gone;

/** The account a link names, if it still belongs to that application. */
export async function accountFor(approval: Approval) {
  const account = await getAccount(approval.account);
  return account?.applicationId === approval.application ? account : null;
}

const refused = (check: Extract<ApprovalCheck, { ok: false }>): ApprovalOutcome =>
  check.status === 410
    ? { outcome: "expired", status: 410, error: check.error, applicationId: check.approval.application }
    : { outcome: "invalid", status: 400, error: check.error };

/** 'Mark payment received': activates the account once and tells the member by e-mail. */
export async function approvePayment(token: unknown, origin: string): Promise<ApprovalOutcome> {
  const check = await readApproval(signingSecret(), token);
  if (!check.ok) return refused(check);
  const gone = { outcome: "gone", status: 404, error: NO_ACCOUNT } as const;
  if (!(await accountFor(check.approval))) return gone;
  const result = await confirmPayment(check.approval.account, origin);
  if (!result) return gone;
  const { account, changed } = result;
  return { outcome: changed ? "approved" : "already", applicationId: account.applicationId };
}

/**
 * The payment is in: activates the account once and tells the member by e-mail (once, however
 * often it is called). What the signed link's button does, and the workspace's 'Payment received'.
 */
export async function confirmPayment(accountKey: string, origin: string, at = new Date()) {
  const result = await activateAccount(accountKey, at);
  if (!result) return null;
  const { account, changed } = result;
  if (changed) {
    const mail = await activatedMail(account.name, account.email, account.applicationId, `${origin}/login`);
    const { submission, duplicate } = await storeSubmission(
      "membership-activated",
      { applicationId: account.applicationId },
      { member: mail },
    );
    if (!duplicate) await deliverPending(submission);
  }
  return result;
}

/** 'E-mail a fresh link to the secretariat', from a genuine link, expired or not. */
export async function renewApprovalLink(token: unknown, origin: string): Promise<ApprovalOutcome> {
  const check = await readApproval(signingSecret(), token);
  if (!("approval" in check)) return refused(check);
  const account = await accountFor(check.approval);
  if (!account) return { outcome: "gone", status: 404, error: NO_ACCOUNT };
  const { applicationId } = account;
  if (account.status === "active")
    return { outcome: "active", applicationId, message: APPROVAL_OUTCOMES.active };
  const link = await approvalUrl(origin, signingSecret(), check.approval);
  const mail = await renewedApprovalMail(account.name, applicationId, link, readEnv().SECRETARIAT_EMAIL);
  // One record a day per application: asking again the same day sends nothing more.
  const { submission, duplicate } = await storeSubmission(
    "approval-link",
    { applicationId },
    { secretariat: mail },
  );
  if (!duplicate) await deliverPending(submission);
  return {
    outcome: "renewed",
    applicationId,
    message: APPROVAL_OUTCOMES.renewed,
  };
}

/**
 * Where a press without JavaScript is shown its outcome: the prerendered page for it, with the
 * application id (written in by the application-id edge function) and, for an expired link, the
 * token again, so that page's own button can ask for a fresh link.
 */
export function approvalResultPage(result: ApprovalOutcome, token: unknown): string {
  const search = new URLSearchParams({ status: result.outcome });
  if (result.applicationId) search.set("id", result.applicationId);
  if (result.outcome === "expired" && typeof token === "string") search.set("token", token);
  return `${APPROVAL_PAGE}?${search}`;
}
