import { EMAIL_CHANGE_SENT, SECRETARIAT_ADDRESS_FIXED } from "#shared/account-recovery.ts";
import { WRONG_CURRENT_PASSWORD } from "#shared/forms/account-recovery-fields.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import {
  accountLinkUrl,
  claimAccountLink,
  createAccountLink,
  LINK_LIFETIME_MS,
  type LinkRefusal,
  releaseAccountLink,
} from "./account-links.server.ts";
import {
  type Account,
  accountKey,
  createAccount,
  findAccount,
  leaveForwardingNote,
  members,
  movedTo,
  saveAccount,
} from "./accounts.server.ts";
import { beginPasswordAttempt, passwordAccepted } from "./login-throttle.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { FORGOT_PAGE, tellPasswordChanged } from "./password-recovery.server.ts";
import {
  emailChangedMail,
  emailChangeMail,
  emailChangeRequestedMail,
  emailTakenMail,
} from "./recovery-mails.server.ts";
import { admitRecoveryRequest, recoveryThrottledMessage } from "./recovery-throttle.server.ts";
import { startSession, withSessionsEnded } from "./sessions.server.ts";

/**
 * The signed-in member's settings: a new password (with the current one), and a new e-mail
 * address (with the current password, confirmed by a link sent to the new address). A wrong
 * current password counts toward the sign-in throttle, as a wrong sign-in does. See
 * docs/decisions/0013.
 */
export const CONFIRM_EMAIL_PAGE = "/account/confirm-email";

/** A settings form posted without a live session: a plain form goes to sign in. */
export const NOT_SIGNED_IN = {
  ok: false,
  status: 401,
  error: "You are not signed in. Please sign in and try again.",
  redirect: "/login",
} as const;

export type SettingsRefusal = {
  ok: false;
  status: number;
  error: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
};

/** The current password, checked under the sign-in throttle; null when it is right. */
async function checkCurrentPassword(
  account: Account,
  password: string,
  ip: string,
  field: "currentPassword" | "emailPassword",
): Promise<SettingsRefusal | null> {
  const attempt = await beginPasswordAttempt(ip, account.key);
  const { wait } = attempt;
  if (wait > 0)
    return {
      ok: false,
      status: 429,
      error: `Too many wrong passwords. Please try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? "s" : ""}.`,
      headers: { "Retry-After": String(wait) },
    };
  if (!(await verifyPassword(password, account.passwordHash))) {
    return {
      ok: false,
      status: 400,
      error: "Please correct the highlighted fields.",
      fields: { [field]: WRONG_CURRENT_PASSWORD },
    };
  }
  await passwordAccepted(ip, account.key, attempt);
  return null;
}

/**
 * A new password: every other session ends; this one is replaced by a new session (its cookie
 * returned), so the member stays signed in here. The member is told by e-mail.
 */
export async function changePassword(
  account: Account,
  current: string,
  password: string,
  ip: string,
  origin: string,
  now = new Date(),
): Promise<SettingsRefusal | { ok: true; session: string }> {
  const refusal = await checkCurrentPassword(account, current, ip, "currentPassword");
  if (refusal) return refusal;
  const updated = withSessionsEnded({ ...account, passwordHash: await hashPassword(password) }, now);
  await saveAccount(updated);
  const session = await startSession(account.key, now);
  await tellPasswordChanged(updated, origin, false, now).catch((error) =>
    logMailFailure("password-changed", error),
  );
  return { ok: true, session };
}

/**
 * Asks to move the account to a new address: a link to the new address, a note to the old one.
 * An address that already has an account is answered exactly the same, and its owner is told
 * (at most once a day), so the form never says whose an address is.
 */
