import { type Day, dayInIndia } from "#shared/membership/calendar.ts";
import { parseReference } from "#shared/membership/reference.ts";
import {
  type MembershipAccount,
  type MembershipState,
  membershipState,
  type RegisterFacts,
} from "#shared/membership/status.ts";
import {
  type Account,
  type AccountPayment,
  type AccountRegister,
  getAccount,
  updateAccount,
} from "../account/accounts.server.ts";
import type { Tx } from "../db/database.server.ts";
import { membershipContent } from "./membership-content.server.ts";
import { insertPayment } from "./membership-records.server.ts";

/**
 * The membership of an account, from its confirmed payments and the content's rules. An account
 * activated before payments were recorded counts as having paid its application on that day.
 */
export function membershipAccount(account: Account): MembershipAccount {
  const payments = account.payments ?? [];
  // A member from the register: the register stands for the payments the site never saw.
  if (payments.length > 0 || account.status !== "active" || !account.activatedAt || account.register)
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
  ...(account.register ? { register: registerFacts(account, account.register) } : {}),
  ...(account.mergedApplications ? { mergedApplications: account.mergedApplications } : {}),
});

/** What the status rules read of the register (decision 0051). */
function registerFacts(account: Account, register: AccountRegister): RegisterFacts {
  return {
    memberNo: register.memberNo,
    joinedYear: register.joinedYear,
    lastPaidYear: register.lastPaidYear,
    lifeOwed: register.lifeOwed,
    // The figures' day: when life_owed was written, else the import that made the account.
    since: register.owedSince ?? dayInIndia(new Date(account.activatedAt ?? account.submittedAt)),
  };
}

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
  /**
   * Taken online: Razorpay's payment and the order it paid (decision 0052). The payment is
   * recorded with source 'online' and these ids; without it, as the secretariat's record.
   */
  online?: { paymentId: string; orderId: string } | undefined;
};

/**
 * Records a confirmed payment on the account, once: the same reference confirmed again records
 * nothing (the payments' unique reference decides, at the same moment too). Without a reference it
 * is the application's payment, named as on the day it is confirmed (so an application paid across
 * 1 April counts for the new year). In the caller's transaction, on the account it locked. Answers
 * the account as it now is and whether this call recorded anything.
 */
export async function confirmPayment(
  tx: Tx,
  account: Account,
  confirmation: PaymentConfirmation,
  now = new Date(),
  confirmedBy?: string,
): Promise<{ account: Account; recorded: boolean; payment?: AccountPayment }> {
  const today = dayInIndia(now);
  const state = membershipOf(account, now);
  const reference =
    confirmation.reference ?? (state.status === "pending-payment" ? state.next?.reference : undefined);
  // An application's payment confirmed again once any payment is recorded: already done.
  const known = membershipAccount(account).payments;
  if (!reference || known.some((payment) => payment.reference === reference))
    return { account, recorded: false };
  if (parseReference(reference)?.application !== account.applicationId) return { account, recorded: false };
  const named = state.next?.reference === reference ? state.next : null;
  const due = named?.amount ?? null;
  const amount = confirmation.amount ?? (typeof due === "number" ? due : null);
  // A mark that completes the fee, and a reason for lateness, belong to life instalments only.
  const instalment = /^L\d$/.test(parseReference(reference)?.period ?? "");
  // An account activated before payments were recorded counts its application as paid that day:
  // that payment becomes a row with this one, so the membership reads the same after it.
  if (!account.payments?.length)
    for (const legacy of known)
      await insertPayment(tx, account.key, {
        ...legacy,
        confirmedAt: account.activatedAt ?? now.toISOString(),
      });
  const recorded = await insertPayment(tx, account.key, {
    reference,
    amount,
    // Never after the day it is recorded: the forms refuse a later date, and this holds for any caller.
    paidOn: confirmation.receivedOn && confirmation.receivedOn < today ? confirmation.receivedOn : today,
    confirmedAt: now.toISOString(),
    // Its kind is kept: a rejoining is a first payment, which late in the year covers the next one too.
    ...(named ? { kind: named.kind } : {}),
    ...(instalment && confirmation.completesFee ? { completesFee: true } : {}),
    ...(instalment && named?.late && confirmation.lateReason ? { lateReason: confirmation.lateReason } : {}),
    ...(confirmation.bankReference ? { bankReference: confirmation.bankReference } : {}),
    ...(confirmation.online
      ? {
          source: "online" as const,
          razorpayPaymentId: confirmation.online.paymentId,
          razorpayOrderId: confirmation.online.orderId,
        }
      : {}),
    confirmedBy,
  });
  if (!recorded) return { account, recorded: false };
  await updateAccount(
    account.key,
    { status: "active", activatedAt: account.activatedAt ?? now.toISOString() },
    tx,
  );
  const updated = (await getAccount(account.key, tx)) as Account;
  const payment = updated.payments?.find((paid) => paid.reference === reference);
  return { account: updated, recorded: true, ...(payment ? { payment } : {}) };
}
