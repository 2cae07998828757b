import { MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE, sampleApplicationId } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; applicationId: string; signInUrl: string };

/** Tells the member their payment was received and the account is active. */
export const accountActive = defineTemplate<Props>({
  name: "account-active",
  title: "Payment received: the membership is active",
  subject: ({ applicationId }) => `Your membership is active (${applicationId})`,
  Body: ({ name, applicationId, signInUrl }) => (
    <MailLayout preview="Your account is now active">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`The society has received your payment for application ${applicationId}, and your account is now active. Sign in at ${signInUrl} to see it.`}
      </Para>
    </MailLayout>
  ),
  sample: { name: "Dr. Ishaan Verma", applicationId: sampleApplicationId, signInUrl: `${SAMPLE_SITE}/login` },
});
