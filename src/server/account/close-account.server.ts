import { inTransaction } from "../db/database.server.ts";
import { readEnv } from "../env.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import {
  type Account,
  accountKey,
  closeAccount as closeAccountRecord,
  lockAccount,
} from "./accounts.server.ts";
import { forgetThrottle } from "./login-throttle.server.ts";
import { accountClosedMail, accountClosedMemberMail } from "./own-data-mails.server.ts";
import { forgetAddress } from "./recovery-throttle.server.ts";

/**
 * Closes a member's website account (decisions 0015 and 0037), in one transaction with its mails
 * to the secretariat and the member: the account's row is closed (no password, the address free
 * to enrol again), every session goes, and so do the sign-in failure records counted under its
 * address and every recovery request keyed by it. The row stays: it holds the membership
 * (payments, member number, reminders), which closing the website account does not end, and the
 * workspace lists it. The application (a `submissions` row) stays too, and so does a choice to
 * hide contact details in the directory, which protects the member whether or not they have an
 * account. Closing an account that is closed already (a second press) changes and mails nothing.
 */
export async function closeAccount(account: Account, origin: string, now = new Date()): Promise<void> {
  const closedAt = now.toISOString();
  const notice = { name: account.name, email: account.email, applicationId: account.applicationId, closedAt };
  const mails = {
    secretariat: await accountClosedMail(notice, readEnv().SECRETARIAT_EMAIL),
    member: await accountClosedMemberMail(notice, origin),
  };
  const told = await inTransaction(async (tx) => {
    const open = await lockAccount(tx, account.key);
    if (!open || open.closedAt) return null;
    await closeAccountRecord(tx, open, now);
    await forgetThrottle(accountKey(open.email), tx);
    await forgetAddress(open.email, tx);
    const { submission, duplicate } = await storeSubmission(
      "account-closed",
      { applicationId: open.applicationId, email: open.email },
      mails,
      now,
      tx,
    );
    return duplicate ? null : submission;
  });
  if (told) await deliverPending(told).catch((error) => logMailFailure(told.id, error));
}
