import { Details, MailLayout, Para } from "./layout.server.tsx";
import { sampleApplicationId } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; email: string; applicationId: string; closedAt: string };

/** To the secretariat: a member closed their website account; the application stays on record. */
export const accountClosed = defineTemplate<Props>({
  name: "account-closed",
  title: "Website account closed, to the secretariat",
  subject: ({ name }) => `Website account closed: ${name}`,
  Body: ({ name, email, applicationId, closedAt }) => (
    <MailLayout preview={`${name} closed their account on the website`}>
      <Para>
        A member has closed their account on the website. Its password, sessions and sign-in records are
        deleted; the application and the membership's record stay in the workspace, marked as closed. Their
        membership itself is unchanged: please update the society's records if they also mean to leave the
        society.
      </Para>
      <Details
        rows={[
          ["Member", name],
          ["E-mail", email],
          ["Application id", applicationId],
          ["Closed at", closedAt],
        ]}
      />
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    email: "ishaan.verma@example.org",
    applicationId: sampleApplicationId,
    closedAt: "2027-05-14T09:30:00.000Z",
  },
});
