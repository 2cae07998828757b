/**
 * The account's answers as the browser parses them (zod/mini: browser code): the session the
 * header's script reads, and what the account forms' specs answer (FormAnswer.body).
 */

import { ACCOUNT_STATUSES, APPLICATION_ID } from "../account.ts";

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

/** POST /api/logout. */
export const signedOutSchema = zm.object({ signedIn: zm.literal(false) });
export type SignedOutAnswer = zm.infer<typeof signedOutSchema>;

/** Sign-in's answer: the account's name, and the path to go to now (the return path, or its home). */
export const signedInSchema = zm.object({ name: zm.string(), home: zm.string() });
export type SignedInAnswer = zm.infer<typeof signedInSchema>;

/** Enrolment's answer: the same for every accepted form (no account enumeration). */
export const enrolledSchema = zm.object({
  message: zm.string(),
  applicationId: zm.string().check(zm.regex(APPLICATION_ID)),
  needsPayment: zm.boolean(),
  /**
   * The reference to quote with the first payment (`ISGPB-EN-…-2026-27`, a life membership's
   * `…-L1`), the one the treasurer matches bank credits by; null when nothing is to be paid.
   */
  paymentReference: zm.optional(zm.nullable(zm.string())),
});
export type EnrolledAnswer = zm.infer<typeof enrolledSchema>;

/** The address's link pressed: confirmed (every other outcome is a refusal). */
export const emailConfirmedSchema = zm.object({ outcome: zm.literal("confirmed"), message: zm.string() });
export type EmailConfirmedAnswer = zm.infer<typeof emailConfirmedSchema>;

/** The payment a link names, while due: its reference and amount ("TBA": not announced yet). */
export const amountDueSchema = zm.nullable(
  zm.object({ reference: zm.string(), amount: zm.union([zm.number(), zm.literal("TBA")]) }),
);
export type AmountDue = zm.infer<typeof amountDueSchema>;
