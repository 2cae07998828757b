import { phoneAsWritten } from "#shared/forms/field-rules.ts";
import { membershipLabel } from "#shared/membership/types.ts";
import type { Application } from "#shared/schemas/enrolment.ts";
import { Action, Details, MailLayout, Para } from "./layout.server.tsx";
import { sampleApplication, sampleApplicationId, sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** Every field of the application, as the secretariat reads it (there is no password in it). */
export function applicationRows(application: Application, applicationId: string): [string, string][] {
  return [
    ["Application id", applicationId],
    ["Membership", membershipLabel(application.membership)],
    ["Journal format", application.format],
    ["Full Name", application.name],
    ["Designation/Position", application.designation],
    ["Date of birth", application.dob],
    ["Gender", application.gender || "not given"],
    ["Indian languages", application.indianLanguages.join(", ") || "none given"],
    ["Office Address", application.address],
    ["City", application.city],
    ["State", application.state || "not given"],
    ["Country", application.country],
    ["PIN Code", application.pincode],
    // As the directory sheet writes a mobile number (+91 98100 00000), not as it is stored.
    ["Office Phone", phoneAsWritten(application.phone)],
    ["Mobile", phoneAsWritten(application.mobile)],
    ["Email Address", application.email],
    ["I am an author", yesNo(application.author)],
    ["I am a reviewer", yesNo(application.reviewer)],
    ["Areas of interest", application.areasOfInterest || "not given"],
    ["Agreed to the terms and conditions", yesNo(application.agreement)],
  ];
}

type Props = {
  application: Application;
  applicationId: string;
  /** The signed link that confirms the payment; null when nothing is due (an author or reviewer). */
  approvalUrl: string | null;
  /** The reference the applicant quotes with the payment (ISGPB-EN-…-2026-27), when one is due. */
  reference?: string | null;
};

/** A confirmed application, for the secretariat (sent with Reply-To the applicant). */
export const applicationToSecretariat = defineTemplate<Props>({
  name: "application-to-secretariat",
  title: "Enrolment application, to the secretariat",
  subject: ({ application, applicationId }) =>
    `Enrolment application ${applicationId} from ${application.name}`,
  Body: ({ application, applicationId, approvalUrl, reference }) => (
    <MailLayout preview={`${membershipLabel(application.membership)}: ${application.name}`}>
      <Details rows={applicationRows(application, applicationId)} />
      {approvalUrl === null ? (
        <Para>
          An author or reviewer account: no membership fee is due, and the account is already active (the
          applicant has confirmed the e-mail address).
        </Para>
      ) : (
        <>
          {reference ? (
            <Para>{`The applicant quotes the payment reference ${reference} with the payment.`}</Para>
          ) : null}
          <Para>
            When the fee has reached the society's account, open this link, enter the amount received and
            press 'Mark payment received' to activate the account (the link works for 14 days):
          </Para>
          <Action href={approvalUrl}>{`Confirm the payment for ${applicationId}`}</Action>
        </>
      )}
    </MailLayout>
  ),
  sample: {
    application: sampleApplication,
    applicationId: sampleApplicationId,
    approvalUrl: sampleLink("/approve-payment"),
    reference: "ISGPB-EN-0A1B2C3D4E-L1",
  },
});
