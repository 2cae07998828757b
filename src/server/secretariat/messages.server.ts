import type { ExpressionBuilder } from "kysely";
import { type Db, database, inTransaction } from "../db/database.server.ts";
import type { Database } from "../db/schema.server.ts";
import {
  deliverPending,
  MAX_MAIL_ATTEMPTS,
  mailStates,
  readSubmission,
  type Submission,
} from "../submissions.server.ts";
import { recordAction } from "./audit.server.ts";
import { kindName, when } from "./display.server.ts";

/** The kind shown first: what people write to the society. */
export const DEFAULT_KIND = "contact";
/** The newest this many are shown: the page is a desk, not an archive. */
const SHOWN = 200;

/** Every kind of stored submission, with how many there are: one count by the kind's index. */
export async function submissionKinds(db: Db = database()): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("submissions")
    .select(["kind", (row) => row.fn.countAll<string>().as("count")])
    .groupBy("kind")
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.count)]));
}

/** The two lists of e-mails that did not go out: waiting for the sender, or given up on. */
export const MAIL_FILTERS = ["pending", "failed"] as const;
export type MailFilter = (typeof MAIL_FILTERS)[number];
export const isMailFilter = (value: unknown): value is MailFilter =>
  typeof value === "string" && (MAIL_FILTERS as readonly string[]).includes(value);

/**
 * A submission with a mail in this state: not sent and still to be tried (`pending`), or not sent
 * after MAX_MAIL_ATTEMPTS tries (`failed`).
 */
const hasMail = (filter: MailFilter) => (row: ExpressionBuilder<Database, "submissions">) =>
  row.exists(
    row
      .selectFrom("outbox")
      .select("outbox.id")
      .whereRef("outbox.submission_kind", "=", "submissions.kind")
      .whereRef("outbox.submission_id", "=", "submissions.id")
      .where("outbox.sent_at", "is", null)
      .where("outbox.attempts", filter === "pending" ? "<" : ">=", MAX_MAIL_ATTEMPTS),
  );

/**
 * The newest submissions of `kind` (every kind when ""), of those only the ones with a mail
 * `mail` when asked, newest first, SHOWN at most, each with its mails' states.
 */
export async function newestSubmissions({
  kind,
  mail,
}: {
  kind: string;
  mail: MailFilter | "";
}): Promise<Submission<unknown>[]> {
  const db = database();
  const rows = await db
    .selectFrom("submissions")
    .select(["kind", "id", "received_at", "data"])
    .$if(kind !== "", (query) => query.where("kind", "=", kind))
    .$if(mail !== "", (query) => query.where(hasMail(mail as MailFilter)))
    .orderBy("received_at", "desc")
    .orderBy("id")
    .limit(SHOWN)
    .execute();
  const mails = await mailStates(rows, db);
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    receivedAt: row.received_at.toISOString(),
    data: row.data,
    mails: mails.get(`${row.kind}/${row.id}`) ?? {},
  }));
}

/** A mail that did not go out: waiting for a retry, or given up on after MAX_MAIL_ATTEMPTS. */
export const failedMails = (record: Submission<unknown>) =>
  Object.entries(record.mails).filter(([, state]) => state.status !== "sent");

export async function findSubmission(kind: string, id: string): Promise<Submission<unknown> | null> {
  if (!/^[a-z][a-z-]{0,40}$/.test(kind) || !/^[0-9a-f]{32}$/.test(id)) return null;
  return readSubmission(kind, id);
}

export type ResendOutcome = "resent" | "resend-nothing" | "resend-pending";

/**
 * 'Send again': the mails that did not go out are given their tries back (and any wait, a 429's
 * or their own after a failure, forgotten) with the press's audit line, then tried once more now
 * with their own idempotency keys (so one Resend did take is not sent twice; a mail once sent in a
 * batch goes with its batch). What still fails stays for the scheduled sender.
 */
export async function sendAgain(record: Submission<unknown>, who: string): Promise<ResendOutcome> {
  const failed = failedMails(record);
  if (failed.length === 0) return "resend-nothing";
  await inTransaction(async (tx) => {
    const ofRecord = tx
      .selectFrom("outbox")
      .select("batch_key")
      .where("submission_kind", "=", record.kind)
      .where("submission_id", "=", record.id)
      .where("batch_key", "is not", null);
    await tx
      .updateTable("outbox")
      .set((row) => ({
        attempts: row.fn("least", [row.ref("attempts"), row.val(MAX_MAIL_ATTEMPTS - 1)]),
        not_before: null,
        next_attempt_at: null,
      }))
      .where("sent_at", "is", null)
      .where((row) =>
        row.or([
          row.and([row("submission_kind", "=", record.kind), row("submission_id", "=", record.id)]),
          // A batch's rows share one state: the whole batch is given its tries back.
          row("batch_key", "in", ofRecord),
        ]),
      )
      .execute();
    // In the press's transaction: the line is kept exactly when the tries are given back.
    await recordAction(
      {
        who,
        action: "resend",
        record: `${record.kind}/${record.id}`,
        summary: `Send again: ${failed.map(([name]) => name).join(", ")} of the ${kindName(record.kind).toLowerCase()} of ${when(record.receivedAt)}`,
      },
      new Date(),
      tx,
    );
  });
  const updated = await deliverPending(record);
  return failedMails(updated).length === 0 ? "resent" : "resend-pending";
}

/**
 * How many submissions have a mail waiting for the sender, and how many one given up on (the
 * overview's counts: each the length of the messages page's `?mail=` list).
 */
export async function mailCounts(db: Db = database()): Promise<Record<MailFilter, number>> {
  const count = async (filter: MailFilter) => {
    const { count } = await db
      .selectFrom("submissions")
      .select((row) => row.fn.countAll<string>().as("count"))
      .where(hasMail(filter))
      .executeTakeFirstOrThrow();
    return Number(count);
  };
  const [pending, failed] = await Promise.all([count("pending"), count("failed")]);
  return { pending, failed };
}

/**
 * The submissions (`<kind>/<id>`) with a mail waiting for the sender, or given up on (the
 * overview reads their number: `mailCounts` counts them without listing).
 */
export async function submissionsWithMail(filter: MailFilter): Promise<string[]> {
  const rows = await database()
    .selectFrom("submissions")
    .select(["kind", "id"])
    .where(hasMail(filter))
    .orderBy("received_at", "desc")
    .execute();
  return rows.map((row) => `${row.kind}/${row.id}`);
}
