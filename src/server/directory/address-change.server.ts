import { memberNumberOf } from "#shared/membership/reference.ts";
import { needsPayment } from "#shared/membership/types.ts";
import type { Account } from "../account/accounts.server.ts";
import { readEnv } from "../env.server.ts";
import { directoryAddressChanged } from "../mail/templates/directory-address-changed.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import { followAddressChange } from "./directory-privacy.server.ts";

/**
 * The member number of an account, for the secretariat's notice: given with the first confirmed
 * payment (as the membership's status gives it), so none for an author or reviewer, or an
 * application not yet paid. Worked out here from the account alone: the account's pages, which
 * call this, know nothing of the membership module (docs/architecture.md).
 */
export const memberNumberOfAccount = (account: Account): string | null =>
  // A member from the register is known by the register's number (decision 0051).
  account.register
    ? account.register.memberNo
    : needsPayment(account.membership) && ((account.payments?.length ?? 0) > 0 || account.activatedAt)
      ? memberNumberOf(account.applicationId)
      : null;

/**
 * After a member confirmed a new e-mail address: the directory entry found under the old one keeps
 * its hidden details under the id it will have with the new one, and the secretariat, whose sheet
 * still lists the old address, is told to change it (a stored mail, once per change). Nothing is
 * sent when the directory has no entry for the member; when it cannot be read, the secretariat is
 * asked to check.
 */
export async function directoryAfterAddressChange(
  previous: Account,
  moved: Account,
  now = new Date(),
): Promise<void> {
  const entry = await followAddressChange(previous, moved, now);
  if (entry === null) return;
  const oldEmail = (previous.directoryEmail ?? previous.email).toLowerCase();
  const mail = await composeMail(
    directoryAddressChanged,
    {
      name: moved.name,
      applicationId: moved.applicationId,
      memberNumber: memberNumberOfAccount(moved),
      oldEmail,
      newEmail: moved.email,
      entry: entry === "unknown" ? null : { name: entry.name, id: entry.id },
    },
    { to: [readEnv().SECRETARIAT_EMAIL] },
  );
  const { submission, duplicate } = await storeSubmission(
    "directory-address-changed",
    { applicationId: moved.applicationId, from: oldEmail, to: moved.email },
    { secretariat: mail },
    now,
  );
  if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
}
