import type { Account } from "../account/accounts.server.ts";
import { type Db, database } from "../db/database.server.ts";
import type { Mail } from "../mail/mail.server.ts";

/** One e-mail the site sent about an application, and how its delivery stands. */
export type MailDelivery = {
  /** The stored submission it belongs to (`<kind>/<id>`), and when that was stored. */
  kind: string;
  id: string;
  at: string;
  name: string;
  to: string[];
  subject: string;
  status: string;
  attempts: number;
  lastError?: string;
};

/**
 * Every e-mail the site sent about the application, oldest first: the outbox rows of the
 * submissions that name it (`submissions.application_id`, one index) and of its enrolment.
 */
export async function applicationMails(account: Account, db: Db = database()): Promise<MailDelivery[]> {
  const rows = await db
    .selectFrom("submissions")
    .innerJoin("outbox", (join) =>
      join
        .onRef("outbox.submission_kind", "=", "submissions.kind")
        .onRef("outbox.submission_id", "=", "submissions.id"),
    )
    .select([
      "submissions.kind",
      "submissions.id",
      "submissions.received_at",
      "outbox.name",
      "outbox.mail",
      "outbox.sent_at",
      "outbox.attempts",
      "outbox.last_error",
    ])
    .where((where) =>
      where.or([
        where("submissions.application_id", "=", account.applicationId),
        where.and([
          where("submissions.kind", "=", "enrolment"),
          where("submissions.id", "=", account.submissionId),
        ]),
      ]),
    )
    .orderBy("submissions.received_at")
    .orderBy("outbox.id")
    .execute();
  return rows.map((row) => {
    const mail = row.mail as Mail;
    const sent = row.sent_at !== null;
    return {
      kind: row.kind,
      id: row.id,
      at: row.received_at.toISOString(),
      name: row.name,
      to: mail.to,
      subject: mail.subject,
      status: sent ? "sent" : "pending",
      attempts: row.attempts,
      ...(row.last_error && !sent ? { lastError: row.last_error } : {}),
    };
  });
}
