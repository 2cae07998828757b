import type { Application } from "#shared/schemas/enrolment.ts";
import type { Account } from "../account/accounts.server.ts";
import { applicationRows } from "../membership/application-mails.server.ts";
import { readSubmission } from "../submissions.server.ts";
import { type PaymentRecord, paymentOf } from "./application-actions.server.ts";
import { indexed } from "./application-index.server.ts";
import { applicationMails, type MailDelivery } from "./application-mails.server.ts";
import { type ApplicationRow, applicationRow } from "./applications.server.ts";
import { type AuditEntry, recentActions } from "./audit.server.ts";

export type { MailDelivery };

/**
 * Everything about one application: the list's row, every field sent, every e-mail the site sent
 * about it (oldest first), its payment and history.
 */
export type ApplicationDetail = {
  row: ApplicationRow;
  fields: [string, string][];
  mails: MailDelivery[];
  payment: PaymentRecord | null;
  rejected: Account["rejected"] | null;
  /** Rejections later undid by 'Reopen', oldest first. */
  pastRejections: NonNullable<Account["pastRejections"]>;
  history: AuditEntry[];
};

/**
 * The audit lines about the account, newest first: under its key, and under each key it had before
 * it moved, up to the moment it left that key (an address it left may have been enrolled again).
 */
async function historyOf(account: Account): Promise<AuditEntry[]> {
  const lines = await recentActions(500);
  const former = account.formerKeys ?? [];
  return lines.filter(
    (line) =>
      line.record === `account/${account.key}` ||
      former.some(({ key, until }) => line.record === `account/${key}` && line.at <= until),
  );
}

export async function applicationDetail(account: Account): Promise<ApplicationDetail> {
  const [record, mails, payment, history] = await Promise.all([
    account.submissionId
      ? readSubmission<Application & { applicationId: string }>("enrolment", account.submissionId)
      : Promise.resolve(null),
    applicationMails(account),
    paymentOf(account),
    historyOf(account),
  ]);
  return {
    row: applicationRow(indexed(account)),
    fields: record ? applicationRows(record.data, account.applicationId) : [],
    mails,
    payment,
    rejected: account.rejected ?? null,
    pastRejections: account.pastRejections ?? [],
    history,
  };
}
