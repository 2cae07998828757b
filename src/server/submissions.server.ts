import { createHash } from "node:crypto";
import { type Db, database, inTransaction, type Tx } from "./db/database.server.ts";
import { readEnv } from "./env.server.ts";
import type { Mail } from "./mail/mail.server.ts";
import { deliverDue, deliverNow, MAX_MAIL_ATTEMPTS, queueMails } from "./mail/outbox.server.ts";

export type MailState = {
  mail: Mail;
  status: "pending" | "sent";
  attempts: number;
  lastError?: string;
  sentId?: string;
  /** ISO time before which the mail is not tried again: Resend answered 429 with Retry-After. */
  notBefore?: string;
};

export type Submission<T> = {
  id: string;
  kind: string;
  receivedAt: string;
  data: T;
  mails: Record<string, MailState>;
};

/** The application a submission's data is about, if it names one. */
export function applicationIdOfData(data: unknown): string | null {
  const id = (data as { applicationId?: unknown } | null)?.applicationId;
  return typeof id === "string" && /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
}

export { MAX_MAIL_ATTEMPTS };

/**
 * The id is a hash of the submission and its day, so the same message sent twice in a row (a
 * double click, a resubmitted form) is one record, while the same words next week are new.
 */
export function submissionId(kind: string, data: unknown, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  return createHash("sha256")
    .update(`${kind}\n${day}\n${JSON.stringify(data)}`)
    .digest("hex")
    .slice(0, 32);
}

/** A mail's state as its submission shows it, from its outbox row. */
function mailState(row: {
  mail: Mail;
  sent_at: Date | null;
  sent_id: string | null;
  attempts: number;
  last_error: string | null;
  not_before: Date | null;
}): MailState {
  const state: MailState = {
    mail: row.mail,
    status: row.sent_at ? "sent" : "pending",
    attempts: row.attempts,
  };
  if (row.sent_id) state.sentId = row.sent_id;
  if (row.last_error && !row.sent_at) state.lastError = row.last_error;
  if (row.not_before && !row.sent_at) state.notBefore = row.not_before.toISOString();
  return state;
}

/** One stored submission with its mails' states, or null. */
export async function readSubmission<T>(
  kind: string,
  id: string,
  db: Db = database(),
): Promise<Submission<T> | null> {
  const row = await db
    .selectFrom("submissions")
    .selectAll()
    .where("kind", "=", kind)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const mails = await mailStates([row], db);
  return {
    id: row.id,
    kind: row.kind,
    receivedAt: row.received_at.toISOString(),
    data: row.data as T,
    mails: mails.get(`${kind}/${id}`) ?? {},
  };
}

/**
 * The mails of these submissions, by `<kind>/<id>`, each by its name, from their outbox rows: one
 * query by the outbox's index of submissions.
 */
export async function mailStates(
  submissions: readonly { kind: string; id: string }[],
  db: Db = database(),
): Promise<Map<string, Record<string, MailState>>> {
  const found = new Map<string, Record<string, MailState>>();
  if (submissions.length === 0) return found;
  const wanted = new Set(submissions.map(({ kind, id }) => `${kind}/${id}`));
  const rows = await db
    .selectFrom("outbox")
    .select([
      "submission_kind",
      "submission_id",
      "name",
      "mail",
      "sent_at",
      "sent_id",
      "attempts",
      "last_error",
      "not_before",
    ])
    .where("submission_kind", "in", [...new Set(submissions.map(({ kind }) => kind))])
    .where("submission_id", "in", [...new Set(submissions.map(({ id }) => id))])
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const key = `${row.submission_kind}/${row.submission_id}`;
    if (!wanted.has(key)) continue;
    found.set(key, { ...found.get(key), [row.name]: mailState(row) });
  }
  return found;
}

/** The outbox key of a submission's mail: Resend's idempotency key, as it has always been. */
export const mailKey = (kind: string, id: string, name: string) => `${kind}/${id}/${name}`;

/**
 * Stores the submission and queues its mails, in the caller's transaction if it gives one (the
 * change the mails tell of is kept with them or not at all). Answers the stored record and whether
 * it was already there (a duplicate is not stored, or mailed, twice). Delivery is the caller's,
 * after the commit (deliverPending).
 */
export async function storeSubmission<T>(
  kind: string,
  data: T,
  mails: Record<string, Mail>,
  at = new Date(),
  tx?: Tx,
): Promise<{ submission: Submission<T>; duplicate: boolean }> {
  return storeSubmissionAs(kind, submissionId(kind, data, at), data, mails, at, tx);
}

