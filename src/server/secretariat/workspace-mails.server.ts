import type { Mail } from "../mail/mail.server.ts";
import { applicationRejected } from "../mail/templates/application-rejected.server.tsx";
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
