import type { Membership } from "#shared/schemas/membership.ts";
import { MailLayout, Para } from "./layout.server.tsx";
import { type MailPayment, PaymentBlock } from "./payment-block.server.tsx";
import { SAMPLE_SITE, sampleApplicationId, sampleBank, samplePayment } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  applicationId: string;
  /** What to pay for the application now, with its reference; null when nothing is due. */
  payment: { due: MailPayment; bank: Membership["bank"]; accountUrl: string } | null;
  signInUrl: string;
};

/** The secretariat reopened an application it had turned down: it stands again, and what to do. */
export const applicationReopened = defineTemplate<Props>({
  name: "application-reopened",
  title: "Application reopened, to the applicant",
  subject: ({ applicationId }) => `Your application ${applicationId} is open again`,
  Body: ({ name, applicationId, payment, signInUrl }) => (
    <MailLayout preview={`Your application ${applicationId} is open again`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`The secretariat of the Indian Society of Genetics and Plant Breeding has looked at your application again: your application ${applicationId} is open again, and the earlier message that it could not be accepted no longer stands.`}
      </Para>
      {payment ? (
        <>
          <Para>
            The secretariat activates your membership when your payment reaches the society. If you have paid
            already, there is nothing more to do.
          </Para>
          <PaymentBlock due={payment.due} bank={payment.bank} accountUrl={payment.accountUrl} />
        </>
      ) : null}
      <Para>{`You can sign in at ${signInUrl} to follow your application.`}</Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    applicationId: sampleApplicationId,
    payment: {
      due: { ...samplePayment, title: "Your application's fee", reference: "ISGPB-EN-0A1B2C3D4E-2026-27" },
      bank: sampleBank,
      accountUrl: `${SAMPLE_SITE}/account/membership`,
    },
    signInUrl: `${SAMPLE_SITE}/login`,
  },
});
