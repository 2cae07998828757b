import { formatAmount } from "#shared/membership/amount.ts";
import { laterPaymentDue } from "#shared/membership/later-payments.ts";
import type { MembershipPaymentEntry } from "#shared/schemas/secretariat.ts";
import { type Account, lockAccount } from "../account/accounts.server.ts";
import { type Db, database, inTransaction } from "../db/database.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import {
  deliverTold,
  type PaymentTold,
  recordPaymentAndTell,
} from "../membership/payment-approval.server.ts";
import type { PaymentRecord } from "./application-actions.server.ts";
import { recordAction } from "./audit.server.ts";
import { day } from "./display.server.ts";

/** A payment after the application's own, as the secretariat recorded it from the bank statement. */
export type MembershipPaymentRecord = PaymentRecord & { reference: string; lateReason?: string };

export type MembershipPaymentOutcome =
  | { outcome: "membership-payment-recorded" | "payment-already" }
  /** The reference names no payment due from this account now: nothing was changed. */
  | { outcome: "not-due" }
  /** A late life instalment without the reason it is accepted: nothing was changed. */
  | { outcome: "reason-needed" };

export const NOT_DUE = "This payment is not due from this member: choose one of the payments listed";
export const REASON_NEEDED =
  "This instalment is late (after the year of instalments, or beyond their number): give the reason it is accepted";

/** The payment recorded under this reference on the account, as the workspace shows it; or null. */
export async function membershipPaymentOf(
  account: Account,
  reference: string,
  db: Db = database(),
): Promise<MembershipPaymentRecord | null> {
  const row = await db
    .selectFrom("payments")
    .selectAll()
    .where("account_id", "=", account.key)
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!row) return null;
  return {
    reference: row.reference,
    amount: row.amount ?? 0,
    date: row.paid_on,
    bankReference: row.bank_reference ?? "",
    completesFee: row.completes_fee,
    ...(row.late_reason ? { lateReason: row.late_reason } : {}),
    recordedBy: row.confirmed_by ?? "",
    recordedAt: row.confirmed_at.toISOString(),
  };
}

/**
 * 'Record a payment': a renewal, a rejoining or a life instalment, by the reference the member's
 * status says is due. In one transaction on the locked account: the payment (once per reference,
 * by its unique key), the period it sets, the member's mail and the audit line; or nothing.
 */
export async function recordMembershipPayment(
  account: Account,
  entry: MembershipPaymentEntry,
  who: string,
  origin: string,
  now = new Date(),
): Promise<MembershipPaymentOutcome> {
  const reference = entry.reference.trim().toUpperCase();
  const result = await inTransaction(async (tx): Promise<MembershipPaymentOutcome | PaymentTold> => {
    const current = await lockAccount(tx, account.key);
    if (!current) return { outcome: "not-due" };
    // A replay, or a payment the signed link recorded already: it is no longer due, and it is in.
    if ((current.payments ?? []).some((payment) => payment.reference === reference))
      return { outcome: "payment-already" };
    const due = laterPaymentDue(membershipOf(current, now), reference);
    if (!due) return { outcome: "not-due" };
    // A late life instalment counts only with the secretariat's reason, kept with it (decision 0025).
    if (due.late && !entry.lateReason) return { outcome: "reason-needed" };
    const told = await recordPaymentAndTell(
      tx,
      current,
      {
        reference,
        amount: entry.amount,
        completesFee: entry.completesFee,
        lateReason: entry.lateReason,
        bankReference: entry.bankReference,
        receivedOn: entry.date,
      },
      origin,
      now,
      who,
    );
    if (!told.recorded) return { outcome: "payment-already" };
    await recordAction(
      {
        who,
        action: "payment",
        record: `account/${current.key}`,
        summary: `Payment recorded for ${reference} (${due.kind}, ${typeof due.amount === "number" ? `${formatAmount(due.amount)} due` : "amount due to be announced"}): ₹${entry.amount.toLocaleString("en-IN")} on ${day(entry.date)}, bank reference ${entry.bankReference}${entry.completesFee && due.kind === "instalment" ? "; marked as completing the life fee" : ""}${due.late ? `; accepted late: ${entry.lateReason}` : ""}`,
      },
      now,
      tx,
    );
    return told;
  });
  if ("outcome" in result) return result;
  await deliverTold(result);
  return { outcome: "membership-payment-recorded" };
}
