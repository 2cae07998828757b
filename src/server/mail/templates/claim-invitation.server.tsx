import { Action, MailLayout, Para } from "./layout.server.tsx";
import { sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

export type ClaimInvitationProps = {
  name: string;
  memberNo: string;
  /** The class as the account page names it ("Life member"). */
  className: string;
  link: string;
  days: number;
  claimPage: string;
};

/** What the invitation and its reminder both say: what the account is for, and the link. */
export function ClaimInvitationBody({
  name,
  memberNo,
  className,
  link,
  days,
  claimPage,
}: ClaimInvitationProps) {
  return (
    <>
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`As a member of the Indian Society of Genetics and Plant Breeding (member ${memberNo}, ${className}), you now have an account on the society's website. With it you can see your membership and its standing, pay your subscription, and keep your entry in the directory up to date. You need not join again: your membership is already on it.`}
      </Para>
      <Para>{`Open this link and choose a password. It works once, for ${days} days:`}</Para>
      <Action href={link}>Set my password</Action>
      <Para>{`If the link has expired, ask for a fresh one at ${claimPage} with this e-mail address.`}</Para>
    </>
  );
}

const sample: ClaimInvitationProps = {
  name: "Dr. Meera Kulkarni",
  memberNo: "L-0412",
  className: "Life member",
  link: sampleLink("/claim-account/password"),
  days: 14,
  claimPage: "https://www.isgpb.example/claim-account",
};

/** The secretariat's invitation to a register member to claim the website account. */
export const claimInvitation = defineTemplate<ClaimInvitationProps>({
  name: "claim-invitation",
  title: "Invitation to a register member to get the website account",
  subject: () => "Your membership on the society's new website",
  Body: (props) => (
    <MailLayout preview="Set a password for your website account">
      <ClaimInvitationBody {...props} />
    </MailLayout>
  ),
  sample,
});