/**
 * The same, under an id the caller chose: a record that must be one per thing whatever the day
 * (a newsletter issue's copy to one address: `<issue>/<address hash>`). The id may hold `/`.
 */
export async function storeSubmissionAs<T>(
  kind: string,
  id: string,
  data: T,
  mails: Record<string, Mail>,
  at = new Date(),
  tx?: Tx,
): Promise<{ submission: Submission<T>; duplicate: boolean }> {
  const store = async (db: Tx) => {
    const inserted = await db
      .insertInto("submissions")
      .values({
        kind,
        id,
        received_at: at,
        application_id: applicationIdOfData(data),
        data: JSON.stringify(data),
      })
      .onConflict((conflict) => conflict.columns(["kind", "id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) {
      await queueMails(
        db,
        Object.entries(mails).map(([name, mail]) => ({
          key: mailKey(kind, id, name),
          name,
          mail,
          submission: { kind, id },
        })),
        at,
      );
    }
    return { submission: (await readSubmission<T>(kind, id, db)) as Submission<T>, duplicate: !inserted };
  };
  return tx ? store(tx) : inTransaction(store);
}

export type QuarantinedSubmission<T> = {
  id: string;
  kind: string;
  receivedAt: string;
  reason: string;
  data: T;
};

/**
 * Keeps a suspected spam submission, with why it was suspected, and mails no one: nothing is
 * dropped, and a person can still read and release it (src/server/secretariat/held.server.ts).
 */
export async function quarantineSubmission<T>(
  kind: string,
  data: T,
  reason: string,
  at = new Date(),
): Promise<QuarantinedSubmission<T>> {
  const id = submissionId(kind, data, at);
  const record: QuarantinedSubmission<T> = { id, kind, receivedAt: at.toISOString(), reason, data };
  await database()
    .insertInto("held_submissions")
    .values({ kind, id, received_at: at, reason, data: JSON.stringify(data) })
    .onConflict((conflict) => conflict.columns(["kind", "id"]).doNothing())
    .execute();
  return record;
}

/** How long a visitor's request waits for its mails: MAIL_REQUEST_BUDGET_MS, or less if Resend is given less. */
export function requestMailBudgetMs(env = readEnv()): number {
  return Math.min(env.MAIL_REQUEST_BUDGET_MS, env.RESEND_TIMEOUT_MS);
}

/**
 * Sends the submission's mails that are due, after the commit that queued them, together within
 * `budgetMs` (by default the short budget of a visitor's request); a mail not sent in it stays
 * queued for the scheduled sender. Answers the submission as it now is.
 */
export async function deliverPending<T>(
  submission: Submission<T>,
  budgetMs = requestMailBudgetMs(),
  clock: () => number = Date.now,
): Promise<Submission<T>> {
  const waiting = await database()
    .selectFrom("outbox")
    .select("id")
    .where("submission_kind", "=", submission.kind)
    .where("submission_id", "=", submission.id)
    .where("sent_at", "is", null)
    .execute();
  if (waiting.length > 0)
    await deliverNow(
      waiting.map((row) => row.id),
      budgetMs,
      new Date(clock()),
    );
  return (await readSubmission<T>(submission.kind, submission.id)) ?? submission;
}

/**
 * A scheduled function is stopped at 30 s: the sender starts no call after this long, and each
 * call is given no more than what is left of it.
 */
export const RETRY_RUN_BUDGET_MS = 20_000;

export type RetryOptions = {
  /** How long the run may go on starting sends. */
  budgetMs?: number;
  clock?: () => number;
};

/**
 * Sends every due mail of the outbox, in batches, until the run's budget is spent; answers how
 * many went out, how many are still waiting (not sent, not given up on), and how many due mails
 * this run left for the next. Each mail keeps its idempotency key, so none is sent twice.
 */
export async function retryPendingMail({
  budgetMs = RETRY_RUN_BUDGET_MS,
  clock = Date.now,
}: RetryOptions = {}): Promise<{ sent: number; pending: number; left: number }> {
  const run = await deliverDue({ budgetMs, clock });
  const { count } = await database()
    .selectFrom("outbox")
    .select((row) => row.fn.countAll<string>().as("count"))
    .where("sent_at", "is", null)
    .where("attempts", "<", MAX_MAIL_ATTEMPTS)
    .executeTakeFirstOrThrow();
  return { sent: run.sent, pending: Number(count), left: run.left };
}

/** A stored submission whose delivery step failed: it stays pending, and the log says why. */
export function logMailFailure(id: string, error: unknown): void {
  console.error(
    `delivery of submission ${id} left pending: ${error instanceof Error ? error.message : error}`,
  );
}
