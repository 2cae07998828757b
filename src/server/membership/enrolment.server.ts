import { randomBytes } from "node:crypto";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { applicationPaymentReference } from "#shared/membership/status.ts";
import { needsPayment } from "#shared/membership/types.ts";
import { privacyNoticeVersion } from "#shared/privacy-notice.ts";
import type { Enrolment } from "#shared/schemas/enrolment.ts";
import { withoutPassword } from "#shared/schemas/enrolment.ts";
import {
  type Account,
  accountKey,
  createAccount,
  findAccount,
  isVerified,
  setAsideUnconfirmed,
} from "../account/accounts.server.ts";
import { hashPassword } from "../account/password.server.ts";
import { inLine } from "../in-line.server.ts";
import { deliverPending, readSubmission, storeSubmission, submissionId } from "../submissions.server.ts";
import { existingAccountMail } from "./application-mails.server.ts";
import { awaitsConfirmation, waitingLinkMail, withFreshLink } from "./email-verification.server.ts";
import { membershipContent } from "./membership-content.server.ts";

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
  application: ReturnType<typeof withoutPassword>,
  receipt: EnrolmentReceipt,
  now: Date,
): Promise<string> {
  const taken = async (applicationId: string) =>
    (await readSubmission(
      "enrolment",
      submissionId("enrolment", { ...application, applicationId, privacyNoticeVersion }, now),
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
  // Two forms with one address at once: one after the other in this instance (the local Blobs
  // server's create-only write is not atomic; across instances, on Netlify, it decides).
  return inLine(`enrol/${accountKey(enrolment.email)}`, () =>
    enrolOnce(enrolment, passwordHash, origin, now),
  );
}

async function enrolOnce(
  enrolment: Enrolment,
  passwordHash: string,
  origin: string,
  now: Date,
): Promise<EnrolmentReceipt> {
  const application = withoutPassword(enrolment);
  const candidate = receiptFor(enrolment, now);
  const existing = await findAccount(application.email);
  if (existing) {
    if (isVerified(existing) || awaitsConfirmation(existing, now)) {
      await tellAddress(existing, origin, now);
      return candidate;
    }
    await setAsideUnconfirmed(existing, now);
  }
  const receipt = receiptOf(await newApplicationId(application, candidate, now), application.membership, now);

  // The application is kept first, with no mail: whatever happens next, what was sent is not lost.
  // It keeps the privacy notice its applicant accepted ('I agree'), by version.
  const { submission } = await storeSubmission(
    "enrolment",
    { ...application, applicationId: receipt.applicationId, privacyNoticeVersion },
    {},
    now,
  );
  const link = await withFreshLink(
    {
      key: accountKey(application.email),
      email: application.email,
      name: application.name,
      membership: application.membership,
      applicationId: receipt.applicationId,
      submissionId: submission.id,
      submittedAt: now.toISOString(),
      status: receipt.needsPayment ? "pending-payment" : "active",
      passwordHash,
      privacyNoticeVersion,
    },
    origin,
    now,
  );
  if (!(await createAccount(link.account))) {
    // Another enrolment with this address made its account a moment ago: that one stands.
    const winner = await findAccount(application.email);
    if (winner) await tellAddress(winner, origin, now);
    return candidate;
  }
  // The link's mail is a record of its own, as a fresh link's is: a crash before it leaves an
  // account whose applicant, filling in the form again, is sent the same link.
  const { submission: mail } = await storeSubmission(
    "email-verification",
    { applicationId: receipt.applicationId, nonce: link.account.verification?.nonce },
    { verification: link.mail },
    now,
  );
  await deliverPending(mail);
  return receipt;
}

/**
 * Tells an address that has an account what it needs: its waiting application's own link again, or
 * that it has an account already. One notice a day at most, however often the form is sent.
 */
async function tellAddress(account: Account, origin: string, now: Date) {
  const waiting = await waitingLinkMail(account, origin, now);
  const stored = waiting
    ? await storeSubmission<unknown>(
        "enrolment-waiting",
        { applicationId: account.applicationId, nonce: account.verification?.nonce },
        { owner: waiting },
        now,
      )
    : await storeSubmission<unknown>(
        "enrolment-existing",
        { email: account.email },
        { owner: await existingAccountMail(account.email, origin) },
        now,
      );
  if (!stored.duplicate) await deliverPending(stored.submission);
}
