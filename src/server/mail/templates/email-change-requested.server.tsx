import { MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; newEmail: string; forgotUrl: string };

/** Sent to the old address when a change is asked for, so its owner can stop it. */
export const emailChangeRequested = defineTemplate<Props>({
  name: "email-change-requested",
  title: "New e-mail address asked for: the note to the old address",
  subject: () => "A change of your e-mail address was asked for",
  Body: ({ name, newEmail, forgotUrl }) => (
    <MailLayout preview="A change of your e-mail address was asked for">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`A change of the e-mail address of your account with the Indian Society of Genetics and Plant Breeding was asked for, to ${newEmail}. It happens only once the link sent to that address is opened.`}
      </Para>
      <Para>{`If you did not ask, change your password at ${forgotUrl}: a new password cancels the link.`}</Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    newEmail: "i.verma@example.net",
    forgotUrl: `${SAMPLE_SITE}/forgot-password`,
  },
});
