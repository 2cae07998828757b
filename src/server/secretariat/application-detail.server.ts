import type { Application } from "#shared/schemas/enrolment.ts";
import type { Account } from "../account/accounts.server.ts";
import { applicationRows } from "../membership/application-mails.server.ts";
import { readSubmission } from "../submissions.server.ts";
import { type PaymentRecord, paymentOf } from "./application-actions.server.ts";
import { applicationMails, type MailDelivery } from "./application-mails.server.ts";
import { type ApplicationRow, applicationRow, listed } from "./applications.server.ts";
import { type AuditEntry, accountActions } from "./audit.server.ts";

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

export async function applicationDetail(account: Account): Promise<ApplicationDetail> {
  const [record, mails, payment, history] = await Promise.all([
    account.submissionId
      ? readSubmission<Application & { applicationId: string }>("enrolment", account.submissionId)
      : Promise.resolve(null),
    applicationMails(account),
    paymentOf(account),
    // Its lines by its id: whatever address it had when each was written.
    accountActions(account.key),
  ]);
  return {
    row: applicationRow(listed(account)),
    fields: record ? applicationRows(record.data, account.applicationId) : [],
    mails,
    payment,
    rejected: account.rejected ?? null,
    pastRejections: account.pastRejections ?? [],
    history,
  };
}
