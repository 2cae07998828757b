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
  saveAccount,
} from "../account/accounts.server.ts";
import { hashPassword } from "../account/password.server.ts";
import { deliverPending, readSubmission, storeSubmission, submissionId } from "../submissions.server.ts";
import { existingAccountMail } from "./application-mails.server.ts";
import { withFreshLink } from "./email-verification.server.ts";
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
 * An address whose account is confirmed gets no second one: its owner is told by e-mail. An
 * address whose account was never confirmed gets this application in place of the old one, and a
 * fresh link: so a stranger who enrolled someone else's address first holds nothing, since the
 * owner's own application replaces theirs. The receipt has the same shape in every case (an
 * address with an account is answered with the hash of what was sent), and the password is hashed
 * in every case, so neither answer nor timing tells whether an address has an account. A form sent
 * twice with one form token (a double click) never reaches here a second time: the pipeline
 * quarantines the replay and answers it with the receipt's id, the id the first one was given.
 */
export async function enrol(
  enrolment: Enrolment,
  origin: string,
  now = new Date(),
): Promise<EnrolmentReceipt> {
  const application = withoutPassword(enrolment);
  const candidate = receiptFor(enrolment, now);
  const passwordHash = await hashPassword(enrolment.password);
  const existing = await findAccount(application.email);
  if (existing && isVerified(existing)) {
    await tellOwner(application.email, origin, now);
    return candidate;
  }
  const receipt = receiptOf(await newApplicationId(application, candidate, now), application.membership, now);

  const account: Account = {
    key: accountKey(application.email),
    email: application.email,
    name: application.name,
    membership: application.membership,
    applicationId: receipt.applicationId,
    submissionId: "", // known once the application is stored, below
    submittedAt: now.toISOString(),
    status: receipt.needsPayment ? "pending-payment" : "active",
    passwordHash,
    privacyNoticeVersion,
  };
  const link = await withFreshLink(account, origin, now);
  // The application keeps the privacy notice its applicant accepted ('I agree'), by version.
  const { submission } = await storeSubmission(
    "enrolment",
    { ...application, applicationId: receipt.applicationId, privacyNoticeVersion },
    { verification: link.mail },
    now,
  );
  const fresh = { account: { ...link.account, submissionId: submission.id } };
  if (existing) await saveAccount(fresh.account);
  else if (!(await createAccount(fresh.account))) {
    // Another enrolment for this address made its account a moment ago: this one replaces it
    // only if that one is still unconfirmed, as above.
    const winner = await findAccount(application.email);
    if (winner?.applicationId === receipt.applicationId) return receipt;
    if (winner && isVerified(winner)) {
      await tellOwner(application.email, origin, now);
      return receipt;
    }
    await saveAccount(fresh.account);
  }
  await deliverPending(submission);
  return receipt;
}

/** One notice a day at most, however often the form is sent with the address. */
async function tellOwner(email: string, origin: string, now: Date) {
  const { submission, duplicate } = await storeSubmission(
    "enrolment-existing",
    { email },
    { owner: await existingAccountMail(email, origin) },
    now,
  );
  if (!duplicate) await deliverPending(submission);
}
