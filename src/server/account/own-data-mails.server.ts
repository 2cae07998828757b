import type { Member } from "#shared/schemas/directory.ts";
import type { Mail } from "../mail/mail.server.ts";
import { accountClosed } from "../mail/templates/account-closed.server.tsx";
import { accountClosedMember } from "../mail/templates/account-closed-member.server.tsx";
import { directoryCorrection } from "../mail/templates/directory-correction.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";

/**
 * The mails of a member's own data (decision 0015), addressed: each renders its template
 * (`../mail/templates/`). Every mail goes through the stored-then-sent submissions path.
 */

export type CorrectionMailInput = {
  account: { name: string; email: string; applicationId: string };
  entry: Member | null;
  fields: string[];
  details: string;
};

/** To the secretariat: a member asks for their directory entry to be corrected (or to be added). */
export function correctionMail(input: CorrectionMailInput, secretariat: string): Promise<Mail> {
  return composeMail(directoryCorrection, input, { to: [secretariat], replyTo: input.account.email });
}

export type ClosedAccountMailInput = { name: string; email: string; applicationId: string; closedAt: string };

/** To the secretariat: a member closed their website account; the application stays on record. */
export function accountClosedMail(input: ClosedAccountMailInput, secretariat: string): Promise<Mail> {
  return composeMail(accountClosed, input, { to: [secretariat] });
}

/** To the member, at the address the account had: the account is closed, the membership stays. */
export function accountClosedMemberMail(input: ClosedAccountMailInput, origin: string): Promise<Mail> {
  return composeMail(
    accountClosedMember,
    {
      name: input.name,
      applicationId: input.applicationId,
      signUpUrl: `${origin}/sign-up`,
      contactUrl: `${origin}/contact-us`,
    },
    { to: [input.email] },
  );
}
