/** Accounts (enrolment, sign-in, confirmation, payment approval): what the pages and the functions both say. */
/**
 * An account's status as its pages show it: an application the secretariat turned down (and that
 * was never paid) is "rejected"; the account itself stores only the other two.
 */
export const ACCOUNT_STATUSES = ["pending-payment", "active", "rejected"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  "pending-payment": "Pending payment",
  active: "Active",
  rejected: "Application not accepted",
};

/** The answer to every accepted enrolment, new address or not (no account enumeration). */
export const ENROLLED_MESSAGE =
  "Thank you. Your application has been received. We have sent you an e-mail: open the link in it to confirm your address, then sign in.";

/** An application id: EN- and ten hex digits. */
export const APPLICATION_ID = /^EN-[0-9A-F]{10}$/;

/** The one answer to a wrong e-mail address or a wrong password. */
export const LOGIN_FAILED = "Wrong e-mail address or password.";

/** The right password for an account whose address is not confirmed yet. */
export const LOGIN_UNVERIFIED =
  "Please confirm your e-mail address first: open the link in the e-mail we sent when you enrolled. If it has not arrived or has expired, ask for a fresh one below.";

/** What the login page says over its form when it was sent there with `?status=` (its loader's choice). */
export type LoginNotice = { kind: "error" | "idle"; message: string };

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

/** The outcomes of the payment-approval page's buttons, by the `?status=` a plain form comes back to. */
export const APPROVAL_OUTCOMES = {
  approved: "Payment recorded: the account is active and the member has been told by e-mail.",
  // One copy of the journal is a purchase, not a membership (decision 0038).
  "single-copy": "Payment recorded for one copy of the journal: the buyer has been told by e-mail.",
  already: "This account was already active.",
  renewed: "A fresh link has been sent to the secretariat's e-mail address.",
  active: "This account is already active.",
  expired: "This approval link has expired. A fresh link can be sent to the secretariat's e-mail address.",
  invalid: "This approval link is not valid. Open the link from the e-mail exactly as it was sent.",
  gone: "There is no account for this application any more.",
  rejected: "This application was rejected, so no payment can be recorded for it.",
} as const;
export type ApprovalStatus = keyof typeof APPROVAL_OUTCOMES;

export const isApprovalStatus = (value: unknown): value is ApprovalStatus =>
  typeof value === "string" && Object.hasOwn(APPROVAL_OUTCOMES, value);

/**
 * An author or reviewer account (no membership): what its pages say in place of a membership and
 * what to pay. Such an account is never shown members' payment wording.
 */
export const AUTHOR_ACCOUNT_TITLE = "Author or reviewer account";
export const AUTHOR_ACCOUNT_NOTE =
  "There is nothing to pay: an author or reviewer account needs no membership.";
