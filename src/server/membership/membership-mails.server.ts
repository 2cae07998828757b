/**
 * The membership mails: the renewal reminder, the second notice (removal) and the receipt of a
 * later payment, each a React Email template (src/server/mail/templates). Every mail that asks for
 * money carries the payment block: the reference, the bank details, the UPI link and a link to
 * the account page's QR code (mail programs block SVG and data: images).
 */
import { formatAmount } from "#shared/membership/amount.ts";
import type { MembershipState } from "#shared/membership/status.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import type { Mail } from "../mail/mail.server.ts";
import { lifeInstalmentReminder } from "../mail/templates/life-instalment-reminder.server.tsx";
import { membershipLapsed } from "../mail/templates/membership-lapsed.server.tsx";
import type { MailReceipt } from "../mail/templates/payment-block.server.tsx";
import { paymentReceived } from "../mail/templates/payment-received.server.tsx";
import { renewalReminder } from "../mail/templates/renewal-reminder.server.tsx";
import { secondNotice } from "../mail/templates/second-notice.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { lapsedInstruction, lastDayBefore, longDay } from "./membership-panel.server.ts";
import type { PaymentDue } from "./membership-payment.server.ts";

type Member = { name: string; email: string };

/** The Treasurer's reminder, sent once the financial year has ended unpaid. */
export function renewalReminderMail(
  member: Member,
  state: MembershipState,
  due: PaymentDue,
  bank: Membership["bank"],
  accountUrl: string,
): Promise<Mail> {
  return composeMail(
    renewalReminder,
    {
      name: member.name,
      year: state.arrearsYear ?? due.period,
      // The last day that still counts: removal takes effect at 00:00 IST the day after.
      payBy: state.removalOn ? lastDayBefore(state.removalOn) : null,
      due,
      bank,
      accountUrl,
    },
    { to: [member.email] },
  );
}

/** The second notice, three months after the reminder: the member is removed (in arrears). */
export function secondNoticeMail(
  member: Member,
  state: MembershipState,
  due: PaymentDue,
  bank: Membership["bank"],
  accountUrl: string,
): Promise<Mail> {
  return composeMail(
    secondNotice,
    {
      name: member.name,
      what: state.arrearsYear
        ? `your ISGPB subscription for ${state.arrearsYear}`
        : "the rest of your ISGPB life membership fee",
      payBy: state.lapsesOn ? lastDayBefore(state.lapsesOn) : null,
      due,
      bank,
      accountUrl,
    },
    { to: [member.email] },
  );
}

/**
 * A life member with an instalment owed: the reminder before the year of instalments ends, and the
 * notice when it has ended (with the last day before removal, which that notice starts).
 */
export function lifeInstalmentMail(
  member: Member,
  state: MembershipState,
  due: PaymentDue,
  bank: Membership["bank"],
  accountUrl: string,
): Promise<Mail> {
  const fee = state.lifeFee;
  const ended = state.status !== "active";
  return composeMail(
    lifeInstalmentReminder,
    {
      name: member.name,
      ended,
      lastDay: fee ? longDay(fee.lastDay) : "",
      fee: formatAmount(fee?.total ?? "TBA"),
      paid: fee
        ? `${formatAmount(fee.paid)} in ${fee.instalments} of up to ${fee.allowed} instalment${fee.allowed === 1 ? "" : "s"}`
        : "",
      owed: formatAmount(fee?.owed ?? "TBA"),
      payBy: ended && state.removalOn ? lastDayBefore(state.removalOn) : null,
      due,
      bank,
      accountUrl,
    },
    { to: [member.email] },
  );
}

/**
 * The membership is cancelled after a year of arrears: what went unpaid, and what makes a member
 * again, in the account page's words (an annual member: the rejoining's payment; a life member: the
 * rest of the fee, as a late instalment).
 */
export function lapsedMail(
  member: Member,
  state: MembershipState,
  due: PaymentDue | null,
  bank: Membership["bank"],
  accountUrl: string,
): Promise<Mail> {
  const origin = new URL(accountUrl).origin;
  return composeMail(
    membershipLapsed,
    {
      name: member.name,
      what: state.arrearsYear
        ? `your ISGPB subscription for ${state.arrearsYear}`
        : "the rest of your ISGPB life membership fee",
      lapsedOn: state.since ? longDay(state.since) : "",
      instruction: lapsedInstruction(state),
      payment: due ? { due, bank, accountUrl } : null,
      contactUrl: `${origin}/contact-us`,
    },
    { to: [member.email] },
  );
}

/** Tells a member a later payment (a renewal, an instalment) was received, and what it pays for. */
export function paymentReceivedMail(
  member: Member,
  payment: MailReceipt,
  status: string,
  accountUrl: string | null,
): Promise<Mail> {
  return composeMail(
    paymentReceived,
    { name: member.name, ...payment, status, accountUrl },
    { to: [member.email] },
  );
}
