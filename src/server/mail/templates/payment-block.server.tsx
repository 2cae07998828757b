import { type Amount, formatAmount } from "#shared/membership/amount.ts";
import { bankRows } from "#shared/membership/bank-rows.ts";
import { upiMailLinkText, upiOpensWith } from "#shared/membership/payment-wording.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import { Details, Para, TextLink } from "./layout.server.tsx";

/** One amount to pay, as the membership module gives it (membership-payment.server.ts). */
export type MailPayment = {
  title: string;
  items: { label: string; amount: Amount }[];
  amount: Amount;
  reference: string;
  upiLink: string;
};

/**
 * How to pay one amount: what it is, the reference to quote, the bank details, the UPI link and
 * where the QR code is. The QR code itself is not in the mail: mail programs block SVG and data:
 * images, so the mail links to the account page, which shows it (decision 0014).
 */
export function PaymentBlock({
  due,
  bank,
  accountUrl,
}: {
  due: MailPayment;
  bank: Membership["bank"];
  accountUrl: string;
}) {
  return (
    <>
      <Para>{`${due.title}:`}</Para>
      <Details
        rows={[
          ...due.items.map(({ label, amount }): [string, string] => [label, formatAmount(amount)]),
          ["Total", formatAmount(due.amount)],
        ]}
      />
      <Para>
        {`Payment reference: ${due.reference}\nPlease quote this reference with your payment, by bank transfer or UPI, so the treasurer can match it to you.`}
      </Para>
      <Para>Bank transfer:</Para>
      <Details rows={bankRows(bank)} />
      <Para>
        <TextLink href={due.upiLink}>{upiMailLinkText(due.amount)}</TextLink>
        {` (${upiOpensWith(due.amount)}): `}
        {due.upiLink}
      </Para>
      <Para>
        <TextLink href={accountUrl}>Show the QR code on your account page</TextLink>
        {`: ${accountUrl}`}
      </Para>
    </>
  );
}

/**
 * What a receipt says of a payment received; the amount is left out when none was recorded. The
 * day it reached the society (the one its period counts from) and the day the office recorded it.
 */
export type MailReceipt = {
  reference: string;
  amount: string | null;
  receivedOn: string;
  recordedOn: string;
  /** The receipt's number (decision 0055), when the mail carries the receipt as a PDF. */
  receiptNumber?: string | undefined;
};

/** A receipt's rows, the same in every mail that confirms a payment. */
export const receiptRows = ({
  reference,
  amount,
  receivedOn,
  recordedOn,
  receiptNumber,
}: MailReceipt): [string, string][] => [
  ["Payment", reference],
  ...(amount ? [["Amount received", amount] as [string, string]] : []),
  ["Received on", receivedOn],
  ["Recorded on", recordedOn],
  ...(receiptNumber ? [["Receipt", `${receiptNumber} (attached as a PDF)`] as [string, string]] : []),
];

/**
 * What a receipt says to a member who closed their website account: there is no page to point to,
 * and enrolling again would make a new application, not bring this record back (decision 0037).
 */
export const CLOSED_ACCOUNT_RECORDS =
  "You closed your account on the website, so there is no page there to see it on: the society's records keep it, and the secretariat can answer any question about it.";
