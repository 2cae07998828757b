import { membershipLabel } from "#shared/enrolment-options.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import type { Application } from "#shared/schemas/enrolment.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import { htmlParagraphs } from "../mail/escape.server.ts";
import type { Mail } from "../mail/mail.server.ts";

type Rows = [string, string][];

const textRows = (rows: Rows) => rows.map(([label, value]) => `${label}: ${value}`).join("\n");
const htmlRows = (rows: Rows) =>
  `<table>${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\r?\n/g, "<br>")}</td></tr>`,
    )
    .join("")}</table>`;

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** Every field of the application, as the secretariat reads it (there is no password in it). */
export function applicationRows(application: Application, applicationId: string): Rows {
  return [
    ["Application id", applicationId],
    ["Membership", membershipLabel(application.membership)],
    ["Journal format", application.format],
    ["Full Name", application.name],
    ["Designation/Position", application.designation],
    ["Date of birth", application.dob],
    ["Gender", application.gender || "not given"],
    ["Indian languages", application.indianLanguages.join(", ") || "none given"],
    ["Office Address", application.address],
    ["City", application.city],
    ["State", application.state || "not given"],
    ["Country", application.country],
    ["PIN Code", application.pincode],
    ["Office Phone", application.phone],
    ["Mobile", application.mobile],
    ["Email Address", application.email],
    ["I am an author", yesNo(application.author)],
    ["I am a reviewer", yesNo(application.reviewer)],
    ["Areas of interest", application.areasOfInterest || "not given"],
    ["Agreed to the terms and conditions", yesNo(application.agreement)],
  ];
}

function paymentRows(bank: Membership["bank"]): Rows {
  return [
    ["Account name", bank.accountName],
    ["Bank", bank.bankName],
    ["Account number", bank.accountNumber],
    ["IFSC", bank.ifsc],
    ["Branch code", bank.branchCode],
    ["SWIFT code", bank.swiftCode],
    ["Branch", bank.location],
  ];
}

/**
 * Sent once the applicant has confirmed the address: the secretariat's copy (with the link that
 * confirms the payment, when there is a fee) and the applicant's acknowledgement (how to pay, or,
 * for an author or reviewer, that the account is active). `approvalUrl` is null when nothing is due.
 */
export function enrolmentMails(
  application: Application,
  applicationId: string,
  approvalUrl: string | null,
  secretariat: string,
  content: Membership,
  signInUrl: string,
  /** What to pay and how, with its payment reference (membership-mails.server.ts). */
  payment: { text: string; html: string } | null = null,
): { secretariat: Mail; acknowledgement: Mail } {
  const rows = applicationRows(application, applicationId);
  const greeting = `Dear ${application.name},`;
  const thanks = `Thank you for applying to the Indian Society of Genetics and Plant Breeding (${membershipLabel(application.membership)}). Your e-mail address is confirmed and your application id is ${applicationId}.`;
  const toSecretariat = {
    to: [secretariat],
    replyTo: application.email,
    subject: `Enrolment application ${applicationId} from ${application.name}`,
  };
  const toApplicant = {
    to: [application.email],
    subject: `Your application ${applicationId} to the Indian Society of Genetics and Plant Breeding`,
  };
  if (approvalUrl === null) {
    const free =
      "An author or reviewer account: no membership fee is due, and the account is already active (the applicant has confirmed the e-mail address).";
    const active = `No fee is due for an author or reviewer account: your account is active. Sign in at ${signInUrl} to see it.`;
    return {
      secretariat: {
        ...toSecretariat,
        text: `${textRows(rows)}\n\n${free}\n`,
        html: `${htmlRows(rows)}<p>${free}</p>`,
      },
      acknowledgement: {
        ...toApplicant,
        text: `${greeting}\n\n${thanks}\n\n${active}\n`,
        html: `<p>${escapeHtml(greeting)}</p>${htmlParagraphs(thanks)}${htmlParagraphs(active)}`,
      },
    };
  }
  const approve =
    "When the fee has reached the society's account, open this link and press 'Mark payment received' to activate the account (the link works for 14 days):";
  const bank = paymentRows(content.bank);
  const pay = payment
    ? "Please pay the fee offline, by bank transfer or UPI, quoting the payment reference below. The secretariat activates your account as soon as the payment reaches the society, and tells you by e-mail."
    : `Please pay the fee offline, by bank transfer or UPI, quoting your application id ${applicationId} as the reference. The secretariat activates your account as soon as the payment reaches the society, and tells you by e-mail.`;
  const follow = `You can sign in at ${signInUrl} to follow the status of your application.`;
  return {
    secretariat: {
      ...toSecretariat,
      text: `${textRows(rows)}\n\n${approve}\n${approvalUrl}\n`,
      html: `${htmlRows(rows)}<p>${approve}</p><p><a href="${escapeHtml(approvalUrl)}">Confirm the payment for ${escapeHtml(applicationId)}</a></p>`,
    },
    acknowledgement: {
      ...toApplicant,
      text: `${greeting}\n\n${thanks}\n\n${pay}\n\n${payment ? payment.text : textRows(bank)}\n\n${follow}\n`,
      html: `<p>${escapeHtml(greeting)}</p>${htmlParagraphs(thanks)}${htmlParagraphs(pay)}${payment ? payment.html : htmlRows(bank)}${htmlParagraphs(follow)}`,
    },
  };
}

/**
 * The link that confirms an address; nothing else is sent to an address until it is confirmed.
 * It names the application, so a person who did not apply can tell and ignore it.
 */
export function verificationMail(email: string, name: string, applicationId: string, link: string): Mail {
  const text = `Dear ${name},\n\nPlease confirm that this e-mail address is yours, to finish your application ${applicationId} to the Indian Society of Genetics and Plant Breeding. Open this link and press the button on the page (the link works for 48 hours, once):\n${link}\n\nYou can sign in once the address is confirmed. If you did not apply, ignore this e-mail: no account is used with this address until it is confirmed.`;
  return {
    to: [email],
    subject: `Confirm your e-mail address (application ${applicationId})`,
    text: `${text}\n`,
    html: `${htmlParagraphs(text.replace(`\n${link}`, ""))}<p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p>`,
  };
}

/** Sent instead of an acknowledgement when someone enrols with an address that has an account. */
export function existingAccountMail(email: string, signInUrl: string): Mail {
  const text = `Someone, perhaps you, filled in the enrolment form of the Indian Society of Genetics and Plant Breeding with this e-mail address, which already has an account. No new application was made. If it was you, sign in at ${signInUrl} to see the status of your membership; if you have forgotten your password, write to the secretariat. If it was not you, you can ignore this e-mail.`;
  return {
    to: [email],
    subject: "You already have an account with the society",
    text: `${text}\n`,
    html: htmlParagraphs(text),
  };
}

/** Tells the member their payment was received and the account is active. */
export function activatedMail(name: string, email: string, applicationId: string, signInUrl: string): Mail {
  const text = `Dear ${name},\n\nThe society has received your payment for application ${applicationId}, and your account is now active. Sign in at ${signInUrl} to see it.`;
  return {
    to: [email],
    subject: `Your membership is active (${applicationId})`,
    text: `${text}\n`,
    html: htmlParagraphs(text),
  };
}

/** A fresh approval link, asked for from an expired one; it only ever goes to the secretariat. */
export function renewedApprovalMail(
  name: string,
  applicationId: string,
  approvalUrl: string,
  secretariat: string,
): Mail {
  const text = `A fresh link was asked for to confirm the payment of ${name}'s application ${applicationId}, as the earlier one had expired. When the fee has reached the society's account, open this link and press 'Mark payment received' (it works for 14 days):`;
  return {
    to: [secretariat],
    subject: `Fresh approval link for application ${applicationId}`,
    text: `${text}\n${approvalUrl}\n`,
    html: `${htmlParagraphs(text)}<p><a href="${escapeHtml(approvalUrl)}">Confirm the payment for ${escapeHtml(applicationId)}</a></p>`,
  };
}
