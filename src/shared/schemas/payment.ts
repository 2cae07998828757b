/** Recording a payment that reached the society: the amount's one rule, and the approval link's page. */
import { todayInIndia } from "../format-date.ts";
import {
  AMOUNT_TOO_LARGE,
  MAX_AMOUNT_RECEIVED,
  PAYMENT_FORM,
  paymentDateProblem,
} from "../forms/payment-fields.ts";
import { z } from "../zod.ts";
import { checkbox, isoDate, wholeRupees } from "./fields.ts";

/** 'Amount received', in whole rupees: the workspace's 'Payment received' and the approval page. */
export const amountReceived = wholeRupees(PAYMENT_FORM.amount, MAX_AMOUNT_RECEIVED, AMOUNT_TOO_LARGE);

/**
 * 'Date received': a day as YYYY-MM-DD that exists, never after today in India. The application's
 * own day, the earliest a payment for it can be, is checked by whoever knows the application.
 */
export const dateReceived = isoDate(PAYMENT_FORM.date).superRefine((date, context) => {
  const problem = paymentDateProblem(date, { today: todayInIndia(new Date()) });
  if (problem) context.addIssue({ code: "custom", message: problem });
});

/**
 * The signed approval link's page (/approve-payment): 'Mark payment received' with the amount and
 * the date received, or, on an expired link, `action: "renew"` for a fresh one (neither). A script
 * sends the link's token in the body; the plain form leaves it in the page's address.
 */
export const approvalFormSchema = z
  .strictObject({
    token: z.string().max(2048).optional(),
    action: z.literal("renew").optional(),
    amount: z.unknown().optional(),
    date: z.unknown().optional(),
    /** A life application's payment that is the whole life fee (decision 0025). */
    completesFee: checkbox,
  })
  .transform((press, context) => {
    if (press.action === "renew") return { action: "renew" as const, token: press.token };
    const amount = amountReceived.safeParse(press.amount);
    const date = dateReceived.safeParse(press.date);
    if (amount.success && date.success)
      return {
        action: "approve" as const,
        token: press.token,
        amount: amount.data,
        date: date.data,
        completesFee: press.completesFee,
      };
    for (const issue of amount.error?.issues ?? [])
      context.issues.push({ code: "custom", message: issue.message, input: press.amount, path: ["amount"] });
    for (const issue of date.error?.issues ?? [])
      context.issues.push({ code: "custom", message: issue.message, input: press.date, path: ["date"] });
    return z.NEVER;
  });
export type ApprovalPress = z.output<typeof approvalFormSchema>;
