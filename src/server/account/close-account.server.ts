import { readEnv } from "../env.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import {
  type Account,
  closedAccountKey,
  dropForwardingNotes,
  markAccountChanged,
  members,
  movedTo,
  saveAccount,
} from "./accounts.server.ts";
import { forgetThrottle } from "./login-throttle.server.ts";
import { accountClosedMail, accountClosedMemberMail } from "./own-data-mails.server.ts";
import { forgetAddress } from "./recovery-throttle.server.ts";
import { endAccountSessions } from "./sessions.server.ts";

/**
 * Closes a member's website account (decisions 0015 and 0037): the secretariat's notice is stored
 * first, so that a failure halfway is retried by the member and still told; then every session,
 * the account's own sign-in failure records, every record keyed by its address (a
 * forgotten-password or e-mail change request) and the account at its address go. The account's
 * record moves, without its password, to a key of its own: it holds the membership (payments,
 * member number, reminders), which closing the website account does not end, and the workspace
 * lists it from there. The application (a `submissions` record) stays too, and so does a choice
 * to hide contact details in the directory, which protects the member whether or not they have an
 * account.
 */
export async function closeAccount(account: Account, origin: string, now = new Date()): Promise<void> {
  const closedAt = now.toISOString();
  const notice = { name: account.name, email: account.email, applicationId: account.applicationId, closedAt };
  const { submission, duplicate } = await storeSubmission(
    "account-closed",
    { applicationId: account.applicationId, email: account.email },
    {
      secretariat: await accountClosedMail(notice, readEnv().SECRETARIAT_EMAIL),
      member: await accountClosedMemberMail(notice, origin),
    },
    now,
  );
  await endAccountSessions(account.key, now);
  await forgetThrottle(account.key);
  await forgetAddress(account.email);
  // Moved before the account goes, so the membership is never missing from the workspace.
  await saveAccount({ ...movedTo(account, closedAccountKey(account), now), passwordHash: "", closedAt });
  await members().delete(`account/${account.key}`);
  await dropForwardingNotes(account);
  await markAccountChanged(account.key);
  if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
}
