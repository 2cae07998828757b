import { MailLayout, Para, Paragraphs } from "./layout.server.tsx";
import { sampleApplicationId } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; applicationId: string; reason: string };

/** Tells an applicant the application was turned down, and why (the secretariat's own words). */
export const applicationRejected = defineTemplate<Props>({
  name: "application-rejected",
  title: "Application rejected, to the applicant",
  subject: ({ applicationId }) => `Your application ${applicationId}`,
  Body: ({ name, applicationId, reason }) => (
    <MailLayout preview={`About your application ${applicationId}`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`The secretariat of the Indian Society of Genetics and Plant Breeding could not accept your application ${applicationId}. The reason given:`}
      </Para>
      <Paragraphs text={reason} />
      <Para>If you have questions, reply to this e-mail or write to the secretariat.</Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    applicationId: sampleApplicationId,
    reason: "The payment reference did not match any transfer received by the society.",
  },
});
