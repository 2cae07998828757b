import type { FieldRules } from "./field-rules.ts";

/**
 * The most one payment can be, in rupees (₹10,00,000). Every fee of the society is far below it;
 * a larger figure is a typing mistake (a digit too many), which would make a life fee look paid.
 */
export const MAX_AMOUNT_RECEIVED = 1_000_000;

/**
 * 'Amount received': what reached the society's account for one payment, in whole rupees, as the
 * bank statement shows it ("1500" or "1,500"). One rule for the workspace's 'Payment received' and
 * the signed approval link's page, which record it through the same function.
 */
export const PAYMENT_FORM = {
  amount: {
    label: "Amount received (₹)",
    max: 12,
    required: "Enter the amount received, in whole rupees",
    pattern: String.raw`\s*[0-9][0-9,]*\s*`,
    invalid: "Enter the whole rupees received, for example 1500",
    autoComplete: "off",
  },
} as const satisfies FieldRules;

export const AMOUNT_TOO_LARGE = "That is more than ₹10,00,000: check the amount received";
