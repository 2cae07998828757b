import { MailLayout, Para } from "./layout.server.tsx";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; newEmail: string };

/** Sent to the old address once the account has moved. */
export const emailChanged = defineTemplate<Props>({
  name: "email-changed",
  title: "E-mail address changed: the note to the old address",
  subject: () => "Your e-mail address was changed",
  Body: ({ name, newEmail }) => (
    <MailLayout preview="Your account signs in with a new address">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`Your account with the Indian Society of Genetics and Plant Breeding now signs in with ${newEmail}; this address is no longer used for it. If you did not make this change, write to the secretariat at once.`}
      </Para>
    </MailLayout>
  ),
  sample: { name: "Dr. Ishaan Verma", newEmail: "i.verma@example.net" },
});
