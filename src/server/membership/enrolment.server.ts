import { randomBytes } from "node:crypto";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { applicationPaymentReference } from "#shared/membership/status.ts";
import { needsPayment } from "#shared/membership/types.ts";
import { privacyNoticeVersion } from "#shared/privacy-notice.ts";
import type { Enrolment } from "#shared/schemas/enrolment.ts";
import { withoutPassword } from "#shared/schemas/enrolment.ts";
import {
  type Account,
  createAccount,
  findAccount,
  isVerified,
  setAsideUnconfirmed,
} from "../account/accounts.server.ts";
import { hashPassword } from "../account/password.server.ts";
import { inTransaction, type Tx } from "../db/database.server.ts";
import { deliverNow } from "../mail/outbox.server.ts";
import {
  deliverPending,
  readSubmission,
  requestMailBudgetMs,
  type Submission,
  storeSubmission,
  submissionId,
} from "../submissions.server.ts";
import { existingAccountMail } from "./application-mails.server.ts";
import {
  awaitsConfirmation,
  freshLink,
  verificationMailOf,
  waitingLinkMail,
} from "./email-verification.server.ts";
import { membershipContent } from "./membership-content.server.ts";
import { tellRegisterMember } from "./register-match.server.ts";

/** A short id people can quote on a bank transfer: the start of the application's hash. */
export const applicationIdOf = (hash: string) => `EN-${hash.slice(0, 10).toUpperCase()}`;

/**
 * What the enrolment page shows: the same shape, from the same sums, whoever sent the form. The
 * payment reference is the one the treasurer matches the bank credit by (decision 0014), the one
 * every mail and page after this repeats; null for an author or reviewer, who pays nothing.
 */
export type EnrolmentReceipt = {
  applicationId: string;
  needsPayment: boolean;
  paymentReference: string | null;
};

/** The receipt of an application with this id made on the day of `now`. */
const receiptOf = (applicationId: string, membership: string, now: Date): EnrolmentReceipt => ({
  applicationId,
  needsPayment: needsPayment(membership),
  paymentReference: applicationPaymentReference(
    applicationId,
    membership,
    dayInIndia(now),
    membershipContent(),
  ),
});

/** The receipt for a form as sent: also what a quarantined submission is answered with. */
export function receiptFor(enrolment: Enrolment, now = new Date()): EnrolmentReceipt {
  const application = withoutPassword(enrolment);
  const applicationId = applicationIdOf(submissionId("enrolment", application, now));
  return receiptOf(applicationId, application.membership, now);
}

/**
 * The id a new application is given: the receipt's (the hash of what was sent and its day) unless
 * an application already holds it, which happens when the same form is sent again the same day (by
 * someone whose account has since been closed or moved to another address, or who is still waiting
 * for the first link). Then a random one: every new application has its own id, its own record and
 * its own confirmation mail, where the hash alone made the second application the first one again,
 * whose mail had gone already.
 */
async function newApplicationId(
  tx: Tx,
  application: ReturnType<typeof withoutPassword>,
  receipt: EnrolmentReceipt,
  now: Date,
): Promise<string> {
  const taken = async (applicationId: string) =>
    (await readSubmission(
      "enrolment",
      submissionId("enrolment", { ...application, applicationId, privacyNoticeVersion }, now),
      tx,
    )) !== null;
  let applicationId = receipt.applicationId;
  while (await taken(applicationId)) applicationId = applicationIdOf(randomBytes(5).toString("hex"));
  return applicationId;
}

/**
 * Records an enrolment: the application and its account (not yet usable) are stored, and the
 * applicant is sent a link to confirm the address; the secretariat hears of it once that is done
 * (email-verification.server.ts).
 *
 * An address that has an account gets no second one, and nothing of that account changes:
 * - confirmed: its owner is told by e-mail;
 * - waiting for confirmation with a link that still works: the address is sent that same link
 *   again, naming the waiting application, so whoever reads it can tell whether it is theirs. A
 *   later form never replaces the waiting account's password, name or application, and never voids
 *   its link (a stranger who knows the address could otherwise take the account over);
 * - never confirmed, with its link expired: no one holds a working link, so the record is set
 *   aside (the workspace still lists it) and this application takes the address.
 * The receipt has the same shape in every case (an address with an account is answered with the
 * hash of what was sent), and the password is hashed in every case, so neither answer nor timing
 * tells whether an address has an account. A form sent twice with one form token (a double click)
 * never reaches here a second time: the pipeline quarantines the replay and answers it with the
 * receipt's id, the id the first one was given.
 */
