/** The secretariat workspace's forms: what the server accepts from each. */
import { PASSWORD_LINK_FIELDS, PAYMENT_FIELDS, REJECT_FIELDS } from "../forms/secretariat-fields.ts";
import { z } from "../zod.ts";
import { emailAddress, multiLine, oneLine } from "./fields.ts";
import { amountReceived } from "./payment.ts";

/** Asking for a set-your-password link. */
export const passwordLinkSchema = z.strictObject({
  email: emailAddress(PASSWORD_LINK_FIELDS.email),
});

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PAYMENT_FIELDS.date.required)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "Enter a real date");

/** 'Payment received': what reached the society's account, as the bank statement shows it. */
export const paymentSchema = z.strictObject({
  amount: amountReceived,
  date: isoDate,
  bankReference: oneLine(PAYMENT_FIELDS.bankReference),
});
export type PaymentEntry = z.output<typeof paymentSchema>;

/**
 * 'Record a payment': a payment after the application's own (a renewal, a life instalment, a
 * rejoining), named by the reference it is due under, with what the bank statement showed.
 */
export const membershipPaymentSchema = paymentSchema.extend({
  reference: oneLine(PAYMENT_FIELDS.reference),
});
export type MembershipPaymentEntry = z.output<typeof membershipPaymentSchema>;

/** 'Reject': the reason goes to the applicant. */
export const rejectSchema = z.strictObject({
  reason: multiLine(REJECT_FIELDS.reason),
});

/** Forms whose only input is the press of a button. */
export const pressSchema = z.strictObject({});

/** The master sheet's export: applications activated from one day to another, both included. */
export const exportSchema = z
  .strictObject({ from: isoDate, to: isoDate })
  .refine(({ from, to }) => from <= to, {
    message: "The first day must not be after the last",
    path: ["to"],
  });
