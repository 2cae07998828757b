import { EMAIL_CHANGE_SENT, SECRETARIAT_ADDRESS_FIXED } from "#shared/account-recovery.ts";
import { WRONG_CURRENT_PASSWORD } from "#shared/forms/account-recovery-fields.ts";
import { inTransaction } from "../db/database.server.ts";
import { deliverPending, logMailFailure, type Submission, storeSubmission } from "../submissions.server.ts";
import {
  accountLinkUrl,
  claimAccountLink,
  createAccountLink,
  LINK_LIFETIME_MS,
  type LinkRefusal,
} from "./account-links.server.ts";
import {
  type Account,
  accountKey,
  changeAddress,
  findAccount,
  getAccount,
  lockAccount,
  updateAccount,
} from "./accounts.server.ts";
import { beginPasswordAttempt, passwordAccepted } from "./login-throttle.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { FORGOT_PAGE, queuePasswordChanged, setPassword } from "./password-recovery.server.ts";
import {
  emailChangedMail,
  emailChangeMail,
  emailChangeRequestedMail,
  emailTakenMail,
} from "./recovery-mails.server.ts";
import { admitRecoveryRequest, recoveryThrottledMessage } from "./recovery-throttle.server.ts";
import { endAccountSessions, startSession } from "./sessions.server.ts";

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

/** Delivers what a change queued, after its commit; the change is kept whatever the mail does. */
const deliverAfter = (submission: Submission<unknown> | null) =>
  submission ? deliverPending(submission).catch((error) => logMailFailure(submission.id, error)) : undefined;

/**
 * The current password, checked under the sign-in throttle (counted under the address, as a
 * sign-in with it is); null when it is right.
 */
async function checkCurrentPassword(
  account: Account,
  password: string,
  ip: string,
  field: "currentPassword" | "emailPassword",
): Promise<SettingsRefusal | null> {
  const throttleKey = accountKey(account.email);
  const attempt = await beginPasswordAttempt(ip, throttleKey);
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
  await passwordAccepted(ip, throttleKey, attempt);
  return null;
}

/**
 * A new password, in one transaction with its mail: every other session ends; this one is
 * replaced by a new session (its cookie returned), so the member stays signed in here. The member
 * is told by e-mail.
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
  const passwordHash = await hashPassword(password);
  const changed = await inTransaction(async (tx) => {
    // The password checked must still be the account's: of two changes sent at once with it, the
    // second finds the first's new password and changes nothing.
    const locked = await lockAccount(tx, account.key);
    if (locked?.passwordHash !== account.passwordHash) return null;
    const updated = await setPassword(tx, locked, passwordHash, now);
    return {
      session: await startSession(account.key, now, tx),
      told: await queuePasswordChanged(tx, updated, origin, false, now),
    };
  });
  if (!changed)
    return {
      ok: false,
      status: 400,
      error: "Please correct the highlighted fields.",
      fields: { currentPassword: WRONG_CURRENT_PASSWORD },
    };
  await deliverAfter(changed.told);
  return { ok: true, session: changed.session };
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

/** Another account took the address between the check and the move: the transaction rolls back. */
class AddressTaken extends Error {}

/**
 * Moves the account to the address its link names, in one transaction: the link is spent, the
 * address changes (the account keeps its id; the old address stays in its history, so links and
 * records that named it still find the account), every session ends, and the old address's
 * notice is queued. An address another account has taken since the link was sent moves nothing,
 * and the link is spent. The browser that confirms gets a new session if it was signed in to
 * this account.
 */
export async function confirmEmailChange(
  token: unknown,
  signedIn: Account | null,
  now = new Date(),
): Promise<EmailChangeOutcome> {
  let outcome: (EmailChangeOutcome & { told?: Submission<unknown> | null }) | undefined;
  try {
    outcome = await inTransaction(async (tx) => {
      const claim = await claimAccountLink(tx, token, "email-change", now);
      if (!claim.ok) return claim;
      const { account: previous, link } = claim;
      if (!link.email) return { ok: false as const, reason: "invalid" as const };
      if (await findAccount(link.email, tx)) return { ok: false as const, reason: "used" as const };
      if (!(await changeAddress(tx, previous, link.email, now))) throw new AddressTaken();
      // The directory's entry keeps the address it was found by until the secretariat changes the
      // sheet: the account remembers it, unless the member has moved back to that very address.
      const directoryEmail = (previous.directoryEmail ?? previous.email).toLowerCase();
      await updateAccount(
        previous.key,
        { directoryEmail: directoryEmail === link.email.toLowerCase() ? null : directoryEmail },
        tx,
      );
      await endAccountSessions(tx, previous.key, now);
      const session = signedIn?.key === previous.key ? await startSession(previous.key, now, tx) : null;
      const { submission, duplicate } = await storeSubmission(
        "email-changed",
        { account: previous.key, from: accountKey(previous.email), at: now.toISOString() },
        { notice: await emailChangedMail(previous.email, previous.name, link.email) },
        now,
        tx,
      );
      const account = (await getAccount(previous.key, tx)) as Account;
      return { ok: true as const, account, previous, session, told: duplicate ? null : submission };
    });
  } catch (error) {
    if (error instanceof AddressTaken) return { ok: false, reason: "used" };
    throw error;
  }
  if (!outcome.ok) return outcome;
  await deliverAfter(outcome.told ?? null);
  const { told: _, ...moved } = outcome;
  return moved;
}
