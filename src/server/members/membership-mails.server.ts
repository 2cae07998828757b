/**
 * The membership mails: the payment details every mail that asks for money carries, the renewal
 * reminder, the second notice (removal) and the receipt of a confirmed payment. One function per
 * mail, each giving subject, text and html. The QR code is not in the mail: mail programs block
 * SVG and data: images, so the mail carries the UPI link (a tap on a phone opens the UPI app with
 * the amount and reference filled in) and a link to the account page, which shows the QR code.
 */
import { escapeHtml } from "#shared/escape-html.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import type { MembershipState } from "#shared/membership/status.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import { htmlParagraphs } from "../mail/escape.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { longDay } from "./membership-panel.server.ts";
import type { PaymentDue } from "./membership-payment.server.ts";

type Rows = [string, string][];

const bankRows = (bank: Membership["bank"]): Rows => [
  ["Account name", bank.accountName],
  ["Bank", bank.bankName],
  ["Account number", bank.accountNumber],
  ["IFSC", bank.ifsc],
  ["Branch code", bank.branchCode],
  ["SWIFT code", bank.swiftCode],
  ["Branch", bank.location],
];

const textRows = (rows: Rows) => rows.map(([label, value]) => `${label}: ${value}`).join("\n");
const htmlRows = (rows: Rows) =>
  `<table>${rows.map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`;

/** How to pay one amount: what it is, the reference, the bank details, the UPI link, where the QR code is. */
export function paymentDetails(due: PaymentDue, bank: Membership["bank"], accountUrl: string) {
  const amounts: Rows = [
    ...due.items.map(({ label, amount }): [string, string] => [label, formatAmount(amount)]),
    ["Total", formatAmount(due.amount)],
  ];
  const quote = `Payment reference: ${due.reference}\nPlease quote this reference with your payment, by bank transfer or UPI, so the treasurer can match it to you.`;
  const upi = `Pay by UPI (opens your UPI app with the amount and the reference): ${due.upiLink}`;
  const qr = `The QR code for this payment is on your account page: ${accountUrl}`;
  return {
    text: `${due.title}:\n${textRows(amounts)}\n\n${quote}\n\nBank transfer:\n${textRows(bankRows(bank))}\n\n${upi}\n${qr}`,
    html: `<p>${escapeHtml(due.title)}:</p>${htmlRows(amounts)}<p>Payment reference: <strong>${escapeHtml(due.reference)}</strong><br>Please quote this reference with your payment, by bank transfer or UPI, so the treasurer can match it to you.</p><p>Bank transfer:</p>${htmlRows(bankRows(bank))}<p><a href="${escapeHtml(due.upiLink)}">Pay ${escapeHtml(formatAmount(due.amount))} by UPI</a> (opens your UPI app with the amount and the reference filled in).</p><p><a href="${escapeHtml(accountUrl)}">Show the QR code on your account page</a></p>`,
  };
}

type Member = { name: string; email: string };

/** The Treasurer's reminder, sent once the financial year has ended unpaid. */
export function renewalReminderMail(
  member: Member,
  state: MembershipState,
  due: PaymentDue,
  bank: Membership["bank"],
  accountUrl: string,
): Mail {
  const year = state.arrearsYear ?? due.period;
  const removal = state.removalOn
    ? ` If it is not paid by ${longDay(state.removalOn)}, the society's rules remove you from its list of members.`
    : "";
  const intro = `Dear ${member.name},\n\nThe society's financial year has ended, and your subscription for ${year} is now due.${removal}`;
  const details = paymentDetails(due, bank, accountUrl);
  return {
    to: [member.email],
    subject: `Your ISGPB subscription for ${year} is due (${due.reference})`,
    text: `${intro}\n\n${details.text}\n`,
    html: `${htmlParagraphs(intro)}${details.html}`,
  };
}

/** The second notice, three months after the reminder: the member is removed (in arrears). */
export function secondNoticeMail(
  member: Member,
  state: MembershipState,
  due: PaymentDue,
  bank: Membership["bank"],
  accountUrl: string,
): Mail {
  const year = state.arrearsYear ?? due.period;
  const lapse = state.lapsesOn
    ? ` Pay it before ${longDay(state.lapsesOn)} to be restored; on that day your membership lapses.`
    : "";
  const intro = `Dear ${member.name},\n\nYour subscription for ${year} is still unpaid three months after the Treasurer's reminder, so under the society's rules you have been removed from its list of members in good standing.${lapse}`;
  const details = paymentDetails(due, bank, accountUrl);
  return {
    to: [member.email],
    subject: `Second notice: your ISGPB subscription for ${year} is unpaid (${due.reference})`,
    text: `${intro}\n\n${details.text}\n`,
    html: `${htmlParagraphs(intro)}${details.html}`,
  };
}

/** Tells a member a later payment (a renewal, an instalment) was received, and what it pays for. */
export function paymentReceivedMail(
  member: Member,
  reference: string,
  status: string,
  accountUrl: string,
): Mail {
  const text = `Dear ${member.name},\n\nThe society has received your payment ${reference}. Your membership: ${status}. Your account page shows the details: ${accountUrl}`;
  return {
    to: [member.email],
    subject: `Payment received (${reference})`,
    text: `${text}\n`,
    html: htmlParagraphs(text),
  };
}
