import { escapeHtml } from "#shared/escape-html.ts";
import { htmlParagraphs } from "../mail/escape.server.ts";
import type { Mail } from "../mail/mail.server.ts";

/**
 * The content of every mail about recovering or changing a sign-in: one function per mail, the
 * subject, text and HTML together, and nothing else here (no storage, no sending), so the mails
 * can move to templates without touching the code that sends them. All go through the
 * stored-then-sent path (submissions.server.ts).
 */

const SOCIETY = "the Indian Society of Genetics and Plant Breeding";

/** A paragraph, then a link as a button-like anchor; the text version has the bare address. */
function withLink(text: string, link: string, label: string, after = ""): Pick<Mail, "text" | "html"> {
  return {
    text: `${text}\n${link}\n${after ? `\n${after}\n` : ""}`,
    html: `${htmlParagraphs(text)}<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>${after ? htmlParagraphs(after) : ""}`,
  };
}

/** The single-use link of /forgot-password. */
export function passwordResetMail(email: string, name: string, link: string, minutes: number): Mail {
  return {
    to: [email],
    subject: "Reset your password",
    ...withLink(
      `Dear ${name},\n\nSomeone, probably you, asked to reset the password of your account with ${SOCIETY}. Open this link to choose a new password. It works once, for ${minutes} minutes:`,
      link,
      "Choose a new password",
      "If you did not ask, ignore this e-mail: your password stays as it is.",
    ),
  };
}

/** After a new password is set, by a reset link or in the account's settings. */
export function passwordChangedMail(
  email: string,
  name: string,
  forgotUrl: string,
  signedOutEverywhere: boolean,
): Mail {
  const sessions = signedOutEverywhere
    ? "You have been signed out on every device; sign in again with the new password."
    : "You have been signed out on your other devices.";
  const text = `Dear ${name},\n\nThe password of your account with ${SOCIETY} was changed. ${sessions}\n\nIf you did not change it, reset it at once at ${forgotUrl} and tell the secretariat.`;
  return { to: [email], subject: "Your password was changed", text: `${text}\n`, html: htmlParagraphs(text) };
}

/** Sent to the new address: the link that moves the account to it. */
export function emailChangeMail(newEmail: string, name: string, link: string, hours: number): Mail {
  return {
    to: [newEmail],
    subject: "Confirm your new e-mail address",
    ...withLink(
      `Dear ${name},\n\nYou asked to sign in to your account with ${SOCIETY} with this address from now on. Open this link and press the button on the page to confirm it. The link works once, for ${hours} hours:`,
      link,
      "Confirm my new e-mail address",
      "If you did not ask, ignore this e-mail: nothing changes.",
    ),
  };
}

/** Sent to the old address when a change is asked for, so its owner can stop it. */
export function emailChangeRequestedMail(
  oldEmail: string,
  name: string,
  newEmail: string,
  forgotUrl: string,
): Mail {
  const text = `Dear ${name},\n\nA change of the e-mail address of your account with ${SOCIETY} was asked for, to ${newEmail}. It happens only once the link sent to that address is opened.\n\nIf you did not ask, change your password at ${forgotUrl}: a new password cancels the link.`;
  return {
    to: [oldEmail],
    subject: "A change of your e-mail address was asked for",
    text: `${text}\n`,
    html: htmlParagraphs(text),
  };
}

/** Sent to the old address once the account has moved. */
export function emailChangedMail(oldEmail: string, name: string, newEmail: string): Mail {
  const text = `Dear ${name},\n\nYour account with ${SOCIETY} now signs in with ${newEmail}; this address is no longer used for it. If you did not make this change, write to the secretariat at once.`;
  return {
    to: [oldEmail],
    subject: "Your e-mail address was changed",
    text: `${text}\n`,
    html: htmlParagraphs(text),
  };
}

/**
 * Sent to the owner of an address another account tried to move to. The one who asked is
 * answered as if it worked, so no one learns from the form whose address it is.
 */
export function emailTakenMail(takenEmail: string, signInUrl: string): Mail {
  const text = `Someone with an account of ${SOCIETY} asked to use this e-mail address for it. This address already has an account (yours), so nothing was changed. If you have questions, sign in at ${signInUrl} or write to the secretariat; otherwise you can ignore this e-mail.`;
  return {
    to: [takenEmail],
    subject: "Your e-mail address was not changed",
    text: `${text}\n`,
    html: htmlParagraphs(text),
  };
}
