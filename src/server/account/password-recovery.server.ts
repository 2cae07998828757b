import {
  deliverPending,
  logMailFailure,
  requestMailBudgetMs,
  storeSubmission,
} from "../submissions.server.ts";
import {
  accountLinkUrl,
  claimAccountLink,
  createAccountLink,
  LINK_LIFETIME_MS,
  type LinkRefusal,
  releaseAccountLink,
} from "./account-links.server.ts";
import { type Account, findAccount, isVerified, saveAccount } from "./accounts.server.ts";
import { hashPassword } from "./password.server.ts";
import { passwordChangedMail, passwordResetMail } from "./recovery-mails.server.ts";
import { withSessionsEnded } from "./sessions.server.ts";

/**
 * A forgotten password: /forgot-password mails a single-use link (account-links.server.ts),
 * /reset-password spends it. See docs/decisions/0013.
 */
export const RESET_PAGE = "/reset-password";
export const FORGOT_PAGE = "/forgot-password";

/**
 * Every answer of /forgot-password takes at least this long, address known or not: the work for
 * a known address (sign a link, store the mail, send it) takes a few hundred milliseconds, none
 * for an unknown one, so both are padded to this floor. The mail is given what is left of it;
 * what is not sent by then is left to the retry job.
 */
export const FORGOT_ANSWER_FLOOR_MS = 1500;
/** Kept back from the floor for storing the mail's outcome after sending. */
const AFTER_SEND_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Runs `work`, then waits until `floorMs` have passed since `started`: the answer's time says nothing. */
export async function atLeast<T>(started: number, floorMs: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await sleep(started + floorMs - Date.now());
  }
}

/**
 * Mails a reset link to the address if it has an account whose address is confirmed; does nothing
 * otherwise. The caller answers the same either way, after the same floor.
 */
export async function sendResetLink(email: string, origin: string, started = Date.now()): Promise<void> {
  const account = await findAccount(email);
  if (!account || !isVerified(account)) return;
  const now = new Date();
  const token = await createAccountLink(account, "password-reset", { now });
  const link = accountLinkUrl(origin, RESET_PAGE, token);
  const minutes = LINK_LIFETIME_MS["password-reset"] / 60_000;
  // One record per link (the link is new each time): each request that passed the throttle mails.
  const { submission } = await storeSubmission(
    "password-reset",
    { account: account.key, requestedAt: now.toISOString() },
    { member: await passwordResetMail(account.email, account.name, link, minutes) },
    now,
  );
  const left = started + FORGOT_ANSWER_FLOOR_MS - AFTER_SEND_MS - Date.now();
  await deliverPending(submission, Math.max(50, Math.min(requestMailBudgetMs(), left)));
}

export type ResetOutcome = { ok: true; account: Account } | { ok: false; reason: LinkRefusal };

/**
 * Sets the new password with a reset (or set-password) link: the link is spent, every session of
 * the account ends, and the member is told by e-mail. A link that does not work changes nothing.
 */
export async function resetPassword(
  token: unknown,
  password: string,
  origin: string,
  purpose: "password-reset" | "set-password" = "password-reset",
  now = new Date(),
): Promise<ResetOutcome> {
  // Hashed before the claim, so a slow hash cannot leave a claimed link with no new password.
  const passwordHash = await hashPassword(password);
  const claim = await claimAccountLink(token, purpose, now);
  if (!claim.ok) return claim;
  const updated: Account = withSessionsEnded({ ...claim.account, passwordHash }, now);
  try {
    await saveAccount(updated);
  } catch (error) {
    await releaseAccountLink(claim.link).catch(() => {});
    throw error;
  }
  // The password is changed: a failure to store the notice must not say otherwise.
  await tellPasswordChanged(updated, origin, true, now).catch((error) =>
    logMailFailure("password-changed", error),
  );
  return { ok: true, account: updated };
}

/** The 'your password was changed' mail, stored then sent (a failure to send is retried later). */
export async function tellPasswordChanged(account: Account, origin: string, everywhere: boolean, now: Date) {
  const mail = await passwordChangedMail(account.email, account.name, `${origin}${FORGOT_PAGE}`, everywhere);
  const { submission, duplicate } = await storeSubmission(
    "password-changed",
    { account: account.key, at: now.toISOString() },
    { member: mail },
    now,
  );
  if (!duplicate) await deliverPending(submission);
}
