import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
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
import { mailTemplates } from "./registry.server.ts";
import { renewalReminder } from "./renewal-reminder.server.tsx";
import { resultsDigest } from "./results-digest.server.tsx";
import { secondNotice } from "./second-notice.server.tsx";
import { type MailTemplate, type RenderedMail, renderTemplate } from "./template.server.tsx";
import { verification } from "./verification.server.tsx";
import { workspaceSetPassword } from "./workspace-set-password.server.tsx";

/** What each template's plain-text part must carry, read from its own sample. */
type Case = { name: string; subject: string; facts: string[]; render: () => Promise<RenderedMail> };

function caseOf<Props>(template: MailTemplate<Props>, facts: (sample: Props) => string[]): Case {
  return {
    name: template.name,
    subject: template.subject(template.sample),
    facts: facts(template.sample),
    render: () => renderTemplate(template, template.sample),
  };
}

const cases: Case[] = [
  caseOf(contactToSecretariat, (s) => [s.name, s.email, s.phone, "next issue of the journal"]),
  caseOf(contactAcknowledgement, (s) => [`Dear ${s.firstName},`, "will reply by e-mail"]),
  caseOf(verification, (s) => [s.applicationId, s.link, "48 hours"]),
  caseOf(existingAccount, (s) => [
    s.signInUrl,
    "No new application was made",
    "pay nothing against the payment reference",
  ]),
  caseOf(alreadyAMember, (s) => [s.memberNo, s.link, "no application was made", "14 days"]),
  caseOf(claimInvitation, (s) => [s.memberNo, s.className, s.link, s.claimPage, "You need not join again"]),
  caseOf(claimReminder, (s) => [s.memberNo, s.link, "one reminder"]),
  caseOf(claimLink, (s) => [s.memberNo, s.link, "14 days", "newest one"]),
  caseOf(applicationWaiting, (s) => [
    s.applicationId,
    s.name,
    s.link,
    s.expires,
    "no new application was made",
    "do not open the link",
  ]),
  caseOf(applicationToSecretariat, (s) => [
    s.applicationId,
    String(s.reference),
    s.application.name,
    s.application.email,
    String(s.approvalUrl),
    // A mobile number as the directory sheet writes one; a landline as stored.
    "Mobile: +91 90000 00001",
    "Office Phone: +911100000000",
  ]),
  caseOf(applicationAcknowledgement, (s) => [
    s.applicationId,
    `IFSC: ${s.bank.ifsc}`,
    `Account number: ${s.bank.accountNumber}`,
    s.signInUrl,
  ]),
  caseOf(accountActive, (s) => [s.reference, s.memberNumber, s.status, s.signInUrl ?? "", "now active"]),
  caseOf(paymentReceived, (s) => [s.reference, s.status, s.accountUrl ?? "", "Amount received: ₹1,500"]),
  caseOf(paymentRefunded, (s) => [s.payment, s.refundReference, s.receiptNumber ?? "", s.reason, "₹1,500"]),
  caseOf(renewalReminder, (s) => [
    s.due.reference,
    `If it is not paid by ${s.payBy}`,
    `IFSC: ${s.bank.ifsc}`,
    s.due.upiLink,
    s.accountUrl,
  ]),
  caseOf(lifeInstalmentReminder, (s) => [
    s.due.reference,
    s.lastDay,
    `Paid so far: ${s.paid}`,
    `Still owed: ${s.owed}`,
    `IFSC: ${s.bank.ifsc}`,
  ]),
  caseOf(secondNotice, (s) => [
    s.due.reference,
    `Pay it by ${s.payBy} to be restored`,
    `Account number: ${s.bank.accountNumber}`,
  ]),
  caseOf(membershipLapsed, (s) => [
    s.lapsedOn,
    "after a year of arrears",
    "To join again",
    s.instruction,
    `Payment reference: ${s.payment?.due.reference}`,
    s.contactUrl,
  ]),
  caseOf(freshApprovalLink, (s) => [s.applicationId, s.approvalUrl, "14 days"]),
  caseOf(applicationRejected, (s) => [
    `Dear ${s.name},`,
    s.applicationId,
    s.reason,
    "write to the secretariat",
  ]),
  caseOf(applicationReopened, (s) => [
    `Dear ${s.name},`,
    `${s.applicationId} is open again`,
    `Payment reference: ${s.payment?.due.reference}`,
    s.signInUrl,
  ]),
  caseOf(passwordReset, (s) => [
    `Dear ${s.name},`,
    s.link,
    `${s.minutes} minutes`,
    "your password stays as it is",
  ]),
  caseOf(passwordChanged, (s) => [s.forgotUrl, "signed out on every device", "tell the secretariat"]),
  caseOf(emailChange, (s) => [s.link, `${s.hours} hours`, "nothing changes"]),
  caseOf(emailChangeRequested, (s) => [s.newEmail, s.forgotUrl, "a new password cancels the link"]),
  caseOf(emailChanged, (s) => [s.newEmail, "write to the secretariat at once"]),
  caseOf(emailTaken, (s) => [s.signInUrl, "nothing was changed"]),
  caseOf(directoryCorrection, (s) => [
    `Account e-mail: ${s.account.email}`,
    `Application id: ${s.account.applicationId}`,
    `(id ${s.entry?.id})`,
    "Details concerned: University or institution, City",
    "Example Agricultural University, Pune",
  ]),
  caseOf(directoryAddressChanged, (s) => [
    `Old address (in the sheet): ${s.oldEmail}`,
    `New address: ${s.newEmail}`,
    `Application id: ${s.applicationId}`,
    "please change it there",
  ]),
  caseOf(accountClosed, (s) => [`E-mail: ${s.email}`, `Application id: ${s.applicationId}`, s.closedAt]),
  caseOf(accountClosedMember, (s) => [
    s.applicationId,
    s.signUpUrl,
    s.contactUrl,
    "membership is not changed",
  ]),
  caseOf(workspaceSetPassword, (s) => [s.email, s.link, "72 hours"]),
  caseOf(newsletterConfirm, (s) => [s.confirmUrl, s.unsubscribeUrl, "seven days"]),
  caseOf(newsletterIssue, (s) => [
    "Nominations for the society's awards",
    "https://www.isgpb.example/awards",
    s.attachmentUrl,
    s.unsubscribeUrl,
  ]),
  caseOf(ballotTracker, (s) => [
    s.tracker,
    s.election,
    s.votedOn,
    s.resultsUrl,
    "does not show how you voted",
  ]),
  caseOf(ballotReminder, (s) => [`You have not voted yet in the ${s.election}`, s.closes, s.voteUrl]),
  caseOf(resultsDigest, (s) => [s.digest, String(s.ballots), s.resultsUrl, "recount"]),
  caseOf(electionNotice, (s) => [s.title, s.term, s.cutoff, s.returningOfficer, s.url, "not on the ballot"]),
  caseOf(electionNominationsCall, (s) => [
    s.lastDay,
    "seconds the nomination",
    "two consecutive terms",
    s.url,
  ]),
  caseOf(electionNominated, (s) => [s.name, s.office, s.nominatedBy, s.lastDay, s.url]),
  caseOf(electionRollChange, (s) => [s.name, s.reason, s.returningOfficer, "added your name"]),
  caseOf(electionVotingOpen, (s) => [s.lastDay, "you may vote once", s.url]),
];

