import { type Day, dayInIndia } from "#shared/membership/calendar.ts";
import { parseReference } from "#shared/membership/reference.ts";
import { type MembershipAccount, type MembershipState, membershipState } from "#shared/membership/status.ts";
import { type Account, getAccount, saveAccount } from "../account/accounts.server.ts";
import { membershipContent } from "./membership-content.server.ts";

/**
 * The membership of an account, from its confirmed payments and the content's rules. An account
 * activated before payments were recorded counts as having paid its application on that day.
 */
export function membershipAccount(account: Account): MembershipAccount {
  const payments = account.payments ?? [];
  if (payments.length > 0 || account.status !== "active" || !account.activatedAt)
    return { ...baseOf(account), payments };
  const paidOn = dayInIndia(new Date(account.activatedAt));
  const pending = membershipState({ ...baseOf(account), payments: [] }, membershipContent(), paidOn);
  const legacy = pending.next ? [{ reference: pending.next.reference, amount: null, paidOn }] : [];
  return { ...baseOf(account), payments: legacy };
}

/** The day in India the application was made, when its time can be read. */
function appliedOn(account: Account): { appliedOn?: string } {
  const at = new Date(account.submittedAt);
  return Number.isNaN(at.getTime()) ? {} : { appliedOn: dayInIndia(at) };
}

const baseOf = (account: Account): MembershipAccount => ({
  applicationId: account.applicationId,
  membership: account.membership,
  ...appliedOn(account),
  payments: [],
  ...(account.remindedOn ? { remindedOn: account.remindedOn } : {}),
  ...(account.rejected
    ? { rejected: { on: dayInIndia(new Date(account.rejected.at)), reason: account.rejected.reason } }
    : {}),
});

export const membershipOf = (account: Account, now = new Date()): MembershipState =>
  membershipState(membershipAccount(account), membershipContent(), dayInIndia(now));

export type PaymentConfirmation = {
  /** The payment's reference; none: the payment that comes with the application. */
  reference?: string | undefined;
  /** Rupees received, when the secretariat says; else the amount due, if the content gives it. */
  amount?: number | undefined;
  /** A life instalment the secretariat marks as completing the life fee (decision 0025). */
  completesFee?: boolean | undefined;
  /** Why a late life instalment is accepted, when it is one. */
  lateReason?: string | undefined;
  /** The bank's own reference for the credit, when the secretariat records it from the statement. */
  bankReference?: string | undefined;
  /**
   * The day the money reached the society, as the bank statement shows it: the day the payment
   * counts from (its period, a late joiner's extra year), whatever day it is recorded. None: today.
   */
  receivedOn?: Day | undefined;
};

/**
 * Records a confirmed payment on the account, once: the same reference confirmed again records
 * nothing. Without a reference it is the application's payment, named as on the day it is
 * confirmed (so an application paid across 1 April counts for the new year). Answers the account
 * as it now is and whether this call recorded anything.
 */
export async function confirmPayment(
  key: string,
  confirmation: PaymentConfirmation,
  now = new Date(),
): Promise<{ account: Account; recorded: boolean } | null> {
  const account = await getAccount(key);
  if (!account) return null;
  const today = dayInIndia(now);
  const state = membershipOf(account, now);
  const payments =
    account.payments ??
    membershipAccount(account).payments.map((p) => ({ ...p, confirmedAt: now.toISOString() }));
  const reference =
    confirmation.reference ?? (state.status === "pending-payment" ? state.next?.reference : undefined);
  // An application's payment confirmed again once any payment is recorded: already done.
  if (!reference || payments.some((payment) => payment.reference === reference))
    return { account, recorded: false };
  if (parseReference(reference)?.application !== account.applicationId) return { account, recorded: false };
  const named = state.next?.reference === reference ? state.next : null;
  const due = named?.amount ?? null;
  const amount = confirmation.amount ?? (typeof due === "number" ? due : null);
  // Its kind is kept: a rejoining is a first payment, which late in the year covers the next one too.
  const kind = named ? { kind: named.kind } : {};
  // A mark that completes the fee, and a reason for lateness, belong to life instalments only.
  const instalment = /^L\d$/.test(parseReference(reference)?.period ?? "");
  const life = {
    ...(instalment && confirmation.completesFee ? { completesFee: true } : {}),
    ...(instalment && named?.late && confirmation.lateReason ? { lateReason: confirmation.lateReason } : {}),
  };
  const updated: Account = {
    ...account,
    status: "active",
    activatedAt: account.activatedAt ?? now.toISOString(),
    payments: [
      ...payments,
      {
        reference,
        amount,
        // Never after the day it is recorded: the forms refuse a later date, and this holds for any caller.
        paidOn: confirmation.receivedOn && confirmation.receivedOn < today ? confirmation.receivedOn : today,
        confirmedAt: now.toISOString(),
        ...kind,
        ...life,
        ...(confirmation.bankReference ? { bankReference: confirmation.bankReference } : {}),
      },
    ],
  };
  await saveAccount(updated);
  return { account: updated, recorded: true };
}
