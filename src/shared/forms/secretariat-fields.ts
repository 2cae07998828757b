import { EMAIL_INVALID, EMAIL_MAX, type FieldRules } from "./field-rules.ts";
import { PAYMENT_FORM } from "./payment-fields.ts";

/**
 * The workspace's form fields, written once for the pages' own checks and the server's schemas
 * (src/shared/schemas/secretariat.ts, newsletter-issue.ts).
 */

/** Asking for a set-your-password link (/secretariat/sign-in). */
export const PASSWORD_LINK_FIELDS = {
  email: {
    label: "E-mail address",
    type: "email",
    max: EMAIL_MAX,
    required: "Please enter the e-mail address",
    invalid: EMAIL_INVALID,
    autoComplete: "username",
  },
} as const satisfies FieldRules;

/** What the bank statement shows of a payment; `reference` names the payment a later one is for. */
export const PAYMENT_FIELDS = {
  amount: PAYMENT_FORM.amount,
  date: PAYMENT_FORM.date,
  bankReference: {
    label: "Bank reference",
    max: 80,
    required: "Enter the bank's reference for the payment",
    autoComplete: "off",
  },
  reference: { label: "Payment", max: 60, required: "Choose the payment this is for" },
  /** Asked for a late life instalment only (after its year, or beyond its number): decision 0025. */
  lateReason: {
    label: "Why it is accepted late",
    max: 1000,
    required: "Give the reason this late instalment is accepted: it is kept with the payment",
  },
} as const satisfies FieldRules;

/** The label of 'This payment completes the life membership fee' (a checkbox: decision 0025). */
export const COMPLETES_FEE_LABEL = "This payment completes the life membership fee";

/** 'Refund' on a payment (decision 0055): why, and for a payment not taken online, the transfer back. */
export const REFUND_FIELDS = {
  reason: { label: "Reason", max: 500, required: "Give the reason; the member receives it" },
  bankReference: {
    label: "Bank reference of the transfer back (for a payment not made online)",
    max: 100,
  },
} as const satisfies FieldRules;

export const REJECT_FIELDS = {
  reason: { label: "Reason", max: 2000, required: "Give the reason; the applicant receives it" },
  /** A checkbox: without it the reject is refused, and nothing changes (issue 33, item 7). */
  confirm: {
    label: "Yes, reject this application and e-mail the applicant the reason",
    max: 3,
    required:
      "Confirm that you want to reject this application: the applicant is told at once, with your reason.",
  },
} as const satisfies FieldRules;

/**
 * 'Send to every confirmed subscriber' takes a ticked box, as 'Reject' does: a copy sent cannot be
 * called back, so one press never sends by mistake. The page's box names how many will get one.
 */
export const SEND_FIELDS = {
  confirm: {
    label: "Yes, send this issue now to every confirmed subscriber",
    // The box's value is the number of subscribers its words name (sendConfirmLabel).
    max: 7,
    required:
      "Confirm that you want to send this issue: every confirmed subscriber gets a copy at once, and a copy sent cannot be called back.",
  },
} as const satisfies FieldRules;

/**
 * The ticked box named one number, and more or fewer are confirmed now: the send waits for a tick
 * that names the number it will go to.
 */
export const sendCountChanged = (confirmed: number) =>
  `The number of confirmed subscribers is now ${confirmed}: check it, and tick the box again to send.`;

/** The box's words on the issue's page, with the number of confirmed subscribers now. */
export const sendConfirmLabel = (confirmed: number) =>
  confirmed === 1
    ? "Yes, send this issue now to the 1 confirmed subscriber"
    : `Yes, send this issue now to all ${confirmed} confirmed subscribers`;

/** The master sheet's export period, and the changes export's first day. */
export const EXPORT_FIELDS = {
  from: {
    label: "First day",
    type: "date",
    max: 10,
    required: "Enter the first day",
    invalid: "Enter the date as YYYY-MM-DD",
  },
  to: {
    label: "Last day",
    type: "date",
    max: 10,
    required: "Enter the last day",
    invalid: "Enter the date as YYYY-MM-DD",
  },
} as const satisfies FieldRules;

/** 'Compose an issue' of the newsletter. */
export const ISSUE_FIELDS = {
  subject: { label: "Subject", max: 150, required: "Please enter the subject" },
  text: { label: "Text", max: 20_000, required: "Please write the issue's text" },
  attachmentUrl: {
    label: "Attachment link",
    max: 2000,
    invalid: "Enter a full link starting with https://, or leave this empty",
  },
} as const satisfies FieldRules;

/** Sending a register member's claim link to a new address, after the office has checked it. */
export const CLAIM_LINK_FIELDS = {
  email: {
    label: "The member's new e-mail address",
    type: "email",
    max: EMAIL_MAX,
    required: "Please enter the new e-mail address",
    invalid: EMAIL_INVALID,
    autoComplete: "off",
  },
  checked: {
    label: "I have checked with the member that this address is theirs",
    max: 2,
    required: "Please confirm that you have checked the address with the member",
  },
} as const satisfies FieldRules;
