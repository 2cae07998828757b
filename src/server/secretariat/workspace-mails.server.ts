import type { Membership } from "#shared/schemas/membership.ts";
import type { Mail } from "../mail/mail.server.ts";
import { applicationRejected } from "../mail/templates/application-rejected.server.tsx";
import { applicationReopened } from "../mail/templates/application-reopened.server.tsx";
import type { MailPayment } from "../mail/templates/payment-block.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { workspaceSetPassword } from "../mail/templates/workspace-set-password.server.tsx";

/** The link a listed secretariat address sets (or resets) its workspace password with. */
export function setPasswordMail(email: string, link: string): Promise<Mail> {
  return composeMail(workspaceSetPassword, { email, link }, { to: [email] });
}

/** Tells an applicant the application was turned down, and why; replies go to the secretariat. */
export function rejectedMail(
  name: string,
  email: string,
  applicationId: string,
  reason: string,
  replyTo: string,
): Promise<Mail> {
  return composeMail(applicationRejected, { name, applicationId, reason }, { to: [email], replyTo });
}

/** Tells an applicant the application is open again, with what to pay; replies go to the secretariat. */
export function reopenedMail(
  applicant: { name: string; email: string; applicationId: string },
  payment: { due: MailPayment; bank: Membership["bank"]; accountUrl: string } | null,
  signInUrl: string,
  replyTo: string,
): Promise<Mail> {
  return composeMail(
    applicationReopened,
    { name: applicant.name, applicationId: applicant.applicationId, payment, signInUrl },
    { to: [applicant.email], replyTo },
  );
}
