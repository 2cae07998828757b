import { Action, MailLayout, Para } from "./layout.server.tsx";
import { sampleApplicationId, sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; applicationId: string; link: string };

/**
 * The link that confirms an address; nothing else is sent to an address until it is confirmed.
 * It names the application, so a person who did not apply can tell and ignore it.
 */
export const verification = defineTemplate<Props>({
  name: "verification",
  title: "Confirm your e-mail address (after enrolling)",
  subject: ({ applicationId }) => `Confirm your e-mail address (application ${applicationId})`,
  Body: ({ name, applicationId, link }) => (
    <MailLayout preview="Confirm your e-mail address to finish your application">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`Please confirm that this e-mail address is yours, to finish your application ${applicationId} to the Indian Society of Genetics and Plant Breeding. Open this link and press the button on the page (the link works for 48 hours, once):`}
      </Para>
      <Action href={link}>Confirm my e-mail address</Action>
      <Para>
        You can sign in once the address is confirmed. If you did not apply, ignore this e-mail: no account is
        used with this address until it is confirmed.
      </Para>
    </MailLayout>
  ),
  sample: { name: "Dr. Ishaan Verma", applicationId: sampleApplicationId, link: sampleLink("/verify-email") },
});
