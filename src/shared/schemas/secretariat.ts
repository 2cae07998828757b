/** The secretariat workspace's forms: what the server accepts from each. */
import {
  CLAIM_LINK_FIELDS,
  EXPORT_FIELDS,
  PASSWORD_LINK_FIELDS,
  PAYMENT_FIELDS,
  REFUND_FIELDS,
  REJECT_FIELDS,
} from "../forms/secretariat-fields.ts";
import { z } from "../zod.ts";
import { checkbox, emailAddress, isoDate, multiLine, oneLine } from "./fields.ts";
import { amountReceived, dateReceived } from "./payment.ts";

/** 'Why it is accepted late': a life instalment recorded after its year or beyond its number. */
export const LATE_REASON_FIELD = PAYMENT_FIELDS.lateReason;

/** Asking for a set-your-password link. */
export const passwordLinkSchema = z.strictObject({
  email: emailAddress(PASSWORD_LINK_FIELDS.email),
});

/** 'Payment received': what reached the society's account, as the bank statement shows it. */
export const paymentSchema = z.strictObject({
  amount: amountReceived,
  // Never after today in India, checked when the form arrives; the application's own day is checked
  // by the action, which knows the application (paymentDateRefusal).
  date: dateReceived,
  bankReference: oneLine(PAYMENT_FIELDS.bankReference),
  /**
   * 'This payment completes the life membership fee': how a life fee that is still to be announced
   * is known to be paid in full (decision 0025); ignored for any other payment.
   */
  completesFee: checkbox,
});
export type PaymentEntry = z.output<typeof paymentSchema>;

/**
 * 'Record a payment': a payment after the application's own (a renewal, a life instalment, a
 * rejoining), named by the reference it is due under, with what the bank statement showed.
 */
export const membershipPaymentSchema = paymentSchema.extend({
  reference: oneLine(PAYMENT_FIELDS.reference),
  /** Why a late life instalment is accepted (after its year, or beyond its number): required for one. */
  lateReason: multiLine(LATE_REASON_FIELD).default(""),
});
export type MembershipPaymentEntry = z.output<typeof membershipPaymentSchema>;

/**
 * 'Reject': the reason goes to the applicant. It takes effect only confirmed (`confirm: "yes"`, a
 * checkbox or a second button): without it the answer asks to confirm and nothing changes, so one
 * press never turns an application down by mistake.
 */
export const rejectSchema = z.strictObject({
  reason: multiLine(REJECT_FIELDS.reason),
  confirm: z.union([z.literal("yes"), z.literal("on"), z.literal(true)]).optional(),
});

/** What a 'Reject' without confirmation is told, beside the confirmation. */
export const REJECT_CONFIRM = REJECT_FIELDS.confirm.required;

/** 'Reopen' a rejected application: nothing to type. */
export const reopenSchema = z.strictObject({});

/** 'Refund' a payment: the reason the member is told; the bank's reference for a transfer back. */
export const refundSchema = z.strictObject({
  reason: multiLine(REFUND_FIELDS.reason),
  bankReference: oneLine(REFUND_FIELDS.bankReference).default(""),
});

/** Forms whose only input is the press of a button. */
export const pressSchema = z.strictObject({});

/** The master sheet's export: applications activated from one day to another, both included. */
export const exportSchema = z
  .strictObject({
    from: isoDate(EXPORT_FIELDS.from),
    to: isoDate(EXPORT_FIELDS.to),
  })
  .refine(({ from, to }) => from <= to, {
    message: "The first day must not be after the last",
    path: ["to"],
  });

/** The invitations' filter: a zone, a class, those in arrears; each may be left as "every". */
export const inviteSchema = z.strictObject({
  zone: z.enum(["", "NZ", "EZ", "MEZ", "CZ", "WZ", "SZ"]).default(""),
  class: z
    .enum(["", "life", "ordinary", "honorary", "corporate-annual", "corporate-single-copy"])
    .default(""),
  inArrears: checkbox,
});

/** 'Send the reminder': a press with nothing to fill in. */
export const remindSchema = z.strictObject({});

/** 'Send the claim link to a new address': the address, and the office's word that it checked it. */
export const claimLinkSchema = z.strictObject({
  email: emailAddress(CLAIM_LINK_FIELDS.email),
  checked: checkbox.refine((ticked) => ticked, CLAIM_LINK_FIELDS.checked.required),
});
