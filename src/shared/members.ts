/** Member accounts: what the pages and the functions both say. */
export type MemberStatus = "pending-payment" | "active";

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  "pending-payment": "Pending payment",
  active: "Active",
};

/** The answer to every accepted enrolment, new address or not (no account enumeration). */
export const ENROLLED_MESSAGE =
  "Thank you. Your application has been received. We have sent you an e-mail: open the link in it to confirm your address, then sign in.";

export { APPLICATION_ID_PATTERN as APPLICATION_ID } from "./enrolment-receipt.ts";

/** The one answer to a wrong e-mail address or a wrong password. */
export const LOGIN_FAILED = "Wrong e-mail address or password.";

/** The right password for an account whose address is not confirmed yet. */
export const LOGIN_UNVERIFIED =
  "Please confirm your e-mail address first: open the link in the e-mail we sent when you enrolled. If it has not arrived or has expired, ask for a fresh one below.";

/** The outcomes of an e-mailed confirmation link, by the `?status=` its page comes back to. */
export const VERIFY_OUTCOMES = {
  confirmed: "Thank you: your e-mail address is confirmed. You can now sign in.",
  used: "This link has been used already, or a newer one has been sent. If your address is confirmed, sign in; if not, ask for a fresh link below.",
  expired: "This link has expired. Ask for a fresh link below.",
  invalid:
    "This link is not valid. Open the link from the e-mail exactly as it was sent, or ask for a fresh link below.",
  sent: "If an account at that address is waiting for its e-mail address to be confirmed, we have sent a fresh link to it. It works for 48 hours.",
} as const;
export type VerifyStatus = keyof typeof VERIFY_OUTCOMES;
export type VerifyOutcome = Exclude<VerifyStatus, "sent">;

export const isVerifyStatus = (value: unknown): value is VerifyStatus =>
  typeof value === "string" && Object.hasOwn(VERIFY_OUTCOMES, value);
