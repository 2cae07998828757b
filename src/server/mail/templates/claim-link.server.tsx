import { Action, MailLayout, Para } from "./layout.server.tsx";
import { sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; memberNo: string; link: string; days: number };

/**
 * The claim link a register member asked for on /claim-account (or the secretariat sent after
 * checking a new address): sent only to the register's address, never to one typed in a form.
 */
export const claimLink = defineTemplate<Props>({
  name: "claim-link",
  title: "Get your website account (link asked for)",
  subject: () => "Your website account with the society",
  Body: ({ name, memberNo, link, days }) => (
    <MailLayout preview="Set a password for your website account">
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`A link was asked for to open the website account of member ${memberNo} of the Indian Society of Genetics and Plant Breeding. Open it and choose a password; you then sign in with this address. The link works once, for ${days} days, and only while it is the newest one sent to you.`}
      </Para>
      <Action href={link}>Set my password</Action>
      <Para>If you did not ask for it, ignore this e-mail: nothing changes until the link is used.</Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Meera Kulkarni",
    memberNo: "L-0412",
    link: sampleLink("/claim-account/password"),
    days: 14,
  },
});
