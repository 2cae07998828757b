import type { Membership } from "#shared/schemas/membership.ts";
import { Details, MailLayout, Para } from "./layout.server.tsx";
import { type MailPayment, PaymentBlock } from "./payment-block.server.tsx";
import { SAMPLE_SITE, sampleBank } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  /** Whether the year of instalments has ended (the notice removal counts from) or is ending. */
  ended: boolean;
  /** The last day of the year of instalments ("30 April 2027"). */
  lastDay: string;
  /** The life fee, what has been paid towards it and what is still owed, as the page writes them. */
  fee: string;
  paid: string;
  owed: string;
  /** Once the year has ended: the last day that still counts before removal ("31 July 2027"). */
  payBy: string | null;
  due: MailPayment;
  bank: Membership["bank"];
  accountUrl: string;
};

/**
 * A life member with an instalment still owed: reminded within the last month of the year of
 * instalments, and told when it has ended, from which removal counts (decision 0025).
 */
export const lifeInstalmentReminder = defineTemplate<Props>({
  name: "life-instalment-reminder",
  title: "Life membership fee: the rest is due, or overdue",
  subject: ({ ended, lastDay, due }) =>
    ended
      ? `The rest of your ISGPB life membership fee is overdue (${due.reference})`
      : `The rest of your ISGPB life membership fee is due by ${lastDay} (${due.reference})`,
  Body: ({ name, ended, lastDay, fee, paid, owed, payBy, due, bank, accountUrl }) => (
    <MailLayout preview={ended ? "Your life membership fee is not yet paid in full" : `Due by ${lastDay}`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {ended
          ? `The year in which the society's rules let the life membership fee be paid in instalments ended on ${lastDay}, and the fee is not yet paid in full.${payBy ? ` If the rest is not paid by ${payBy}, the rules remove you from the society's list of members in good standing.` : ""} An instalment paid now is recorded by the secretariat as a late one.`
          : `Your life membership fee may be paid in instalments until ${lastDay}. It becomes a life membership once the fee is paid in full.`}
      </Para>
      <Details
        rows={[
          ["Life membership fee", fee],
          ["Paid so far", paid],
          ["Still owed", owed],
        ]}
      />
      <PaymentBlock due={due} bank={bank} accountUrl={accountUrl} />
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    ended: false,
    lastDay: "30 April 2027",
    fee: "to be announced",
    paid: "₹5,000 in 1 of up to 3 instalments",
    owed: "to be announced",
    payBy: null,
    due: {
      title: "The rest of your life membership fee (instalment 2)",
      items: [{ label: "Life membership fee, instalment 2 (all or part of the rest)", amount: "TBA" }],
      amount: "TBA",
      reference: "ISGPB-M-0A1B2C3D4E-L2",
      upiLink: "upi://pay?pa=isgpb@examplebank&pn=ISGPB&cu=INR&tn=ISGPB-M-0A1B2C3D4E-L2",
    },
    bank: sampleBank,
    accountUrl: `${SAMPLE_SITE}/account/membership`,
  },
});
