import { readEnv } from "../env.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import { type Account, members } from "./accounts.server.ts";
import { forgetThrottle } from "./login-throttle.server.ts";
import { accountClosedMail } from "./own-data-mails.server.ts";
import { forgetAddress } from "./recovery-throttle.server.ts";
import { endAccountSessions } from "./sessions.server.ts";

/**
 * Closes a member's account (decision 0015): the secretariat's notice is stored first, so that a
 * failure halfway is retried by the member and still told; then every session, the account's own
 * sign-in failure records, every record keyed by its address (a forgotten-password or e-mail change
 * request) and the account go. The application (a `submissions` record) stays as
 * the society's record, and so does a choice to hide contact details in the directory, which
 * protects the member whether or not they have an account.
 */
export async function closeAccount(account: Account, now = new Date()): Promise<void> {
  const closedAt = now.toISOString();
  const notice = { name: account.name, email: account.email, applicationId: account.applicationId, closedAt };
  const { submission, duplicate } = await storeSubmission(
    "account-closed",
    { applicationId: account.applicationId, email: account.email },
    { secretariat: await accountClosedMail(notice, readEnv().SECRETARIAT_EMAIL) },
    now,
  );
  await endAccountSessions(account.key, now);
  await forgetThrottle(account.key);
  await forgetAddress(account.email);
  await members().delete(`account/${account.key}`);
  if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
}
