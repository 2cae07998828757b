import type { Membership } from "#shared/schemas/membership.ts";
import { MailLayout, Para } from "./layout.server.tsx";
import { type MailPayment, PaymentBlock } from "./payment-block.server.tsx";
import { SAMPLE_SITE, sampleBank, samplePayment } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  /** What is unpaid: "your ISGPB subscription for 2027-28", "the rest of your ISGPB life membership fee". */
  what: string;
  /** The last day that still counts before the membership lapses ("31 March 2028": it lapses on 1 April). */
  payBy: string | null;
  due: MailPayment;
  bank: Membership["bank"];
  accountUrl: string;
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The second notice, three months after the reminder: the member is removed (in arrears). */
export const secondNotice = defineTemplate<Props>({
  name: "second-notice",
  title: "Second notice, three months after the reminder",
  subject: ({ what, due }) => `Second notice: ${what} is unpaid (${due.reference})`,
  Body: ({ name, what, payBy, due, bank, accountUrl }) => (
    <MailLayout preview={`${capitalised(what)} is still unpaid`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`${capitalised(what)} is still unpaid three months after the Treasurer's reminder, so under the society's rules you have been removed from its list of members in good standing.${payBy ? ` Pay it by ${payBy} to be restored; after that day your membership lapses.` : ""}`}
      </Para>
      <PaymentBlock due={due} bank={bank} accountUrl={accountUrl} />
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    what: "your ISGPB subscription for 2027-28",
    payBy: "31 March 2028",
    due: samplePayment,
    bank: sampleBank,
    accountUrl: `${SAMPLE_SITE}/account/membership`,
  },
});
