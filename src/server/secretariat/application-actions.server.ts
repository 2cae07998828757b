import { todayInIndia } from "#shared/format-date.ts";
import { paymentDateProblem } from "#shared/forms/payment-fields.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import type { PaymentEntry } from "#shared/schemas/secretariat.ts";
import {
  type Account,
  getAccount,
  isAccountKey,
  isVerified,
  lockAccount,
} from "../account/accounts.server.ts";
import { type Db, database, inTransaction } from "../db/database.server.ts";
import { readEnv } from "../env.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { membershipContent } from "../membership/membership-content.server.ts";
import { paymentDue } from "../membership/membership-payment.server.ts";
import { insertRejection, reopenRejection } from "../membership/membership-records.server.ts";
import { deliverTold, recordPaymentAndTell } from "../membership/payment-approval.server.ts";
import { deliverPending, type Submission, storeSubmission } from "../submissions.server.ts";
import { recordAction } from "./audit.server.ts";
import { day } from "./display.server.ts";
import { rejectedMail, reopenedMail } from "./workspace-mails.server.ts";

/** The application's first payment as the secretariat recorded it from the bank statement. */
export type PaymentRecord = PaymentEntry & { recordedBy: string; recordedAt: string };

/** An application the workspace may act on: an account that is not a workspace account. */
export async function applicationAccount(key: string): Promise<Account | null> {
  if (!isAccountKey(key)) return null;
  // Its id, or an address it had (a workspace address written down before the account had an id).
  const account = await getAccount(key);
  return account && account.role !== "secretariat" ? account : null;
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
 * The application's own payment as the workspace's 'Payment received' recorded it (the only way
 * one carries the bank's reference): its row in `payments`, or null.
 */
export async function paymentOf(account: Account, db: Db = database()): Promise<PaymentRecord | null> {
  const row = await db
    .selectFrom("payments")
    .select(["amount", "paid_on", "bank_reference", "completes_fee", "confirmed_by", "confirmed_at"])
    .where("account_id", "=", account.key)
    .where("kind", "=", "application")
    .where("bank_reference", "is not", null)
    .orderBy("id")
    .executeTakeFirst();
  if (!row) return null;
  return {
    amount: row.amount ?? 0,
    date: row.paid_on,
    bankReference: row.bank_reference ?? "",
    completesFee: row.completes_fee,
    recordedBy: row.confirmed_by ?? "",
    recordedAt: row.confirmed_at.toISOString(),
  };
}

export type PaymentOutcome =
  | "payment-recorded"
  | "single-copy-recorded"
  | "payment-already"
  | "already-active"
  | "payment-rejected"
  | "payment-unconfirmed";

/**
 * 'Payment received': in one transaction on the locked account, the application's payment (with
 * what arrived), the account active, the member's mail and the audit line; or nothing. Of two
 * presses at once (or this and the e-mailed link's button) the second waits and finds it in.
 */
export async function recordPayment(
  account: Account,
  entry: PaymentEntry,
  who: string,
  origin: string,
  now = new Date(),
): Promise<PaymentOutcome> {
  const result = await inTransaction(async (tx) => {
    const current = await lockAccount(tx, account.key);
    if (!current) return "payment-already" as const;
    if ((current.payments ?? []).some((payment) => payment.kind === "application" && payment.bankReference))
      return "payment-already" as const;
    if (current.status === "active") return "already-active" as const;
    // The applicant has been told the application was not accepted: no payment turns it round.
    if (current.rejected) return "payment-rejected" as const;
    // An address never confirmed may be a slip or someone else's: activating it would mail a
    // stranger and make a member who cannot sign in.
    if (!isVerified(current)) return "payment-unconfirmed" as const;
    // The application's own payment (no reference: the one it is due under), with what arrived.
    const told = await recordPaymentAndTell(
      tx,
      current,
      {
        amount: entry.amount,
        completesFee: entry.completesFee,
        bankReference: entry.bankReference,
        receivedOn: entry.date,
      },
      origin,
      now,
      who,
    );
    if (!told.recorded) return "already-active" as const;
    await recordAction(
      {
        who,
        action: "payment",
        record: `account/${current.key}`,
        summary: `Payment received for ${current.applicationId}: ₹${entry.amount.toLocaleString("en-IN")} on ${day(entry.date)}, reference ${entry.bankReference}`,
      },
      now,
      tx,
    );
    return told;
  });
  if (typeof result === "string") return result;
  await deliverTold(result);
  // One copy of the journal is a purchase, not a membership (decision 0038): the line says so.
  return membershipOf(result.account, now).rule === "single" ? "single-copy-recorded" : "payment-recorded";
}

export type RejectOutcome = "rejected" | "reject-already" | "reject-active";

/**
 * 'Reject': in one transaction on the locked account, the rejection (the application kept as the
 * society's record), the applicant's mail saying why, and the audit line. The standing rejection
 * is unique, so two confirmed presses at once reject it once: one mail, one line.
 */
export async function rejectApplication(
  account: Account,
  reason: string,
  who: string,
  now = new Date(),
): Promise<RejectOutcome> {
  const result = await inTransaction(async (tx) => {
    const current = await lockAccount(tx, account.key);
    if (!current || current.rejected) return "reject-already" as const;
    if (current.status === "active") return "reject-active" as const;
    const mail = await rejectedMail(
      current.name,
      current.email,
      current.applicationId,
      reason,
      readEnv().SECRETARIAT_EMAIL,
    );
    if (!(await insertRejection(tx, current.key, { at: now, reason, by: who })))
      return "reject-already" as const;
    // One record per rejection, so one e-mail; a second rejection after a reopening is a record
    // and an e-mail of its own.
    const { submission } = await storeSubmission(
      "application-rejected",
      { applicationId: current.applicationId, reason, at: now.toISOString() },
      { applicant: mail },
      now,
      tx,
    );
    await recordAction(
      {
        who,
        action: "reject",
        record: `account/${current.key}`,
        summary: `Rejected ${current.applicationId}: ${reason}`,
      },
      now,
      tx,
    );
    return submission;
  });
  if (typeof result === "string") return result;
  await deliverPending(result);
  return "rejected";
}

export type ReopenOutcome = "reopened" | "reopen-not-rejected";

/**
 * 'Reopen': a rejected application stands again, waiting for its payment. In one transaction on
 * the locked account: the rejection kept as the record (`pastRejections`) with who reopened it,
 * the applicant's mail with what to pay, and the audit line. A payment the secretariat or a
 * signed link records afterwards activates it as usual. Two presses at once reopen it once.
 */
export async function reopenApplication(
  account: Account,
  who: string,
  origin: string,
  now = new Date(),
): Promise<ReopenOutcome> {
  const result = await inTransaction(async (tx): Promise<Submission<unknown> | ReopenOutcome> => {
    const current = await lockAccount(tx, account.key);
    const rejected = current?.rejected;
    if (!current || !rejected) return "reopen-not-rejected";
    if (!(await reopenRejection(tx, current.key, now, who))) return "reopen-not-rejected";
    const reopened = (await getAccount(current.key, tx)) as Account;
    // What the applicant pays now, from the account as reopened (its application's reference).
    const due = paymentDue(membershipOf(reopened, now));
    const mail = await reopenedMail(
      current,
      due ? { due, bank: membershipContent().bank, accountUrl: `${origin}/account/membership` } : null,
      `${origin}/login`,
      readEnv().SECRETARIAT_EMAIL,
    );
    const { submission } = await storeSubmission(
      "application-reopened",
      { applicationId: current.applicationId, at: now.toISOString() },
      { applicant: mail },
      now,
      tx,
    );
    await recordAction(
      {
        who,
        action: "reopen",
        record: `account/${current.key}`,
        // The day in India, as every day the office reads: 01:48 IST on the 28th is not the 27th.
        summary: `Reopened ${current.applicationId}, rejected on ${day(dayInIndia(new Date(rejected.at)))} (${rejected.reason})`,
      },
      now,
      tx,
    );
    return submission;
  });
  if (typeof result === "string") return result;
  await deliverPending(result);
  return "reopened";
}
