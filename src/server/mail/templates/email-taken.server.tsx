import { MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { signInUrl: string };

/**
 * Sent to the owner of an address another account tried to move to. The one who asked is
 * answered as if it worked, so no one learns from the form whose address it is.
 */
export const emailTaken = defineTemplate<Props>({
  name: "email-taken",
  title: "E-mail address asked for by another account",
  subject: () => "Your e-mail address was not changed",
  Body: ({ signInUrl }) => (
    <MailLayout preview="Nothing was changed">
      <Para>
        {`Someone with an account of the Indian Society of Genetics and Plant Breeding asked to use this e-mail address for it. This address already has an account (yours), so nothing was changed. If you have questions, sign in at ${signInUrl} or write to the secretariat; otherwise you can ignore this e-mail.`}
      </Para>
    </MailLayout>
  ),
  sample: { signInUrl: `${SAMPLE_SITE}/login` },
});