export async function requestEmailChange(
  account: Account,
  newEmail: string,
  current: string,
  ip: string,
  origin: string,
  now = new Date(),
): Promise<SettingsRefusal | { ok: true; message: string }> {
  if (account.role === "secretariat")
    return {
      ok: false,
      status: 403,
      error: "Please correct the highlighted fields.",
      fields: { email: SECRETARIAT_ADDRESS_FIXED },
    };
  if (newEmail === account.email.toLowerCase())
    return {
      ok: false,
      status: 400,
      error: "Please correct the highlighted fields.",
      fields: { email: "That is already your e-mail address" },
    };
  const refusal = await checkCurrentPassword(account, current, ip, "emailPassword");
  if (refusal) return refusal;
  const wait = await admitRecoveryRequest("email-change", newEmail, ip, now);
  if (wait > 0)
    return {
      ok: false,
      status: 429,
      error: recoveryThrottledMessage(wait),
      headers: { "Retry-After": String(wait) },
    };

  if (await findAccount(newEmail)) {
    const { submission, duplicate } = await storeSubmission(
      "email-change-taken",
      { email: newEmail },
      { owner: await emailTakenMail(newEmail, `${origin}/login`) },
      now,
    );
    if (!duplicate) await deliverPending(submission);
    return { ok: true, message: EMAIL_CHANGE_SENT };
  }

  const token = await createAccountLink(account, "email-change", { now, email: newEmail });
  const link = accountLinkUrl(origin, CONFIRM_EMAIL_PAGE, token);
  const hours = LINK_LIFETIME_MS["email-change"] / 3_600_000;
  const { submission } = await storeSubmission(
    "email-change",
    { account: account.key, email: newEmail, at: now.toISOString() },
    {
      confirm: await emailChangeMail(newEmail, account.name, link, hours),
      notice: await emailChangeRequestedMail(
        account.email,
        account.name,
        newEmail,
        `${origin}${FORGOT_PAGE}`,
      ),
    },
    now,
  );
  await deliverPending(submission);
  return { ok: true, message: EMAIL_CHANGE_SENT };
}

export type EmailChangeOutcome =
  | { ok: true; account: Account; previous: Account; session: string | null }
  | { ok: false; reason: LinkRefusal };

/**
 * Moves the account to the address its link names. The account's key is the hash of its address,
 * so the record is written under the new key (only if that key is free: another account may have
 * taken the address meanwhile) and then the old one is deleted. Sessions name the old key, so they
 * end; the browser that confirms gets a new session if it was signed in to this account.
 */
export async function confirmEmailChange(
  token: unknown,
  signedIn: Account | null,
  now = new Date(),
): Promise<EmailChangeOutcome> {
  const claim = await claimAccountLink(token, "email-change", now);
  if (!claim.ok) return claim;
  const { account, link } = claim;
  if (!link.email) return { ok: false, reason: "invalid" };
  // The directory's entry keeps the address it was found by until the secretariat changes the
  // sheet: the account remembers it, so the entry and its hidden details stay the account's.
  const directoryEmail = (account.directoryEmail ?? account.email).toLowerCase();
  const { directoryEmail: _, ...rest } = account;
  const moved: Account = withSessionsEnded(
    {
      ...movedTo(rest as Account, accountKey(link.email), now),
      email: link.email,
      ...(directoryEmail === link.email.toLowerCase() ? {} : { directoryEmail }),
    },
    now,
  );
  let created = false;
  try {
    created = await createAccount(moved);
  } catch (error) {
    await releaseAccountLink(link).catch(() => {});
    throw error;
  }
  // Taken since the link was sent: nothing moves, and the link is spent.
  if (!created) return { ok: false, reason: "used" };
  await leaveForwardingNote(account.key, moved.key);
  await members().delete(`account/${account.key}`);
  const session = signedIn?.key === account.key ? await startSession(moved.key, now) : null;
  const { submission, duplicate } = await storeSubmission(
    "email-changed",
    { account: moved.key, from: account.key, at: now.toISOString() },
    { notice: await emailChangedMail(account.email, account.name, moved.email) },
    now,
  );
  if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
  return { ok: true, account: moved, previous: account, session };
}
