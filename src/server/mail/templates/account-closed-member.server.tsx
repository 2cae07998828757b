import { MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE, sampleApplicationId } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; applicationId: string; signUpUrl: string; contactUrl: string };

/**
 * To the member who closed their website account: what went and what stays. Sent to the address
 * the account had, so someone who closed it without its owner's knowing is found out.
 */
export const accountClosedMember = defineTemplate<Props>({
  name: "account-closed-member",
  title: "Website account closed, to the member",
  subject: () => "Your ISGPB website account is closed",
  Body: ({ name, applicationId, signUpUrl, contactUrl }) => (
    <MailLayout preview="Your account on the society's website is closed">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`Your account on the website of the Indian Society of Genetics and Plant Breeding is closed: its password and sign-in records are deleted, and you are signed out everywhere. Your membership is not changed by this; the society keeps its record of your application ${applicationId} and of any payments.`}
      </Para>
      <Para>{`To use the website again, you can enrol again at ${signUpUrl}; that is a new application, beside the one the society keeps. If you did not close your account, or you also mean to leave the society, write to the secretariat at ${contactUrl}.`}</Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    applicationId: sampleApplicationId,
    signUpUrl: `${SAMPLE_SITE}/sign-up`,
    contactUrl: `${SAMPLE_SITE}/contact-us`,
  },
});
