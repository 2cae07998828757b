import { escapeHtml } from "#shared/escape-html.ts";
import { htmlParagraphs } from "../mail/escape.server.ts";
import type { Mail } from "../mail/mail.server.ts";

/** The link a listed secretariat address sets (or resets) its workspace password with. */
export function setPasswordMail(email: string, link: string): Mail {
  const text = `A link was asked for to set the password of the society's secretariat workspace for ${email}. Open it and choose a password (it works once, for 72 hours); then sign in at the site's login page. If you did not ask for it, ignore this e-mail: nothing changes until the link is used.`;
  return {
    to: [email],
    subject: "Set your secretariat workspace password",
    text: `${text}\n${link}\n`,
    html: `${htmlParagraphs(text)}<p><a href="${escapeHtml(link)}">Set my password</a></p>`,
  };
}

/** Tells an applicant the application was turned down, and why. */
export function rejectedMail(name: string, email: string, applicationId: string, reason: string): Mail {
  const text = `Dear ${name},\n\nThe secretariat of the Indian Society of Genetics and Plant Breeding could not accept your application ${applicationId}. The reason given:\n\n${reason}\n\nIf you have questions, reply to this e-mail or write to the secretariat.`;
  return {
    to: [email],
    subject: `Your application ${applicationId}`,
    text: `${text}\n`,
    html: htmlParagraphs(text),
  };
}
