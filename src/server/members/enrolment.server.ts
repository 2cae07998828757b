import type { Enrolment } from "#shared/schemas/enrolment.ts";
import { withoutPassword } from "#shared/schemas/enrolment.ts";
import { readEnv, signingSecret } from "../env.server.ts";
import { deliverPending, storeSubmission, submissionId, submissions } from "../submissions.server.ts";
import { accountKey, createAccount, findAccount } from "./accounts.server.ts";
import { enrolmentMails, existingAccountMail } from "./member-mails.server.ts";
import { membershipContent } from "./membership-content.server.ts";
import { hashPassword } from "./password.server.ts";
import { approvalUrl } from "./payment-approval.server.ts";

/** A short id people can quote on a bank transfer: the start of the application's hash. */
export const applicationIdOf = (hash: string) => `EN-${hash.slice(0, 10).toUpperCase()}`;

/**
 * Records an enrolment: the application is stored (status pending payment) with its account,
 * then mailed to the secretariat and acknowledged to the applicant. An address that already has
 * an account gets no second one: its owner is told by e-mail, and the caller answers exactly as
 * for a new application, so the form does not reveal who has an account. The password is hashed
 * in both cases, so both take the same time.
 */
export async function enrol(enrolment: Enrolment, origin: string, now = new Date()): Promise<void> {
  const application = withoutPassword(enrolment);
  const id = submissionId("enrolment", application, now);
  const applicationId = applicationIdOf(id);
  const passwordHash = await hashPassword(enrolment.password);
  const existing = await findAccount(application.email);
  if (existing) {
    // The same application sent twice (a double click, a re-posted form) is answered quietly.
    if (existing.applicationId !== applicationId) await tellOwner(application.email, origin, now);
    return;
  }

  const key = accountKey(application.email);
  const link = await approvalUrl(origin, signingSecret(), { account: key, application: applicationId }, now);
  const mails = enrolmentMails(
    application,
    applicationId,
    link,
    readEnv().SECRETARIAT_EMAIL,
    membershipContent(),
  );
  const { submission } = await storeSubmission(
    "enrolment",
    { ...application, applicationId, status: "pending-payment" },
    mails,
    now,
  );
  const created = await createAccount({
    key,
    email: application.email,
    name: application.name,
    membership: application.membership,
    applicationId,
    submissionId: submission.id,
    submittedAt: now.toISOString(),
    status: "pending-payment",
    passwordHash,
  });
  if (!created) {
    // The same form sent twice at once: the other request made the account and mails.
    if ((await findAccount(application.email))?.applicationId === applicationId) return;
    // Another enrolment for this address won the race: this one is not an application after all.
    await submissions().delete(`enrolment/${submission.id}`);
    await tellOwner(application.email, origin, now);
    return;
  }
  await deliverPending(submission);
}

/** One notice a day at most, however often the form is sent with the address. */
async function tellOwner(email: string, origin: string, now: Date) {
  const { submission, duplicate } = await storeSubmission(
    "enrolment-existing",
    { email },
    { owner: existingAccountMail(email, `${origin}/login`) },
    now,
  );
  if (!duplicate) await deliverPending(submission);
}