describe("mail templates", () => {
  it.each(cases)(
    "$name renders its sample: subject, HTML without script, text with the key facts",
    async (c) => {
      const mail = await c.render();
      expect(mail.subject).toBe(c.subject);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain("Indian Society of Genetics and Plant Breeding");
      expect(mail.html).not.toMatch(/<script|javascript:|\son\w+=/i);
      for (const fact of c.facts) expect(mail.text).toContain(fact);
      // The text part is text: no tag, and the hidden preview line is left out.
      expect(mail.text).not.toMatch(/<\/?[a-z][^>]*>/i);
      // A link whose address its paragraph already writes out is not followed by it a second
      // time ("Pay by UPI upi://… (…): upi://…", issue 54).
      for (const line of mail.text.split("\n")) {
        const addresses = line.match(/\b(?:https?|upi|mailto):[^\s)]+/g) ?? [];
        expect(new Set(addresses).size, line).toBe(addresses.length);
      }
    },
  );

  it("registers every template in the folder exactly once, each with its own name", async () => {
    const files = (await readdir(import.meta.dirname)).filter(
      (file) =>
        file.endsWith(".server.tsx") &&
        ![
          "layout.server.tsx",
          "template.server.tsx",
          "payment-block.server.tsx",
          "election-facts.server.tsx",
        ].includes(file),
    );
    expect(mailTemplates.map((template) => `${template.name}.server.tsx`).sort()).toEqual(files.sort());
    expect(cases).toHaveLength(mailTemplates.length);
  });

  it("escapes what a person typed: markup in a contact message stays text", async () => {
    const mail = await renderTemplate(contactToSecretariat, {
      ...contactToSecretariat.sample,
      name: '<img src=x onerror="alert(1)">',
      message: "<script>alert('x')</script>\n\n<b>fees</b>",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;b&gt;fees&lt;/b&gt;");
    expect(mail.text).toContain("<b>fees</b>");
  });

  it("keeps what a member or the secretariat typed as text, and says when no directory entry was found", async () => {
    const correction = await renderTemplate(directoryCorrection, {
      ...directoryCorrection.sample,
      entry: null,
      details: "<img src=x onerror=alert(1)>\n\nPune",
    });
    expect(correction.text).toContain("Directory entry: none found with this e-mail");
    expect(correction.html).not.toContain("<img src=x");
    const rejected = await renderTemplate(applicationRejected, {
      ...applicationRejected.sample,
      reason: '<a href="https://evil.example">pay here</a>',
    });
    expect(rejected.html).not.toContain('href="https://evil.example"');
    expect(rejected.text).toContain('<a href="https://evil.example">pay here</a>');
  });

  it("greets a sender with a long name by 'Hello', so a stranger's text is not relayed", async () => {
    const long = "x".repeat(41);
    const mail = await renderTemplate(contactAcknowledgement, { firstName: long });
    expect(mail.text).toContain("Hello,");
    expect(mail.text).not.toContain(long);
  });

  it("tells an author or reviewer that nothing is due, and gives the secretariat no approval link", async () => {
    const free = { ...applicationAcknowledgement.sample, feeDue: false };
    expect((await renderTemplate(applicationAcknowledgement, free)).text).toMatch(
      /No fee is due .* your account is active/,
    );
    const toSecretariat = await renderTemplate(applicationToSecretariat, {
      ...applicationToSecretariat.sample,
      approvalUrl: null,
    });
    expect(toSecretariat.text).toContain("no membership fee is due");
    expect(toSecretariat.text).not.toContain("/approve-payment");
  });

  it("claims no amount filled in when there is none, and says the amount when there is one", async () => {
    const unknown = await renderTemplate(renewalReminder, renewalReminder.sample);
    expect(unknown.text).not.toContain("with the amount and the reference filled in");
    expect(unknown.text).toContain("enter the amount yourself");
    expect(unknown.text).not.toContain("Pay to be announced");
    const known = await renderTemplate(renewalReminder, {
      ...renewalReminder.sample,
      due: {
        ...renewalReminder.sample.due,
        amount: 1000,
        upiLink: "upi://pay?pa=x@y&am=1000.00&cu=INR&tn=R",
      },
    });
    expect(known.text).toContain("Pay ₹1,000 by UPI");
    expect(known.text).toContain("with the amount and the reference filled in");
  });

  it("each registry entry renders with its sample data", async () => {
    for (const entry of mailTemplates) {
      const mail = await entry.render();
      expect(mail.subject).toBe(entry.subject);
      expect(mail.text.length).toBeGreaterThan(50);
    }
  });

  it("makes the links written in a newsletter's text clickable, and nothing else markup", async () => {
    const mail = await renderTemplate(newsletterIssue, {
      ...newsletterIssue.sample,
      text: "See https://example.org/a?b=1. Or <b>this</b> javascript:alert(1)",
      attachmentUrl: "",
    });
    expect(mail.html).toContain('href="https://example.org/a?b=1"');
    expect(mail.html).toContain("&lt;b&gt;this&lt;/b&gt;");
    expect(mail.html).not.toContain('href="javascript:');
    expect(mail.text).not.toContain("Open the attachment");
  });
});
