import { todayInIndia } from "#shared/format-date.ts";
import { paymentDateProblem } from "#shared/forms/payment-fields.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import type { PaymentEntry } from "#shared/schemas/secretariat.ts";
import {
  type Account,
  accountFrom,
  isAccountKey,
  isVerified,
  saveAccount,
} from "../account/accounts.server.ts";
import { setJsonIfNew } from "../blobs-conditional.server.ts";
import { readEnv } from "../env.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { membershipContent } from "../membership/membership-content.server.ts";
import { paymentDue } from "../membership/membership-payment.server.ts";
import { recordPaymentAndTell } from "../membership/payment-approval.server.ts";
import { deliverPending, storeSubmission } from "../submissions.server.ts";
import { recordAction } from "./audit.server.ts";
import { day } from "./display.server.ts";
import { onFreshAccount } from "./in-line.server.ts";
import { secretariatStore } from "./store.server.ts";
import { rejectedMail, reopenedMail } from "./workspace-mails.server.ts";

/** A payment the secretariat recorded: what the bank statement showed, and who entered it. */
export type PaymentRecord = PaymentEntry & {
  applicationId: string;
  account: string;
  recordedBy: string;
  recordedAt: string;
};

const paymentKey = (account: Account) => `payments/${account.key}/${account.applicationId}`;

/** An application the workspace may act on: an account that is not a workspace account. */
export async function applicationAccount(key: string): Promise<Account | null> {
  if (!isAccountKey(key)) return null;
  // Where the account is now, if its member changed address since this key was written down.
  return accountFrom(key, (account) => account.role !== "secretariat");
}

/**
 * A payment dated before the application was made (in India) cannot be its payment: the problem
 * for beside the date field, or null. (A date after today is refused with the form: paymentSchema.)
 */
export function paymentDateRefusal(account: Account, date: string, now = new Date()): string | null {
  const made = new Date(account.submittedAt);
  const earliest = Number.isNaN(made.getTime()) ? null : dayInIndia(made);
  return paymentDateProblem(date, { today: todayInIndia(now), earliest });
}

/**
 * The application's first payment as recorded here: under the key the account has, or under one it
 * had when the payment was recorded (a record that moved since: formerKeys).
 */
export async function paymentOf(account: Account): Promise<PaymentRecord | null> {
  const keys = [account.key, ...(account.formerKeys ?? []).map(({ key }) => key).reverse()];
  for (const key of keys) {
    const record = await secretariatStore().get(paymentKey({ ...account, key }), { type: "json" });
    if (record) return record as PaymentRecord;
  }
  return null;
}

export type PaymentOutcome =
  | "payment-recorded"
  | "single-copy-recorded"
  | "payment-already"
  | "already-active"
  | "payment-rejected"
  | "payment-unconfirmed";

/**
 * 'Payment received': records the payment once (a create-only write per application, so of two
 * presses at once exactly one records it), then does what the signed link's button does
 * (payment-approval.server.ts: the account active, the member told by e-mail, once).
 */
export function recordPayment(
  account: Account,
  entry: PaymentEntry,
  who: string,
  origin: string,
  now = new Date(),
): Promise<PaymentOutcome> {
  return onFreshAccount(
    account.key,
    (current) => recordOnce(current, entry, who, origin, now),
    "payment-already",
  );
}

async function recordOnce(
  account: Account,
  entry: PaymentEntry,
  who: string,
  origin: string,
  now: Date,
): Promise<PaymentOutcome> {
  if (await paymentOf(account)) return "payment-already";
  if (account.status === "active") return "already-active";
  // The applicant has been told the application was not accepted: no payment turns it round.
  if (account.rejected) return "payment-rejected";
  // An address never confirmed may be a slip or someone else's: activating it would mail a stranger
  // and make a member who cannot sign in.
  if (!isVerified(account)) return "payment-unconfirmed";
  const record: PaymentRecord = {
    ...entry,
    applicationId: account.applicationId,
    account: account.key,
    recordedBy: who,
    recordedAt: now.toISOString(),
  };
  const store = secretariatStore();
  const modified = await setJsonIfNew(store, paymentKey(account), record);
  if (!modified) return "payment-already";
  let recorded = false;
  try {
    // The application's own payment (no reference: the one it is due under), with what arrived.
    recorded =
      (
        await recordPaymentAndTell(
          account.key,
          {
            amount: entry.amount,
            completesFee: entry.completesFee,
            bankReference: entry.bankReference,
            receivedOn: entry.date,
          },
          origin,
          now,
        )
      )?.recorded ?? false;
  } catch (error) {
    // Not activated: the payment is not recorded either, so pressing again does it all.
    await store.delete(paymentKey(account));
    throw error;
  }
  if (!recorded) {
    await store.delete(paymentKey(account));
    return "already-active";
  }
  await recordAction(
    {
      who,
      action: "payment",
      record: `account/${account.key}`,
      summary: `Payment received for ${account.applicationId}: ₹${entry.amount.toLocaleString("en-IN")} on ${day(entry.date)}, reference ${entry.bankReference}`,
    },
    now,
  );
  // One copy of the journal is a purchase, not a membership (decision 0038): the line says so.
  return membershipOf(account, now).rule === "single" ? "single-copy-recorded" : "payment-recorded";
}

