import { ClaimInvitationBody, type ClaimInvitationProps } from "./claim-invitation.server.tsx";
import { MailLayout, Para } from "./layout.server.tsx";
import { sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

/** The one reminder of the invitation, to a member who has not yet set a password. */
export const claimReminder = defineTemplate<ClaimInvitationProps>({
  name: "claim-reminder",
  title: "Reminder to a register member to get the website account",
  subject: () => "Reminder: your account on the society's website",
  Body: (props) => (
    <MailLayout preview="Your website account is waiting for a password">
      <ClaimInvitationBody {...props} />
      <Para>
        This is the one reminder we send. The link in our first e-mail no longer works; use the one above.
      </Para>
    </MailLayout>
  ),
  sample: {
    name: "Shri Rohan Deshpande",
    memberNo: "O-1187",
    className: "Ordinary member",
    link: sampleLink("/claim-account/password"),
    days: 14,
    claimPage: "https://www.isgpb.example/claim-account",
  },
});
