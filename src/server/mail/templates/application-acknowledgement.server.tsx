import { bankRows } from "#shared/membership/bank-rows.ts";
import { membershipLabel } from "#shared/membership/types.ts";
import type { Application } from "#shared/schemas/enrolment.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import { Details, MailLayout, Para } from "./layout.server.tsx";
import { type MailPayment, PaymentBlock } from "./payment-block.server.tsx";
import {
  SAMPLE_SITE,
  sampleApplication,
  sampleApplicationId,
  sampleBank,
  samplePayment,
} from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  application: Application;
  applicationId: string;
  /** Whether a fee is due: how to pay it, or (an author or reviewer) that the account is active. */
  feeDue: boolean;
  bank: Membership["bank"];
  signInUrl: string;
  /** The fee with its payment reference and UPI link, when the membership module gives one. */
  payment?: { due: MailPayment; accountUrl: string } | null;
};

/** The applicant's acknowledgement, once the address is confirmed. */
export const applicationAcknowledgement = defineTemplate<Props>({
  name: "application-acknowledgement",
  title: "Enrolment application, acknowledgement to the applicant",
  subject: ({ applicationId }) =>
    `Your application ${applicationId} to the Indian Society of Genetics and Plant Breeding`,
  Body: ({ application, applicationId, feeDue, bank, signInUrl, payment }) => (
    <MailLayout preview={`Your application id is ${applicationId}`}>
      <Para>{`Dear ${application.name},`}</Para>
      <Para>
        {`Thank you for applying to the Indian Society of Genetics and Plant Breeding (${membershipLabel(application.membership)}). Your e-mail address is confirmed and your application id is ${applicationId}.`}
      </Para>
      {feeDue && payment ? (
        <>
          <Para>
            Please pay the fee offline, by bank transfer or UPI, quoting the payment reference below. The
            secretariat activates your account as soon as the payment reaches the society, and tells you by
            e-mail.
          </Para>
          <PaymentBlock due={payment.due} bank={bank} accountUrl={payment.accountUrl} />
          <Para>{`You can sign in at ${signInUrl} to follow the status of your application.`}</Para>
        </>
      ) : feeDue ? (
        <>
          <Para>
            {`Please pay the fee offline, by bank transfer or UPI, quoting the payment reference your account page shows (${signInUrl}). The secretariat activates your account as soon as the payment reaches the society, and tells you by e-mail.`}
          </Para>
          <Details rows={bankRows(bank)} />
        </>
      ) : (
        <Para>
          {`No fee is due for an author or reviewer account: your account is active. Sign in at ${signInUrl} to see it.`}
        </Para>
      )}
    </MailLayout>
  ),
  sample: {
    application: sampleApplication,
    applicationId: sampleApplicationId,
    feeDue: true,
    bank: sampleBank,
    signInUrl: `${SAMPLE_SITE}/login`,
    payment: {
      due: { ...samplePayment, title: "Your application's fee", reference: "ISGPB-EN-0A1B2C3D4E-2026-27" },
      accountUrl: `${SAMPLE_SITE}/account/membership`,
    },
  },
});
