/**
 * The account as the browser reads it (zod/mini: browser code): the session the header's script
 * reads (GET /api/session), and the payment a link names.
 */

import { ACCOUNT_STATUSES } from "../account.ts";

import { zm } from "../zod.ts";

/** An account as its own pages and the secretariat's approval page see it: never the password hash. */
export const accountSchema = zm.object({
  name: zm.string(),
  email: zm.string(),
  /** The membership type's value, "" for an author or reviewer account. */
  membership: zm.string(),
  applicationId: zm.string(),
  submittedAt: zm.string(),
  status: zm.enum(ACCOUNT_STATUSES),
  activatedAt: zm.optional(zm.string()),
  /** Whether the account holds a membership that is paid for (false: an author or reviewer account). */
  needsPayment: zm.optional(zm.boolean()),
});
export type AccountAnswer = zm.infer<typeof accountSchema>;

/** GET /api/session: who is signed in (the field keeps its first name, `member`). */
export const sessionAnswerSchema = zm.union([
  zm.object({ signedIn: zm.literal(true), member: accountSchema }),
  zm.object({ signedIn: zm.literal(false) }),
]);
export type SessionAnswer = zm.infer<typeof sessionAnswerSchema>;

/** The payment a link names, while due: its reference and amount ("TBA": not announced yet). */
export const amountDueSchema = zm.nullable(
  zm.object({ reference: zm.string(), amount: zm.union([zm.number(), zm.literal("TBA")]) }),
);
export type AmountDue = zm.infer<typeof amountDueSchema>;
