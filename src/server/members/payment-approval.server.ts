import { readToken, signToken } from "../signed-token.server.ts";

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
      error: "This approval link has expired. A fresh link can be sent to the secretariat's e-mail address.",
      approval: check.data,
    };
  return {
    ok: false,
    status: 400,
    error: "This approval link is not valid. Open the link from the e-mail exactly as it was sent.",
  };
}
