import { ELECTION_FLASHES, type ElectionFlash } from "./elections/elections.ts";

/** What the page after an action says at its top: a done or an error line, in our words. */
export type Flash = { kind: "done" | "error"; text: string };

/**
 * What a workspace action tells the page it redirects back to (`?done=<code>`): a code from this
 * list, so nobody can make the workspace show words of their own by crafting a link. The page reads
 * the code from its own address (with JavaScript and without, the same), so the line always
 * matches the URL it is on.
 */
export const FLASHES = {
  "payment-recorded": {
    kind: "done",
    text: "Payment recorded: the membership is active and the member has been told by e-mail.",
  },
  "single-copy-recorded": {
    kind: "done",
    text: "Payment recorded for one copy of the journal: the buyer has been told by e-mail.",
  },
  "membership-payment-recorded": {
    kind: "done",
    text: "Payment recorded: the member has been told by e-mail. The status below is the membership's now.",
  },
  "payment-already": { kind: "done", text: "This payment was recorded already; nothing was changed." },
  "already-active": { kind: "done", text: "This membership is already active; no payment was recorded." },
  "payment-rejected": {
    kind: "error",
    text: "This application was rejected; no payment can be recorded for it.",
  },
  "payment-unconfirmed": {
    kind: "error",
    text: "The applicant has not confirmed their e-mail address yet, so no payment can be recorded. Ask them to use the link in their confirmation e-mail; the sign-in page sends a new one.",
  },
  rejected: { kind: "done", text: "Application rejected: the applicant has been told by e-mail." },
  "reject-already": { kind: "done", text: "This application was rejected already; nothing was sent." },
  "reject-active": { kind: "error", text: "An active membership cannot be rejected." },
  reopened: {
    kind: "done",
    text: "Application reopened: it waits for its payment again, and the applicant has been told by e-mail.",
  },
  "reopen-not-rejected": { kind: "done", text: "This application is not rejected; nothing was changed." },
  resent: { kind: "done", text: "The e-mails that had not gone out were sent again." },
  "resend-nothing": {
    kind: "done",
    text: "Every e-mail of this message had gone out already; nothing was sent.",
  },
  "resend-pending": {
    kind: "error",
    text: "Some e-mails could not be sent just now; they stay queued and are tried again automatically.",
  },
  released: { kind: "done", text: "Released: the submission was delivered as if it had never been held." },
  deleted: { kind: "done", text: "Deleted. The audit log keeps a line saying so." },
  "release-already": {
    kind: "done",
    text: "This submission was released already (it may have been pressed twice); nothing more was done.",
  },
  "not-releasable": {
    kind: "error",
    text: "A held enrolment cannot be delivered from here: it was held without the password the applicant chose, so nothing was done. Delete it; if it was genuine, ask the applicant to apply again.",
  },
  "delete-already": { kind: "done", text: "This submission was deleted already; nothing more was done." },
  "link-sent": {
    kind: "done",
    text: "If that address may use the workspace, we have sent it a link to set its password. The link works once.",
  },
  "issue-saved": {
    kind: "done",
    text: "Issue saved. Check the preview, send yourself a test, then send it.",
  },
  "test-sent": { kind: "done", text: "A test copy has been sent to your address." },
  "send-done": { kind: "done", text: "Sent: every confirmed subscriber has a copy on its way." },
  "send-going": {
    kind: "done",
    text: "Sending has begun. The rest goes out in the background, every 10 minutes, until every confirmed subscriber has a copy.",
  },
  refunded: {
    kind: "done",
    text: "Refunded: the receipt is marked refunded, the member has been told by e-mail, and the audit log has a line.",
  },
  "refund-already": {
    kind: "done",
    text: "This payment was refunded already (it may have been pressed twice); nothing more was done.",
  },
  "held-refunded": {
    kind: "done",
    text: "Refunded through Razorpay: the member has been told by e-mail, and the audit log has a line.",
  },
  "held-credited": {
    kind: "done",
    text: "Credited: the payment is in the ledger with its receipt, the member has been told by e-mail, and the audit log has a line.",
  },
  "held-already": {
    kind: "done",
    text: "This held payment was resolved already (it may have been pressed twice); nothing more was done.",
  },
  "send-already": {
    kind: "error",
    text: "This issue was already being sent or sent (it may have been pressed twice); nothing more was started.",
  },
  "register-imported": {
    kind: "done",
    text: "The register was imported: what it did is below, and the audit log has a line saying so.",
  },
  "register-moved": {
    kind: "error",
    text: "Nothing was imported: the records changed since this preview (it may have been applied a moment ago). The preview below is what Apply would do now.",
  },
  "register-refused": {
    kind: "error",
    text: "Nothing was imported: the register has refused rows, listed below with the reason beside each. Correct them in the register (or tick to make a site account the member's, where offered) and preview it again; the whole file is then imported at once.",
  },
  "register-expired": {
    kind: "error",
    text: "Nothing was imported: that preview has expired (a day after the file was read). Preview the register again.",
  },
  merged: {
    kind: "done",
    text: "The two records are one: payments, notices and the directory entry follow the account kept, and the audit log has a line saying so.",
  },
  "merge-already": {
    kind: "done",
    text: "These two records were merged already (it may have been pressed twice); nothing more was done.",
  },
  "invitations-queued": {
    kind: "done",
    text: "Invitations queued: each member is mailed once, with a link of their own, and the mails go out within the hour. The counts below include them.",
  },
  "invitations-none": {
    kind: "done",
    text: "No unclaimed member who had not been invited matched; nothing was sent.",
  },
  "reminders-queued": {
    kind: "done",
    text: "Reminders queued: each member invited long enough ago who has not claimed is mailed once, with a fresh link; the mails go out within the hour.",
  },
  "reminders-none": { kind: "done", text: "No member is due a reminder; nothing was sent." },
  "claim-link-sent": {
    kind: "done",
    text: "The member's address was changed and the claim link sent to the new address. The audit log keeps a line saying so.",
  },
  "claim-link-claimed": {
    kind: "error",
    text: "This member has claimed the website account already; nothing was changed. The member signs in, or uses Forgot password.",
  },
  "claim-link-taken": {
    kind: "error",
    text: "Another open account has that address; nothing was changed.",
  },
  // An election's presses (issue 59): each a done line.
  ...(Object.fromEntries(
    Object.entries(ELECTION_FLASHES).map(([code, text]) => [code, { kind: "done", text }]),
  ) as Record<ElectionFlash, Flash>),
} as const satisfies Record<string, Flash>;

export type FlashCode = keyof typeof FLASHES;

export function flashFrom(search: URLSearchParams): Flash | null {
  const code = search.get("done");
  return code && Object.hasOwn(FLASHES, code) ? FLASHES[code as FlashCode] : null;
}

/** The page to go back to after an action, with its flash. */
export const withFlash = (page: string, code: FlashCode) =>
  `${page}${page.includes("?") ? "&" : "?"}done=${code}`;
