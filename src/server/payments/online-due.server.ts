import type { NextPayment } from "#shared/membership/status.ts";
import { type Account, shownStatus } from "../account/accounts.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { razorpayConfig } from "./razorpay.server.ts";

/**
 * Whether a payment due may be paid online (decision 0052), apart from the rest of the payment
 * code so the account page's wording can ask without loading it.
 */
/** The payment an account owes now, if it may be paid online (a number to pay, not a late instalment). */
export type OnlineDue =
  | { ok: true; due: NextPayment & { amount: number } }
  | { ok: false; reason: "not-due" | "to-be-announced" | "late" };

export function onlineDue(account: Account, reference: string, now = new Date()): OnlineDue {
  if (shownStatus(account) === "rejected") return { ok: false, reason: "not-due" };
  const next = membershipOf(account, now).next;
  if (!next || next.reference !== reference) return { ok: false, reason: "not-due" };
  if (typeof next.amount !== "number" || next.amount <= 0) return { ok: false, reason: "to-be-announced" };
  // A late life instalment counts only with the secretariat's reason (decision 0025): not online.
  if (next.late) return { ok: false, reason: "late" };
  return { ok: true, due: { ...next, amount: next.amount } };
}

/** What the account page and the enrolment's confirmation say of paying online; null without keys. */
export function onlineOffer(account: Account | null, reference: string, amountKnown: boolean) {
  if (!razorpayConfig()) return null;
  if (!amountKnown)
    return { payable: false, note: "This payment cannot be made online until its fee is announced." };
  if (account) {
    const due = onlineDue(account, reference);
    if (!due.ok && due.reason === "late")
      return {
        payable: false,
        note: "A late instalment is paid by bank transfer or UPI, quoting the reference.",
      };
  }
  return { payable: true, note: "Pay by card, UPI or net banking through Razorpay, the payment service." };
}
