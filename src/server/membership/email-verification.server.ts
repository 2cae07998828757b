import { randomBytes } from "node:crypto";
import type { VerifyOutcome } from "#shared/account.ts";
import { formatIndianDateTime } from "#shared/format-date.ts";
import { needsPayment } from "#shared/membership/types.ts";
import type { Application } from "#shared/schemas/enrolment.ts";
import { type Account, findAccount, lockAccount, updateAccount } from "../account/accounts.server.ts";
import { inTransaction, type Tx } from "../db/database.server.ts";
import { readEnv, signingSecret } from "../env.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { readToken, signToken } from "../signed-token.server.ts";
import { deliverPending, readSubmission, type Submission, storeSubmission } from "../submissions.server.ts";
import { applicationWaitingMail, enrolmentMails, verificationMail } from "./application-mails.server.ts";
import { membershipOf } from "./membership.server.ts";
import { membershipContent } from "./membership-content.server.ts";
import { paymentDue } from "./membership-payment.server.ts";
import { approvalUrl } from "./payment-approval.server.ts";

/**
 * Confirming the address of a new account. The link carries a token signed with SIGNING_SECRET
 * under its own purpose (no form token, newsletter or approval link can stand in for it), naming
 * the account and a nonce kept on the account. Confirming removes the nonce, so a link works
 * once; a fresh link replaces the nonce, so only the newest link works. See docs/decisions/0010.
 */
const PURPOSE = "email-verification";
export const VERIFICATION_LIFETIME_MS = 48 * 60 * 60 * 1000;
export const VERIFY_PAGE = "/verify-email";
/** A fresh link is sent at most this often to one account, however often it is asked for. */
export const RESEND_EVERY_MS = 60 * 1000;

type Verification = { account: string; nonce: string };

/** When a link sent at `sentAt` stops working. */
const linkExpiry = (sentAt: Date) => new Date(sentAt.getTime() + VERIFICATION_LIFETIME_MS);

async function verificationLink(origin: string, verification: Verification, sentAt: Date): Promise<string> {
  const token = await signToken(signingSecret(), PURPOSE, verification, linkExpiry(sentAt));
  return `${origin}${VERIFY_PAGE}?token=${encodeURIComponent(token)}`;
}

/** An account waiting for confirmation whose link still works. */
export const awaitsConfirmation = (account: Account, now: Date) =>
  account.verification !== undefined &&
  linkExpiry(new Date(account.verification.sentAt)).getTime() > now.getTime();

/**
 * The mail that sends a waiting account's own link again: the same nonce and the same expiry as
 * the first mail's, so the first link keeps working and nothing new is granted. Null when the
 * account has no link that still works.
 */
export async function waitingLinkMail(account: Account, origin: string, now: Date): Promise<Mail | null> {
  if (!account.verification || !awaitsConfirmation(account, now)) return null;
  const sentAt = new Date(account.verification.sentAt);
  const link = await verificationLink(
    origin,
    { account: account.key, nonce: account.verification.nonce },
    sentAt,
  );
  return applicationWaitingMail(account, link, formatIndianDateTime(linkExpiry(sentAt).toISOString()));
}

/** A fresh link's nonce and time: the one link that may confirm the address from now on. */
export const freshLink = (now: Date) => ({
  nonce: randomBytes(16).toString("base64url"),
  sentAt: now.toISOString(),
});

/** The mail carrying the link of the account's verification (its id and nonce, signed). */
export async function verificationMailOf(account: Account, origin: string): Promise<Mail> {
  const verification = account.verification ?? freshLink(new Date());
  const link = await verificationLink(
    origin,
    { account: account.key, nonce: verification.nonce },
    new Date(verification.sentAt),
  );
  return verificationMail(account.email, account.name, account.applicationId, link);
}

/**
 * Sends a fresh link to an address whose account is waiting for confirmation. Nothing happens for
 * an address with no account, a confirmed one, or a link sent under a minute ago; the caller
 * answers the same in every case, so the answer tells no one whether an address has an account.
 * The new nonce and its mail are one transaction on the locked account.
 */
export async function resendVerification(email: string, origin: string, now = new Date()): Promise<void> {
  const mail = await inTransaction(async (tx) => {
    const found = await findAccount(email, tx);
    const account = found && (await lockAccount(tx, found.key));
    if (!account?.verification) return null;
    if (now.getTime() - Date.parse(account.verification.sentAt) < RESEND_EVERY_MS) return null;
    const verification = freshLink(now);
    await updateAccount(account.key, { verification }, tx);
    const { submission } = await storeSubmission(
      "email-verification",
      { applicationId: account.applicationId, nonce: verification.nonce },
      { verification: await verificationMailOf({ ...account, verification }, origin) },
      now,
      tx,
    );
    return submission;
  });
  if (mail) await deliverPending(mail);
}

/**
 * Confirms the address a link names, once. The account may then sign in: an author or reviewer
 * account is active at once, a membership waits for its payment; the secretariat gets the
 * application and the applicant the acknowledgement only now, so an address no one confirmed
 * brings the secretariat nothing to act on. One transaction on the locked account: two presses at
 * once confirm it once.
 */
export async function confirmEmail(token: unknown, origin: string, now = new Date()): Promise<VerifyOutcome> {
  const check = await readToken<Verification>(signingSecret(), PURPOSE, token, now);
  if (!check.ok) return check.reason === "expired" ? "expired" : "invalid";
  const result = await inTransaction(async (tx): Promise<VerifyOutcome | Submission<unknown> | null> => {
    const account = await lockAccount(tx, check.data.account);
    if (!account) return "invalid";
    if (account.verification?.nonce !== check.data.nonce) return "used";
    const free = !needsPayment(account.membership);
    const confirmed: Account = {
      ...account,
      verification: undefined,
      emailVerifiedAt: now.toISOString(),
      ...(free ? { status: "active", activatedAt: now.toISOString() } : {}),
    };
    await updateAccount(
      account.key,
      {
        verification: null,
        emailVerifiedAt: now.toISOString(),
        ...(free ? { status: "active" as const, activatedAt: now.toISOString() } : {}),
      },
      tx,
    );
    return sendApplication(tx, confirmed, origin, now);
  });
  if (typeof result === "string") return result;
  if (result) await deliverPending(result);
  return "confirmed";
}

/** The application to the secretariat and the acknowledgement, queued: the record to deliver, or null. */
async function sendApplication(tx: Tx, account: Account, origin: string, now: Date) {
  const record = await readSubmission<Application>("enrolment", account.submissionId, tx);
  if (!record) return null;
  const approval = needsPayment(account.membership)
    ? await approvalUrl(
        origin,
        signingSecret(),
        { account: account.key, application: account.applicationId },
        now,
      )
    : null;
  const due = approval ? paymentDue(membershipOf(account, now)) : null;
  const mails = await enrolmentMails(
    record.data,
    account.applicationId,
    approval,
    readEnv().SECRETARIAT_EMAIL,
    membershipContent(),
    `${origin}/login`,
    due && { due, accountUrl: `${origin}/account/membership` },
  );
  // One record per application: a second confirmation the same day (two tabs) mails nothing more.
  const { submission, duplicate } = await storeSubmission(
    "enrolment-confirmed",
    { applicationId: account.applicationId },
    mails,
    now,
    tx,
  );
  return duplicate ? null : submission;
}
