import { Details, MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  /** The payment refunded: its reference, or Razorpay's id for one the ledger never applied. */
  payment: string;
  amount: string;
  /** How the money goes back, in words ("to the card or account you paid from, through Razorpay"). */
  how: string;
  /** The refund's own reference (Razorpay's rfnd_…, or the bank's for a transfer). */
  refundReference: string;
  /** The receipt marked refunded, if the payment had one. */
  receiptNumber: string | null;
  reason: string;
  accountUrl: string | null;
};

/** The secretariat refunded a payment (decision 0055): how much, how, and the receipt it cancels. */
export const paymentRefunded = defineTemplate<Props>({
  name: "payment-refunded",
  title: "A payment refunded by the secretariat",
  subject: ({ payment }) => `Refund of your payment ${payment}`,
  Body: ({ name, payment, amount, how, refundReference, receiptNumber, reason, accountUrl }) => (
    <MailLayout preview={`Your payment ${payment} is being refunded`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>{`The society has refunded your payment ${payment}: ${amount}, ${how}.`}</Para>
      <Details
        rows={[
          ["Payment", payment],
          ["Amount refunded", amount],
          ["Refund reference", refundReference],
          ["Reason", reason],
          ...(receiptNumber
            ? [["Receipt", `${receiptNumber}, now marked refunded`] as [string, string]]
            : []),
        ]}
      />
      {accountUrl ? <Para>{`Your account page lists your receipts: ${accountUrl}`}</Para> : null}
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    payment: "ISGPB-M-0A1B2C3D4E-2027-28",
    amount: "₹1,500",
    how: "to the card or account it was paid from, through Razorpay (banks take 5 to 7 working days)",
    refundReference: "rfnd_Sample0Refund1",
    receiptNumber: "ISGPB/2027-28/000042",
    reason: "Paid twice for the same year",
    accountUrl: `${SAMPLE_SITE}/account`,
  },
});
