import type { Application } from "#shared/schemas/enrolment.ts";
import type { Account } from "../account/accounts.server.ts";
import { applicationRows } from "../membership/application-mails.server.ts";
import { readSubmission, type Submission } from "../submissions.server.ts";
import { type PaymentRecord, paymentOf } from "./application-actions.server.ts";
import { indexed } from "./application-index.server.ts";
import { type ApplicationRow, applicationRow } from "./applications.server.ts";
import { type AuditEntry, actionsOn } from "./audit.server.ts";

export type MailDelivery = {
  name: string;
  to: string[];
  subject: string;
  status: string;
  attempts: number;
  lastError?: string;
};

/** Everything about one application: the list's row, every field sent, its e-mails, payment and history. */
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

export const deliveries = (record: Submission<unknown> | null): MailDelivery[] =>
  Object.entries(record?.mails ?? {}).map(([name, state]) => ({
    name,
    to: state.mail.to,
    subject: state.mail.subject,
    status: state.status,
    attempts: state.attempts,
    ...(state.lastError ? { lastError: state.lastError } : {}),
  }));

export async function applicationDetail(account: Account): Promise<ApplicationDetail> {
  const [record, payment, history] = await Promise.all([
    account.submissionId
      ? readSubmission<Application & { applicationId: string }>("enrolment", account.submissionId)
      : Promise.resolve(null),
    paymentOf(account),
    actionsOn(`account/${account.key}`),
  ]);
  return {
    row: applicationRow(indexed(account)),
    fields: record ? applicationRows(record.data, account.applicationId) : [],
    mails: deliveries(record),
    payment,
    rejected: account.rejected ?? null,
    pastRejections: account.pastRejections ?? [],
    history,
  };
}
