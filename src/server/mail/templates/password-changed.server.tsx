import { MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; forgotUrl: string; signedOutEverywhere: boolean };

/** After a new password is set, by a reset link or in the account's settings. */
export const passwordChanged = defineTemplate<Props>({
  name: "password-changed",
  title: "Password changed",
  subject: () => "Your password was changed",
  Body: ({ name, forgotUrl, signedOutEverywhere }) => (
    <MailLayout preview="The password of your account was changed">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`The password of your account with the Indian Society of Genetics and Plant Breeding was changed. ${
          signedOutEverywhere
            ? "You have been signed out on every device; sign in again with the new password."
            : "You have been signed out on your other devices."
        }`}
      </Para>
      <Para>{`If you did not change it, reset it at once at ${forgotUrl} and tell the secretariat.`}</Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    forgotUrl: `${SAMPLE_SITE}/forgot-password`,
    signedOutEverywhere: true,
  },
});
