import type { Membership } from "#shared/schemas/membership.ts";
import { MailLayout, Para } from "./layout.server.tsx";
import { type MailPayment, PaymentBlock } from "./payment-block.server.tsx";
import { SAMPLE_SITE, sampleBank, samplePayment } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  year: string;
  /** The day the membership lapses unless paid ("31 March 2028"). */
  lapsesOn: string | null;
  due: MailPayment;
  bank: Membership["bank"];
  accountUrl: string;
};

/** The second notice, three months after the reminder: the member is removed (in arrears). */
export const secondNotice = defineTemplate<Props>({
  name: "second-notice",
  title: "Second notice, three months after the reminder",
  subject: ({ year, due }) =>
    `Second notice: your ISGPB subscription for ${year} is unpaid (${due.reference})`,
  Body: ({ name, year, lapsesOn, due, bank, accountUrl }) => (
    <MailLayout preview={`Your subscription for ${year} is still unpaid`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`Your subscription for ${year} is still unpaid three months after the Treasurer's reminder, so under the society's rules you have been removed from its list of members in good standing.${lapsesOn ? ` Pay it before ${lapsesOn} to be restored; on that day your membership lapses.` : ""}`}
      </Para>
      <PaymentBlock due={due} bank={bank} accountUrl={accountUrl} />
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    year: "2027-28",
    lapsesOn: "31 March 2028",
    due: samplePayment,
    bank: sampleBank,
    accountUrl: `${SAMPLE_SITE}/account/membership`,
  },
});
