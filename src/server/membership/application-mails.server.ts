import type { Application } from "#shared/schemas/enrolment.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import type { Mail } from "../mail/mail.server.ts";
import { accountActive } from "../mail/templates/account-active.server.tsx";
import { applicationAcknowledgement } from "../mail/templates/application-acknowledgement.server.tsx";
import { applicationToSecretariat } from "../mail/templates/application-to-secretariat.server.tsx";
import { applicationWaiting } from "../mail/templates/application-waiting.server.tsx";
import { existingAccount } from "../mail/templates/existing-account.server.tsx";
import { freshApprovalLink } from "../mail/templates/fresh-approval-link.server.tsx";
import type { MailPayment, MailReceipt } from "../mail/templates/payment-block.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { verification } from "../mail/templates/verification.server.tsx";

export { applicationRows } from "../mail/templates/application-to-secretariat.server.tsx";

/**
 * Sent once the applicant has confirmed the address: the secretariat's copy (with the link that
 * confirms the payment, when there is a fee) and the applicant's acknowledgement (how to pay, or,
 * for an author or reviewer, that the account is active). `approvalUrl` is null when nothing is due.
 */
export async function enrolmentMails(
  application: Application,
  applicationId: string,
  approvalUrl: string | null,
  secretariat: string,
  content: Membership,
  signInUrl: string,
  /** What to pay, with its payment reference and UPI link (the membership module's). */
  payment: { due: MailPayment; accountUrl: string } | null = null,
): Promise<{ secretariat: Mail; acknowledgement: Mail }> {
  return {
    secretariat: await composeMail(
      applicationToSecretariat,
      { application, applicationId, approvalUrl, reference: payment?.due.reference ?? null },
      { to: [secretariat], replyTo: application.email },
    ),
    acknowledgement: await composeMail(
      applicationAcknowledgement,
      { application, applicationId, feeDue: approvalUrl !== null, bank: content.bank, signInUrl, payment },
      { to: [application.email] },
    ),
  };
}

/** The link that confirms an address; nothing else is sent to an address until it is confirmed. */
export function verificationMail(
  email: string,
  name: string,
  applicationId: string,
  link: string,
): Promise<Mail> {
  return composeMail(verification, { name, applicationId, link }, { to: [email] });
}

/**
 * Sent when someone enrols with an address whose application is still waiting for confirmation:
 * that application's own link again (`link`, good until `expires`), never a new one.
 */
export function applicationWaitingMail(
  account: { email: string; name: string; applicationId: string },
  link: string,
  expires: string,
): Promise<Mail> {
  const { name, applicationId } = account;
  return composeMail(applicationWaiting, { name, applicationId, link, expires }, { to: [account.email] });
}

/** Sent instead of an acknowledgement when someone enrols with an address that has an account. */
export function existingAccountMail(email: string, origin: string): Promise<Mail> {
  return composeMail(
    existingAccount,
    { signInUrl: `${origin}/login`, forgotUrl: `${origin}/forgot-password` },
    { to: [email] },
  );
}

/** Tells the member their first payment, by its reference, was received and the membership is active. */
export function activatedMail(
  member: { name: string; email: string },
  payment: MailReceipt & {
    memberNumber: string;
    status: string;
    singleCopy?: boolean;
  },
  signInUrl: string | null,
): Promise<Mail> {
  return composeMail(accountActive, { name: member.name, ...payment, signInUrl }, { to: [member.email] });
}

/** A fresh approval link, asked for from an expired one; it only ever goes to the secretariat. */
export function renewedApprovalMail(
  name: string,
  applicationId: string,
  approvalUrl: string,
  secretariat: string,
): Promise<Mail> {
  return composeMail(freshApprovalLink, { name, applicationId, approvalUrl }, { to: [secretariat] });
}
