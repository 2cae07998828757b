import { inTransaction, type Tx } from "../db/database.server.ts";
import {
  deliverPending,
  logMailFailure,
  requestMailBudgetMs,
  type Submission,
  storeSubmission,
} from "../submissions.server.ts";
import { claimTargetOf, sendClaimLink } from "./account-claim.server.ts";
import {
  accountLinkUrl,
  claimAccountLink,
  createAccountLink,
  LINK_LIFETIME_MS,
  type LinkRefusal,
} from "./account-links.server.ts";
import { type Account, findAccount, isVerified, updateAccount } from "./accounts.server.ts";
import { hashPassword } from "./password.server.ts";
import { passwordChangedMail, passwordResetMail } from "./recovery-mails.server.ts";
import { endAccountSessions } from "./sessions.server.ts";

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

/** What is left of the floor for sending a mail at once, kept short of the floor itself. */
export const mailBudgetWithin = (started: number) =>
  Math.max(
    50,
    Math.min(requestMailBudgetMs(), started + FORGOT_ANSWER_FLOOR_MS - AFTER_SEND_MS - Date.now()),
  );

/**
 * Mails a reset link to the address if it has an account whose address is confirmed; does nothing
 * otherwise. The caller answers the same either way, after the same floor. A register member who
 * has not claimed the account is mailed the claim link instead (decision 0054): opening it proves
 * the address as a reset link would, and it marks the account claimed.
 */
export async function sendResetLink(email: string, origin: string, started = Date.now()): Promise<void> {
  const account = await findAccount(email);
  if (!account || !isVerified(account)) return;
  const unclaimed = await claimTargetOf(account.key);
  if (unclaimed) return sendClaimLink(unclaimed, origin, mailBudgetWithin(started));
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
  await deliverPending(submission, mailBudgetWithin(started));
}

export type ResetOutcome = { ok: true; account: Account } | { ok: false; reason: LinkRefusal };

/**
 * Sets the new password with a reset (or set-password) link, in one transaction: the link is
 * spent, the password set, every session of the account ended and the member's mail queued, or
 * none of it. Of two uses of one link at once, one commits; the other finds the link used. A link
 * that does not work changes nothing.
 */
export async function resetPassword(
  token: unknown,
  password: string,
  origin: string,
  purpose: "password-reset" | "set-password" = "password-reset",
  now = new Date(),
): Promise<ResetOutcome> {
  // Hashed before the transaction: scrypt's time is not spent holding the account's lock.
  const passwordHash = await hashPassword(password);
  const outcome = await inTransaction(async (tx) => {
    const claim = await claimAccountLink(tx, token, purpose, now);
    if (!claim.ok) return claim;
    const updated = await setPassword(tx, claim.account, passwordHash, now);
    const told = await queuePasswordChanged(tx, updated, origin, true, now);
    return { ok: true as const, account: updated, told };
  });
  if (!outcome.ok) return outcome;
  // The password is changed: a failure to send the notice must not say otherwise (it stays queued).
  if (outcome.told)
    await deliverPending(outcome.told).catch((error) => logMailFailure("password-changed", error));
  return { ok: true, account: outcome.account };
}

/** A new password, in the caller's transaction: every session of the account ends with the old one. */
export async function setPassword(
  tx: Tx,
  account: Account,
  passwordHash: string,
  now: Date,
): Promise<Account> {
  await updateAccount(account.key, { passwordHash }, tx);
  await endAccountSessions(tx, account.key, now);
  return { ...account, passwordHash, sessionsEndedAt: now.toISOString() };
}

/**
 * The 'your password was changed' mail, queued in the caller's transaction: the submission to
 * deliver after the commit, or null when the same notice was queued already.
 */
export async function queuePasswordChanged(
  tx: Tx,
  account: Account,
  origin: string,
  everywhere: boolean,
  now: Date,
): Promise<Submission<unknown> | null> {
  const mail = await passwordChangedMail(account.email, account.name, `${origin}${FORGOT_PAGE}`, everywhere);
  const { submission, duplicate } = await storeSubmission(
    "password-changed",
    { account: account.key, at: now.toISOString() },
    { member: mail },
    now,
    tx,
  );
  return duplicate ? null : submission;
}
