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
  date: { label: "Date received", type: "date", max: 10, required: "Enter the date as YYYY-MM-DD" },
  bankReference: {
    label: "Bank reference",
    max: 80,
    required: "Enter the bank's reference for the payment",
    autoComplete: "off",
  },
  reference: { label: "Payment", max: 60, required: "Choose the payment this is for" },
} as const satisfies FieldRules;

export const REJECT_FIELDS = {
  reason: { label: "Reason", max: 2000, required: "Give the reason; the applicant receives it" },
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
