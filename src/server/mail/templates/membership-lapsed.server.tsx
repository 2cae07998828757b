import type { Membership } from "#shared/schemas/membership.ts";
import { MailLayout, Para } from "./layout.server.tsx";
import { type MailPayment, PaymentBlock } from "./payment-block.server.tsx";
import { SAMPLE_SITE, sampleBank } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  /** What went unpaid: "your ISGPB subscription for 2027-28", "the rest of your ISGPB life membership fee". */
  what: string;
  /** The day the membership was cancelled ("1 April 2028"). */
  lapsedOn: string;
  /** What to do now, as the account page says it (lapsedInstruction). */
  instruction: string;
  /** The payment that makes a member again: the rejoining's, or a life fee's rest. */
  payment: { due: MailPayment; bank: Membership["bank"]; accountUrl: string } | null;
  contactUrl: string;
};

/** The membership is cancelled after a year of arrears (the constitution's rule), and how to be a member again. */
export const membershipLapsed = defineTemplate<Props>({
  name: "membership-lapsed",
  title: "Membership cancelled after a year of arrears",
  subject: () => "Your ISGPB membership has been cancelled",
  Body: ({ name, what, lapsedOn, instruction, payment, contactUrl }) => (
    <MailLayout preview="Your membership has been cancelled; you can join again">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`Under the society's rules a membership is cancelled after a year of arrears. As ${what} was not paid, your membership was cancelled on ${lapsedOn}. Your account stays, and you can still sign in to see it.`}
      </Para>
      <Para>{instruction}</Para>
      {payment && <PaymentBlock due={payment.due} bank={payment.bank} accountUrl={payment.accountUrl} />}
      <Para>{`If you have paid already, or think this is a mistake, write to the secretariat: ${contactUrl}`}</Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    what: "your ISGPB subscription for 2027-28",
    lapsedOn: "1 April 2028",
    instruction:
      "To join again, pay the registration fee and this year's subscription, quoting the reference below. Your membership starts again when the payment reaches the society.",
    payment: {
      due: {
        title: "To join again: the registration fee and the subscription for 2028-29",
        items: [
          { label: "Registration fee", amount: "TBA" },
          { label: "Subscription for 2028-29", amount: "TBA" },
        ],
        amount: "TBA",
        reference: "ISGPB-M-0A1B2C3D4E-2028-29",
        upiLink: "upi://pay?pa=isgpb@examplebank&pn=ISGPB&cu=INR&tn=ISGPB-M-0A1B2C3D4E-2028-29",
      },
      bank: sampleBank,
      accountUrl: `${SAMPLE_SITE}/account/membership`,
    },
    contactUrl: `${SAMPLE_SITE}/contact-us`,
  },
});
