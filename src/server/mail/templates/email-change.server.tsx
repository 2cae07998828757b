import { Action, MailLayout, Para } from "./layout.server.tsx";
import { sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; link: string; hours: number };

/** Sent to the new address: the link that moves the account to it. */
export const emailChange = defineTemplate<Props>({
  name: "email-change",
  title: "New e-mail address: the confirmation link",
  subject: () => "Confirm your new e-mail address",
  Body: ({ name, link, hours }) => (
    <MailLayout preview="Confirm your new e-mail address">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`You asked to sign in to your account with the Indian Society of Genetics and Plant Breeding with this address from now on. Open this link and press the button on the page to confirm it. The link works once, for ${hours} hours:`}
      </Para>
      <Action href={link}>Confirm my new e-mail address</Action>
      <Para>If you did not ask, ignore this e-mail: nothing changes.</Para>
    </MailLayout>
  ),
  sample: { name: "Dr. Ishaan Verma", link: sampleLink("/account/confirm-email"), hours: 24 },
});
