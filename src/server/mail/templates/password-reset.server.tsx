import { Action, MailLayout, Para } from "./layout.server.tsx";
import { sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; link: string; minutes: number };

/** The single-use link of /forgot-password. */
export const passwordReset = defineTemplate<Props>({
  name: "password-reset",
  title: "Password reset link",
  subject: () => "Reset your password",
  Body: ({ name, link, minutes }) => (
    <MailLayout preview="Choose a new password">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`Someone, probably you, asked to reset the password of your account with the Indian Society of Genetics and Plant Breeding. Open this link to choose a new password. It works once, for ${minutes} minutes:`}
      </Para>
      <Action href={link}>Choose a new password</Action>
      <Para>If you did not ask, ignore this e-mail: your password stays as it is.</Para>
    </MailLayout>
  ),
  sample: { name: "Dr. Ishaan Verma", link: sampleLink("/reset-password"), minutes: 30 },
});
