/**
 * The membership mails: the renewal reminder, the second notice (removal) and the receipt of a
 * later payment, each a React Email template (src/server/mail/templates). Every mail that asks for
 * money carries the payment block: the reference, the bank details, the UPI link and a link to
 * the account page's QR code (mail programs block SVG and data: images).
 */
import type { MembershipState } from "#shared/membership/status.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import type { Mail } from "../mail/mail.server.ts";
import { paymentReceived } from "../mail/templates/payment-received.server.tsx";
import { renewalReminder } from "../mail/templates/renewal-reminder.server.tsx";
import { secondNotice } from "../mail/templates/second-notice.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { longDay } from "./membership-panel.server.ts";
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
      removalOn: state.removalOn ? longDay(state.removalOn) : null,
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
      year: state.arrearsYear ?? due.period,
      lapsesOn: state.lapsesOn ? longDay(state.lapsesOn) : null,
      due,
      bank,
      accountUrl,
    },
    { to: [member.email] },
  );
}

/** Tells a member a later payment (a renewal, an instalment) was received, and what it pays for. */
export function paymentReceivedMail(
  member: Member,
  reference: string,
  status: string,
  accountUrl: string,
): Promise<Mail> {
  return composeMail(
    paymentReceived,
    { name: member.name, reference, status, accountUrl },
    { to: [member.email] },
  );
}
