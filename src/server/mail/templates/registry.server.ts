import { accountActive } from "./account-active.server.tsx";
import { accountClosed } from "./account-closed.server.tsx";
import { accountClosedMember } from "./account-closed-member.server.tsx";
import { alreadyAMember } from "./already-a-member.server.tsx";
import { applicationAcknowledgement } from "./application-acknowledgement.server.tsx";
import { applicationRejected } from "./application-rejected.server.tsx";
import { applicationReopened } from "./application-reopened.server.tsx";
import { applicationToSecretariat } from "./application-to-secretariat.server.tsx";
import { applicationWaiting } from "./application-waiting.server.tsx";
import { ballotReminder } from "./ballot-reminder.server.tsx";
import { ballotTracker } from "./ballot-tracker.server.tsx";
import { claimInvitation } from "./claim-invitation.server.tsx";
import { claimLink } from "./claim-link.server.tsx";
import { claimReminder } from "./claim-reminder.server.tsx";
import { contactAcknowledgement } from "./contact-acknowledgement.server.tsx";
import { contactToSecretariat } from "./contact-to-secretariat.server.tsx";
import { directoryAddressChanged } from "./directory-address-changed.server.tsx";
import { directoryCorrection } from "./directory-correction.server.tsx";
import { electionNominated } from "./election-nominated.server.tsx";
import { electionNominationsCall } from "./election-nominations-call.server.tsx";
import { electionNotice } from "./election-notice.server.tsx";
import { electionRollChange } from "./election-roll-change.server.tsx";
import { electionVotingOpen } from "./election-voting-open.server.tsx";
import { emailChange } from "./email-change.server.tsx";
import { emailChangeRequested } from "./email-change-requested.server.tsx";
import { emailChanged } from "./email-changed.server.tsx";
import { emailTaken } from "./email-taken.server.tsx";
import { existingAccount } from "./existing-account.server.tsx";
import { freshApprovalLink } from "./fresh-approval-link.server.tsx";
import { lifeInstalmentReminder } from "./life-instalment-reminder.server.tsx";
import { membershipLapsed } from "./membership-lapsed.server.tsx";
import { newsletterConfirm } from "./newsletter-confirm.server.tsx";
import { newsletterIssue } from "./newsletter-issue.server.tsx";
import { passwordChanged } from "./password-changed.server.tsx";
import { passwordReset } from "./password-reset.server.tsx";
import { paymentReceived } from "./payment-received.server.tsx";
import { paymentRefunded } from "./payment-refunded.server.tsx";
import { renewalReminder } from "./renewal-reminder.server.tsx";
import { resultsDigest } from "./results-digest.server.tsx";
import { secondNotice } from "./second-notice.server.tsx";
import { type MailTemplate, type RenderedMail, renderTemplate } from "./template.server.tsx";
import { verification } from "./verification.server.tsx";
import { workspaceSetPassword } from "./workspace-set-password.server.tsx";

/** One entry per mail the site sends, for the workspace's previews: rendered with its sample data. */
export type TemplatePreview = {
  name: string;
  title: string;
  subject: string;
  render: () => Promise<RenderedMail>;
};

const preview = <Props>(template: MailTemplate<Props>): TemplatePreview => ({
  name: template.name,
  title: template.title,
  subject: template.subject(template.sample),
  render: () => renderTemplate(template, template.sample),
});

/** Every template, in the order a member meets them. A new template is added here (see README.md). */
export const mailTemplates: TemplatePreview[] = [
  preview(contactToSecretariat),
  preview(contactAcknowledgement),
  preview(verification),
  preview(existingAccount),
  preview(alreadyAMember),
  preview(claimInvitation),
  preview(claimReminder),
  preview(claimLink),
  preview(applicationWaiting),
  preview(applicationToSecretariat),
  preview(applicationAcknowledgement),
  preview(accountActive),
  preview(paymentReceived),
  preview(paymentRefunded),
  preview(renewalReminder),
  preview(lifeInstalmentReminder),
  preview(secondNotice),
  preview(membershipLapsed),
  preview(freshApprovalLink),
  preview(applicationRejected),
  preview(applicationReopened),
  preview(passwordReset),
  preview(passwordChanged),
  preview(emailChange),
  preview(emailChangeRequested),
  preview(emailChanged),
  preview(emailTaken),
  preview(directoryCorrection),
  preview(directoryAddressChanged),
  preview(accountClosed),
  preview(accountClosedMember),
  preview(workspaceSetPassword),
  preview(newsletterConfirm),
  preview(newsletterIssue),
  preview(ballotTracker),
  preview(ballotReminder),
  preview(resultsDigest),
  preview(electionNotice),
  preview(electionNominationsCall),
  preview(electionNominated),
  preview(electionRollChange),
  preview(electionVotingOpen),
];

export const findTemplate = (name: string) => mailTemplates.find((template) => template.name === name);
