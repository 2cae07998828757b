/** Recording a payment that reached the society: the amount's one rule, and the approval link's page. */
import { AMOUNT_TOO_LARGE, MAX_AMOUNT_RECEIVED, PAYMENT_FORM } from "../forms/payment-fields.ts";
import { z } from "../zod.ts";
import { checkbox, wholeRupees } from "./fields.ts";

/** 'Amount received', in whole rupees: the workspace's 'Payment received' and the approval page. */
export const amountReceived = wholeRupees(PAYMENT_FORM.amount, MAX_AMOUNT_RECEIVED, AMOUNT_TOO_LARGE);

/**
 * The signed approval link's page (/approve-payment): 'Mark payment received' with the amount
 * received, or, on an expired link, `action: "renew"` for a fresh one (no amount). A script sends
 * the link's token in the body; the plain form leaves it in the page's address.
 */
export const approvalFormSchema = z
  .strictObject({
    token: z.string().max(2048).optional(),
    action: z.literal("renew").optional(),
    amount: z.unknown().optional(),
    /** A life application's payment that is the whole life fee (decision 0025). */
    completesFee: checkbox,
  })
  .transform((press, context) => {
    if (press.action === "renew") return { action: "renew" as const, token: press.token };
    const amount = amountReceived.safeParse(press.amount);
    if (amount.success)
      return {
        action: "approve" as const,
        token: press.token,
        amount: amount.data,
        completesFee: press.completesFee,
      };
    for (const issue of amount.error.issues)
      context.issues.push({ code: "custom", message: issue.message, input: press.amount, path: ["amount"] });
    return z.NEVER;
  });
export type ApprovalPress = z.output<typeof approvalFormSchema>;
