/**
 * The payments after the application's own (a financial year's renewal, a rejoining after a
 * lapse, a life instalment) that the secretariat may record for an account, as the status module
 * computes them. The application's own payment is 'Payment received', on a pending application.
 */
import type { MembershipState, MembershipStatus, NextPayment } from "./status.ts";

/** The statuses whose next payment 'Record a payment' takes. */
export const LATER_PAYMENT_STATUSES: readonly MembershipStatus[] = [
  "active",
  "renewal-due",
  "instalment-overdue",
  "in-arrears",
  "lapsed",
];

/** The payments due now that may be recorded for a membership in `state`, each with its reference. */
export function laterPaymentsDue(state: MembershipState): NextPayment[] {
  if (!LATER_PAYMENT_STATUSES.includes(state.status) || !state.next) return [];
  return state.next.kind === "application" ? [] : [state.next];
}

/** The due payment a reference names (any case, spaces around it ignored), or null when none is due under it. */
export function laterPaymentDue(state: MembershipState, reference: string): NextPayment | null {
  const wanted = reference.trim().toUpperCase();
  return laterPaymentsDue(state).find((payment) => payment.reference === wanted) ?? null;
}
