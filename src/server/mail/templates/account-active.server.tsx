import { Details, MailLayout, Para } from "./layout.server.tsx";
import { CLOSED_ACCOUNT_RECORDS, type MailReceipt, receiptRows } from "./payment-block.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

/** The receipt: the payment by the reference the member quoted (ISGPB-EN-…-2026-27), its amount and day. */
type Props = MailReceipt & {
  name: string;
  memberNumber: string;
  /** The membership now, in one line ("Active until 31 March 2027"). */
  status: string;
  /** Where to sign in to see it; null when the member closed their website account (its record stays). */
  signInUrl: string | null;
  /**
   * The payment was for one copy of the journal (the `single` rule): a purchase, not a place on the
   * roll (decision 0038), so the mail says what was bought instead of "membership active".
   */
  singleCopy?: boolean;
};

/** Tells the member their first payment was received and the membership is active. */
export const accountActive = defineTemplate<Props>({
  name: "account-active",
  title: "Payment received: the membership is active",
  subject: ({ reference, singleCopy }) =>
    singleCopy
      ? `Payment ${reference} received: one copy of the journal`
      : `Your membership is active (payment ${reference} received)`,
  Body: ({
    name,
    reference,
    amount,
    receivedOn,
    recordedOn,
    receiptNumber,
    memberNumber,
    status,
    signInUrl,
    singleCopy,
  }) => (
    <MailLayout
      preview={singleCopy ? "Your payment for the journal is received" : "Your membership is now active"}
    >
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`${
          singleCopy
            ? `The society has received your payment ${reference} for one copy of the journal. There is nothing to renew.`
            : `The society has received your payment ${reference}, and your membership is now active.`
        } ${signInUrl ? `Sign in at ${signInUrl} to see it.` : CLOSED_ACCOUNT_RECORDS}`}
      </Para>
      <Details
        rows={[
          ...receiptRows({ reference, amount, receivedOn, recordedOn, receiptNumber }),
          ["Member number", memberNumber],
          [singleCopy ? "Status" : "Membership", status],
        ]}
      />
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    reference: "ISGPB-EN-0A1B2C3D4E-2026-27",
    amount: "₹1,500",
    receivedOn: "26 November 2026",
    recordedOn: "28 November 2026",
    memberNumber: "M-0A1B2C3D4E",
    status: "Active until 31 March 2027",
    signInUrl: `${SAMPLE_SITE}/login`,
  },
});
