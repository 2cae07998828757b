import type { Mail } from "../mail/mail.server.ts";
import { emailChange } from "../mail/templates/email-change.server.tsx";
import { emailChangeRequested } from "../mail/templates/email-change-requested.server.tsx";
import { emailChanged } from "../mail/templates/email-changed.server.tsx";
import { emailTaken } from "../mail/templates/email-taken.server.tsx";
import { passwordChanged } from "../mail/templates/password-changed.server.tsx";
import { passwordReset } from "../mail/templates/password-reset.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";

/**
 * Every mail about recovering or changing a sign-in, addressed: one function per mail, each
 * rendering its template (`../mail/templates/`), and nothing else here (no storage, no sending).
 * All go through the stored-then-sent path (submissions.server.ts).
 */

/** The single-use link of /forgot-password. */
export function passwordResetMail(email: string, name: string, link: string, minutes: number): Promise<Mail> {
  return composeMail(passwordReset, { name, link, minutes }, { to: [email] });
}

/** After a new password is set, by a reset link or in the account's settings. */
export function passwordChangedMail(
  email: string,
  name: string,
  forgotUrl: string,
  signedOutEverywhere: boolean,
): Promise<Mail> {
  return composeMail(passwordChanged, { name, forgotUrl, signedOutEverywhere }, { to: [email] });
}

/** Sent to the new address: the link that moves the account to it. */
export function emailChangeMail(newEmail: string, name: string, link: string, hours: number): Promise<Mail> {
  return composeMail(emailChange, { name, link, hours }, { to: [newEmail] });
}

/** Sent to the old address when a change is asked for, so its owner can stop it. */
export function emailChangeRequestedMail(
  oldEmail: string,
  name: string,
  newEmail: string,
  forgotUrl: string,
): Promise<Mail> {
  return composeMail(emailChangeRequested, { name, newEmail, forgotUrl }, { to: [oldEmail] });
}

/** Sent to the old address once the account has moved. */
export function emailChangedMail(oldEmail: string, name: string, newEmail: string): Promise<Mail> {
  return composeMail(emailChanged, { name, newEmail }, { to: [oldEmail] });
}

/** Sent to the owner of an address another account tried to move to (see the template). */
export function emailTakenMail(takenEmail: string, signInUrl: string): Promise<Mail> {
  return composeMail(emailTaken, { signInUrl }, { to: [takenEmail] });
}
