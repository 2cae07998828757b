import { MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { signInUrl: string; forgotUrl: string };

/** Sent instead of an acknowledgement when someone enrols with an address that has an account. */
export const existingAccount = defineTemplate<Props>({
  name: "existing-account",
  title: "Enrolment with an address that already has an account",
  subject: () => "You already have an account with the society",
  Body: ({ signInUrl, forgotUrl }) => (
    <MailLayout preview="No new application was made">
      <Para>
        {`Someone, perhaps you, filled in the enrolment form of the Indian Society of Genetics and Plant Breeding with this e-mail address, which already has an account. No new application was made, so pay nothing against the payment reference the form showed: it belongs to no application. If it was you, sign in at ${signInUrl} to see the status of your membership and anything due; if you have forgotten your password, set a new one at ${forgotUrl}. If it was not you, you can ignore this e-mail.`}
      </Para>
    </MailLayout>
  ),
  sample: { signInUrl: `${SAMPLE_SITE}/login`, forgotUrl: `${SAMPLE_SITE}/forgot-password` },
});
