import { Action, MailLayout, Para } from "./layout.server.tsx";
import { sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; memberNo: string; link: string; days: number };

/**
 * Instead of an application: the enrolment form was sent with the address of a member on the
 * register, who has no need to join. The page answered as it does for any application.
 */
export const alreadyAMember = defineTemplate<Props>({
  name: "already-a-member",
  title: "Enrolment with a register member's address",
  subject: () => "You are already a member of the society",
  Body: ({ name, memberNo, link, days }) => (
    <MailLayout preview="No need to join again: get your website account">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`The society's enrolment form was just sent with this e-mail address. This address belongs to member ${memberNo} on the society's register, so you are already a member: no application was made, and no fee is asked of you.`}
      </Para>
      <Para>{`To use the website as a member, get your website account: open this link and choose a password. It works once, for ${days} days.`}</Para>
      <Action href={link}>Get my website account</Action>
      <Para>
        If you did not fill in the form, ignore this e-mail: nothing changes until the link is used.
      </Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Meera Kulkarni",
    memberNo: "L-0412",
    link: sampleLink("/claim-account/password"),
    days: 14,
  },
});
