import type { Membership } from "#shared/schemas/membership.ts";
import { MailLayout, Para } from "./layout.server.tsx";
import { type MailPayment, PaymentBlock } from "./payment-block.server.tsx";
import { SAMPLE_SITE, sampleBank, samplePayment } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  /** The financial year now due, "2027-28". */
  year: string;
  /**
   * The last day that still counts before the rules remove an unpaid member ("30 June 2027": in
   * arrears from 00:00 IST on 1 July), once the reminder is sent.
   */
  payBy: string | null;
  due: MailPayment;
  bank: Membership["bank"];
  accountUrl: string;
};

/** The Treasurer's reminder, sent once the financial year has ended unpaid. */
export const renewalReminder = defineTemplate<Props>({
  name: "renewal-reminder",
  title: "Renewal reminder, after the financial year ends",
  subject: ({ year, due }) => `Your ISGPB subscription for ${year} is due (${due.reference})`,
  Body: ({ name, year, payBy, due, bank, accountUrl }) => (
    <MailLayout preview={`Your subscription for ${year} is due`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`The society's financial year has ended, and your subscription for ${year} is now due.${payBy ? ` If it is not paid by ${payBy}, the society's rules remove you from its list of members in good standing.` : ""}`}
      </Para>
      <PaymentBlock due={due} bank={bank} accountUrl={accountUrl} />
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    year: "2027-28",
    payBy: "30 June 2027",
    due: samplePayment,
    bank: sampleBank,
    accountUrl: `${SAMPLE_SITE}/account/membership`,
  },
});
