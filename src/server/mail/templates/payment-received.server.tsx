import { Details, MailLayout, Para } from "./layout.server.tsx";
import { CLOSED_ACCOUNT_RECORDS, type MailReceipt, receiptRows } from "./payment-block.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = MailReceipt & {
  name: string;
  status: string;
  /** The member's account page; null when they closed their website account (its record stays). */
  accountUrl: string | null;
};

/** Tells a member a later payment (a renewal, an instalment) was received, and what it pays for. */
export const paymentReceived = defineTemplate<Props>({
  name: "payment-received",
  title: "Payment received: a renewal or an instalment",
  subject: ({ reference }) => `Payment received (${reference})`,
  Body: ({ name, reference, amount, receivedOn, recordedOn, receiptNumber, status, accountUrl }) => (
    <MailLayout preview={`Payment ${reference} received`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {accountUrl
          ? `The society has received your payment ${reference}. Your account page shows the details: ${accountUrl}`
          : `The society has received your payment ${reference}. ${CLOSED_ACCOUNT_RECORDS}`}
      </Para>
      <Details
        rows={[
          ...receiptRows({ reference, amount, receivedOn, recordedOn, receiptNumber }),
          ["Membership", status],
        ]}
      />
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    reference: "ISGPB-M-0A1B2C3D4E-2027-28",
    amount: "₹1,500",
    receivedOn: "1 April 2027",
    recordedOn: "2 April 2027",
    status: "Active until 31 March 2028",
    accountUrl: `${SAMPLE_SITE}/account`,
  },
});
