/** Member accounts: what the pages and the functions both say. */
export type MemberStatus = "pending-payment" | "active";

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  "pending-payment": "Pending payment",
  active: "Active",
};

/** The answer to every accepted enrolment, new address or not (no account enumeration). */
export const ENROLLED_MESSAGE =
  "Thank you. Your application has been received. We have sent you an e-mail with your application id and how to pay offline.";

/** The one answer to a wrong e-mail address or a wrong password. */
export const LOGIN_FAILED = "Wrong e-mail address or password.";
