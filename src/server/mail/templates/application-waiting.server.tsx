import { Action, MailLayout, Para } from "./layout.server.tsx";
import { sampleApplicationId, sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; applicationId: string; link: string; expires: string };

/**
 * Sent when the enrolment form is filled in again with an address whose first application is still
 * waiting for confirmation. The waiting application is left as it is and its own link is sent
 * again: a second form never takes over an address someone else has not yet confirmed, and never
 * voids the link the first mail carried. It names the waiting application, so whoever reads it can
 * tell whether it is theirs.
 */
export const applicationWaiting = defineTemplate<Props>({
  name: "application-waiting",
  title: "Enrolment with an address whose application is waiting for confirmation",
  subject: ({ applicationId }) => `Your application ${applicationId} is waiting for confirmation`,
  Body: ({ name, applicationId, link, expires }) => (
    <MailLayout preview="No new application was made: the first one is waiting for you">
      <Para>
        {`Someone, perhaps you, filled in the enrolment form of the Indian Society of Genetics and Plant Breeding again with this e-mail address. An application with this address, ${applicationId} in the name of ${name}, is already waiting for the address to be confirmed, so no new application was made: pay nothing against the payment reference the form showed this time.`}
      </Para>
      <Para>
        {`If application ${applicationId} is yours, confirm the address with the link below. It is the same link as in the first e-mail, and it works once, until ${expires}:`}
      </Para>
      <Action href={link}>Confirm my e-mail address</Action>
      <Para>
        {`If it is not yours, do not open the link. Nothing is done with this address until it is confirmed, and once the link has expired you can apply with this address yourself.`}
      </Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    applicationId: sampleApplicationId,
    link: sampleLink("/verify-email"),
    expires: "9 December 2026, 4:00 pm IST",
  },
});
