/**
 * How to pay by UPI, in words, with an amount and without one: shared by the account page, the
 * server's membership panel and the mails. Without an amount (a fee still to be announced) the UPI
 * link carries none (upiLink leaves out `am=`), so the words must not claim one is filled in; they
 * read as a sentence, never "Pay to be announced".
 */
import { type Amount, formatAmount, TO_BE_ANNOUNCED } from "./amount.ts";

/** The UPI link's words: "Pay ₹1,500 with a UPI app", or "Pay with a UPI app; enter the amount yourself". */
export const upiLinkText = (amount: Amount) =>
  amount === TO_BE_ANNOUNCED
    ? "Pay with a UPI app; enter the amount yourself"
    : `Pay ${formatAmount(amount)} with a UPI app`;

/** The same, shorter, for a mail's link: "Pay ₹1,500 by UPI", or "Pay by UPI". */
export const upiMailLinkText = (amount: Amount) =>
  amount === TO_BE_ANNOUNCED ? "Pay by UPI" : `Pay ${formatAmount(amount)} by UPI`;

/** What opening the link does: with the amount and the reference filled in, or the reference only. */
export const upiOpensWith = (amount: Amount) =>
  amount === TO_BE_ANNOUNCED
    ? "opens your UPI app with the reference filled in; enter the amount yourself"
    : "opens your UPI app with the amount and the reference filled in";

/** Under the QR code. */
export const upiQrCaption = (amount: Amount, reference: string) =>
  amount === TO_BE_ANNOUNCED
    ? `Scan with a UPI app and enter the amount yourself; reference ${reference}.`
    : `Scan with a UPI app: ${formatAmount(amount)}, reference ${reference}.`;
