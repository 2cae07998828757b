import { formatDay } from "../format-date.ts";
import type { FieldRules } from "./field-rules.ts";

/**
 * The most one payment can be, in rupees (₹10,00,000). Every fee of the society is far below it;
 * a larger figure is a typing mistake (a digit too many), which would make a life fee look paid.
 */
export const MAX_AMOUNT_RECEIVED = 1_000_000;

/**
 * Whole rupees as a bank statement writes them: digits alone, or grouped with commas the Indian way
 * (1,00,000) or the Western way (100,000). A comma anywhere else is a slip, not a grouping: taking
 * the commas out of " 1,2,3 " would record ₹123 that no one meant.
 */
const RUPEES = "[1-9][0-9]*|[1-9][0-9]?(,[0-9]{2})*,[0-9]{3}|[1-9][0-9]{0,2}(,[0-9]{3})+";

/**
 * 'Amount received' and 'Date received': what reached the society's account for one payment, in
 * whole rupees, as the bank statement shows it ("1500" or "1,500"), and the day it did. One rule for
 * the workspace's 'Payment received' and the signed approval link's page, which record it through
 * the same function.
 */
export const PAYMENT_FORM = {
  amount: {
    label: "Amount received (₹)",
    max: 12,
    required: "Enter the amount received, in whole rupees",
    // The browser's check and the server's (wholeRupees) are this one pattern.
    pattern: String.raw`\s*(${RUPEES})\s*`,
    invalid:
      "Enter the whole rupees received, with commas only between groups of digits: for example 1500, 1,500 or 1,00,000",
    autoComplete: "off",
  },
  /** The day the money reached the society: it decides the period the payment buys. */
  date: {
    label: "Date received",
    type: "date",
    max: 10,
    required: "Enter the date received",
    invalid: "Enter the date as YYYY-MM-DD",
  },
} as const satisfies FieldRules;

/** What the amount field expects, said beside it (issue 33). */
export const AMOUNT_HINT = "Whole rupees, e.g. 1,500";

export const AMOUNT_TOO_LARGE = "That is more than ₹10,00,000: check the amount received";

/**
 * The date a payment was received, as the bank statement shows it: a day from the application
 * (`earliest`, the day it was made in India) to today in India (`today`: todayInIndia(), also the
 * date field's `max` and its default). The problem in words, for beside the field, or null.
 */
export function paymentDateProblem(
  date: string,
  limits: { today: string; earliest?: string | null },
): string | null {
  if (date > limits.today)
    return `The date received cannot be after today, ${formatDay(limits.today)} in India`;
  if (limits.earliest && date < limits.earliest)
    return `The date received cannot be before the application was made, on ${formatDay(limits.earliest)}`;
  return null;
}