export type RejectOutcome = "rejected" | "reject-already" | "reject-active";

/** 'Reject': the application is marked rejected (kept as the society's record) and the applicant told why. */
export function rejectApplication(
  account: Account,
  reason: string,
  who: string,
  now = new Date(),
): Promise<RejectOutcome> {
  return onFreshAccount(account.key, (current) => rejectOnce(current, reason, who, now), "reject-already");
}

async function rejectOnce(account: Account, reason: string, who: string, now: Date): Promise<RejectOutcome> {
  if (account.rejected) return "reject-already";
  if (account.status === "active") return "reject-active";
  // Rendered before the record changes, so a failure to render leaves the application as it was.
  const mail = await rejectedMail(
    account.name,
    account.email,
    account.applicationId,
    reason,
    readEnv().SECRETARIAT_EMAIL,
  );
  await saveAccount({ ...account, rejected: { at: now.toISOString(), reason, by: who } });
  // One record per rejection (a double press is stopped above, in line), so one e-mail; a second
  // rejection after a reopening is a record and an e-mail of its own.
  const { submission, duplicate } = await storeSubmission(
    "application-rejected",
    { applicationId: account.applicationId, reason, at: now.toISOString() },
    { applicant: mail },
    now,
  );
  await recordAction(
    {
      who,
      action: "reject",
      record: `account/${account.key}`,
      summary: `Rejected ${account.applicationId}: ${reason}`,
    },
    now,
  );
  if (!duplicate) await deliverPending(submission);
  return "rejected";
}

export type ReopenOutcome = "reopened" | "reopen-not-rejected";

/**
 * 'Reopen': a rejected application stands again, waiting for its payment. The rejection is kept
 * in the record (`pastRejections`), the applicant is told with what to pay, and the audit log has
 * its line. A payment the secretariat or a signed link records afterwards activates it as usual.
 */
export function reopenApplication(
  account: Account,
  who: string,
  origin: string,
  now = new Date(),
): Promise<ReopenOutcome> {
  return onFreshAccount(
    account.key,
    (current) => reopenOnce(current, who, origin, now),
    "reopen-not-rejected",
  );
}

async function reopenOnce(account: Account, who: string, origin: string, now: Date): Promise<ReopenOutcome> {
  const { rejected, ...rest } = account;
  if (!rejected) return "reopen-not-rejected";
  const reopened: Account = {
    ...rest,
    pastRejections: [
      ...(account.pastRejections ?? []),
      { ...rejected, reopenedAt: now.toISOString(), reopenedBy: who },
    ],
  };
  // What the applicant pays now, from the account as reopened (its application's reference).
  const due = paymentDue(membershipOf(reopened, now));
  const mail = await reopenedMail(
    account,
    due ? { due, bank: membershipContent().bank, accountUrl: `${origin}/account/membership` } : null,
    `${origin}/login`,
    readEnv().SECRETARIAT_EMAIL,
  );
  await saveAccount(reopened);
  const { submission, duplicate } = await storeSubmission(
    "application-reopened",
    { applicationId: account.applicationId, at: now.toISOString() },
    { applicant: mail },
    now,
  );
  await recordAction(
    {
      who,
      action: "reopen",
      record: `account/${account.key}`,
      // The day in India, as every day the office reads: 01:48 IST on the 28th is not the 27th.
      summary: `Reopened ${account.applicationId}, rejected on ${day(dayInIndia(new Date(rejected.at)))} (${rejected.reason})`,
    },
    now,
  );
  if (!duplicate) await deliverPending(submission);
  return "reopened";
}
