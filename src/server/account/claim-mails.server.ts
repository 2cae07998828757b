import type { Mail } from "../mail/mail.server.ts";
import { claimLink } from "../mail/templates/claim-link.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";

/**
 * The mail of a claim link asked for (account-claim.server.ts), addressed; the invitations' and
 * enrolment's mails carry the same link in their own words.
 */
export function claimLinkMail(
  email: string,
  name: string,
  memberNo: string,
  link: string,
  days: number,
): Promise<Mail> {
  return composeMail(claimLink, { name, memberNo, link, days }, { to: [email] });
}