export async function enrol(
  enrolment: Enrolment,
  origin: string,
  now = new Date(),
): Promise<EnrolmentReceipt> {
  const passwordHash = await hashPassword(enrolment.password);
  // One transaction: the account, the application and its mail, or none of them. Two forms with
  // one address at once: the open-address unique index makes one account, and the other is
  // answered as an address that has one.
  const { receipt, mail, outbox } = await inTransaction((tx) =>
    enrolIn(tx, enrolment, passwordHash, origin, now),
  );
  if (mail) await deliverPending(mail);
  if (outbox && outbox.length > 0) await deliverNow(outbox, requestMailBudgetMs());
  return receipt;
}

/** What was made: the receipt, and the mail to deliver after the commit (a stored submission's, or outbox rows). */
type Enrolled = { receipt: EnrolmentReceipt; mail: Submission<unknown> | null; outbox?: string[] };

async function enrolIn(
  tx: Tx,
  enrolment: Enrolment,
  passwordHash: string,
  origin: string,
  now: Date,
): Promise<Enrolled> {
  const application = withoutPassword(enrolment);
  const candidate = receiptFor(enrolment, now);
  const existing = await findAccount(application.email, tx);
  if (existing) {
    // A register member who has not claimed the account: "you are already a member", with the
    // claim link, instead of an application; the answer is the usual one (decision 0054).
    const told = await tellRegisterMember(tx, existing, origin, now);
    if (told) return { receipt: candidate, mail: null, outbox: told };
    if (isVerified(existing) || awaitsConfirmation(existing, now))
      return { receipt: candidate, mail: await tellAddress(tx, existing, origin, now) };
    await setAsideUnconfirmed(existing, now, tx);
  }
  const receipt = receiptOf(
    await newApplicationId(tx, application, candidate, now),
    application.membership,
    now,
  );
  // It keeps the privacy notice its applicant accepted ('I agree'), by version.
  const { submission, duplicate } = await storeSubmission(
    "enrolment",
    { ...application, applicationId: receipt.applicationId, privacyNoticeVersion },
    {},
    now,
    tx,
  );
  const link = freshLink(now);
  const account = duplicate
    ? null
    : await createAccount(
        {
          email: application.email,
          name: application.name,
          membership: application.membership,
          applicationId: receipt.applicationId,
          submissionId: submission.id,
          submittedAt: now.toISOString(),
          status: receipt.needsPayment ? "pending-payment" : "active",
          passwordHash,
          privacyNoticeVersion,
          verification: link,
        },
        tx,
      );
  if (!account) {
    // Another enrolment with this address made its account a moment ago: that one stands.
    const winner = await findAccount(application.email, tx);
    return { receipt: candidate, mail: winner ? await tellAddress(tx, winner, origin, now) : null };
  }
  const { submission: mail } = await storeSubmission(
    "email-verification",
    { applicationId: receipt.applicationId, nonce: link.nonce },
    { verification: await verificationMailOf(account, origin) },
    now,
    tx,
  );
  return { receipt, mail };
}

/**
 * Tells an address that has an account what it needs: its waiting application's own link again, or
 * that it has an account already. One notice a day at most, however often the form is sent: the
 * stored notice to deliver after the commit, or null.
 */
async function tellAddress(tx: Tx, account: Account, origin: string, now: Date) {
  const waiting = await waitingLinkMail(account, origin, now);
  const stored = waiting
    ? await storeSubmission<unknown>(
        "enrolment-waiting",
        { applicationId: account.applicationId, nonce: account.verification?.nonce },
        { owner: waiting },
        now,
        tx,
      )
    : await storeSubmission<unknown>(
        "enrolment-existing",
        { email: account.email },
        { owner: await existingAccountMail(account.email, origin) },
        now,
        tx,
      );
  return stored.duplicate ? null : stored.submission;
}
