import { formatAmount } from "#shared/membership/amount.ts";
import { laterPaymentDue } from "#shared/membership/later-payments.ts";
import type { MembershipPaymentEntry } from "#shared/schemas/secretariat.ts";
import type { Account } from "../account/accounts.server.ts";
import { setJsonIfNew } from "../blobs-conditional.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { recordPaymentAndTell } from "../membership/payment-approval.server.ts";
import type { PaymentRecord } from "./application-actions.server.ts";
import { recordAction } from "./audit.server.ts";
import { day } from "./display.server.ts";
import { onFreshAccount } from "./in-line.server.ts";
import { secretariatStore } from "./store.server.ts";

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

/** One record per payment: the reference is the key, so a payment is recorded once. */
const recordKey = (account: Account, reference: string) => `payments/${account.key}/${reference}`;

export async function membershipPaymentOf(
  account: Account,
  reference: string,
): Promise<MembershipPaymentRecord | null> {
  return (await secretariatStore().get(recordKey(account, reference), {
    type: "json",
  })) as MembershipPaymentRecord | null;
}

/**
 * 'Record a payment': a renewal, a rejoining or a life instalment, by the reference the member's
 * status says is due. Recorded once per reference (a create-only write, and one press at a time
 * per account in this instance), then on the account through the signed link's own path
 * (recordPaymentAndTell: the period set, the member mailed once), then an audit line.
 */
export function recordMembershipPayment(
  account: Account,
  entry: MembershipPaymentEntry,
  who: string,
  origin: string,
  now = new Date(),
): Promise<MembershipPaymentOutcome> {
  return onFreshAccount(account.key, (current) => recordOnce(current, entry, who, origin, now), {
    outcome: "not-due",
  });
}

async function recordOnce(
  account: Account,
  entry: MembershipPaymentEntry,
  who: string,
  origin: string,
  now: Date,
): Promise<MembershipPaymentOutcome> {
  const reference = entry.reference.trim().toUpperCase();
  // A replay, or a payment the signed link recorded already: it is no longer due, and it is in.
  const confirmed = (account.payments ?? []).some((payment) => payment.reference === reference);
  if (confirmed || (await membershipPaymentOf(account, reference))) return { outcome: "payment-already" };
  const due = laterPaymentDue(membershipOf(account, now), reference);
  if (!due) return { outcome: "not-due" };
  // A late life instalment counts only with the secretariat's reason, kept with it (decision 0025).
  if (due.late && !entry.lateReason) return { outcome: "reason-needed" };
  const record: MembershipPaymentRecord = {
    completesFee: entry.completesFee,
    ...(due.late ? { lateReason: entry.lateReason } : {}),
    amount: entry.amount,
    date: entry.date,
    bankReference: entry.bankReference,
    reference,
    applicationId: account.applicationId,
    account: account.key,
    recordedBy: who,
    recordedAt: now.toISOString(),
  };
  const store = secretariatStore();
  const key = recordKey(account, reference);
  const modified = await setJsonIfNew(store, key, record);
  if (!modified) return { outcome: "payment-already" };
  let recorded = false;
  try {
    const result = await recordPaymentAndTell(
      account.key,
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
    );
    recorded = result?.recorded ?? false;
  } catch (error) {
    // Not on the account: the record goes too, so pressing again does it all.
    await store.delete(key);
    throw error;
  }
  if (!recorded) {
    await store.delete(key);
    return { outcome: "payment-already" };
  }
  await recordAction(
    {
      who,
      action: "payment",
      record: `account/${account.key}`,
      summary: `Payment recorded for ${reference} (${due.kind}, ${typeof due.amount === "number" ? `${formatAmount(due.amount)} due` : "amount due to be announced"}): ₹${entry.amount.toLocaleString("en-IN")} on ${day(entry.date)}, bank reference ${entry.bankReference}${entry.completesFee && due.kind === "instalment" ? "; marked as completing the life fee" : ""}${due.late ? `; accepted late: ${entry.lateReason}` : ""}`,
    },
    now,
  );
  return { outcome: "membership-payment-recorded" };
}
