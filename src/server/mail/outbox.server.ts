import { createHash } from "node:crypto";
import { type SelectQueryBuilder, sql } from "kysely";
import { Resend } from "resend";
import { type Db, database, inTransaction } from "../db/database.server.ts";
import type { Database } from "../db/schema.server.ts";
import { readEnv } from "../env.server.ts";
import { withinTime } from "../time-limit.server.ts";
import {
  type Mail,
  type MailResult,
  resendEmail,
  retryAfterFrom,
  sendMail,
  sentAlone,
} from "./mail.server.ts";

/**
 * The outbox (decision 0050): a mail is a row written in the transaction of the change it tells
 * of, so a change that rolls back mails nothing and no change is kept without its mail. It is
 * delivered after the commit: at once by the request that made it (`deliverNow`), else by the
 * scheduled sender (`deliverDue`). A sender first claims the rows it will send (no other sender
 * takes them meanwhile), and each is sent under its key as Resend's idempotency key, so a mail
 * is delivered once however often it is tried.
 */

export type QueuedMail = {
  /** Unique for ever: the idempotency key. A second queueing of one key is no new mail. */
  key: string;
  /** Its name in its record ("notification", "acknowledgement"). */
  name: string;
  mail: Mail;
  /** The submission it belongs to, if any. */
  submission?: { kind: string; id: string };
};

/** After this many attempts a mail is left for a person to look at, not retried for ever. */
export const MAX_MAIL_ATTEMPTS = 50;
/**
 * After a failure a mail waits before it is tried again: this long after its first, twice as long
 * after each failure since, never longer than LONGEST_RETRY_MS. A mail that fails for a passing
 * reason goes at the next runs; one that keeps failing is tried a few times a day, its attempts
 * lasting about ten days rather than fifty runs of the sender (eight hours).
 */
export const FIRST_RETRY_MS = 5 * 60_000;
export const LONGEST_RETRY_MS = 6 * 3_600_000;
/** Resend takes up to this many mails in one batch call. */
export const BATCH_SIZE = 100;
/** How long a claim holds a row: longer than any one send may take. */
const CLAIM_MS = 60_000;

/** Queues mails in the caller's transaction; answers the rows' ids (an existing key's too). */
export async function queueMails(tx: Db, mails: QueuedMail[], at = new Date()): Promise<string[]> {
  if (mails.length === 0) return [];
  await tx
    .insertInto("outbox")
    .values(
      mails.map(({ key, name, mail, submission }) => ({
        key,
        name,
        mail: JSON.stringify(mail),
        submission_kind: submission?.kind ?? null,
        submission_id: submission?.id ?? null,
        queued_at: at,
      })),
    )
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const rows = await tx
    .selectFrom("outbox")
    .select("id")
    .where(
      "key",
      "in",
      mails.map((mail) => mail.key),
    )
    .execute();
  return rows.map((row) => row.id);
}

export type Delivery = { sent: number; pending: number };

type Claimed = { id: string; key: string; mail: Mail; batch_key: string | null };

/**
 * Claims are taken one at a time across every sender (this lock, held to the claim's commit), so
 * a row is claimed by one sender only and a batch is always claimed whole: two senders at once
 * never split one between them.
 */
const CLAIM_LOCK = 560_001;

/**
 * A row that may be sent now: not sent, not given up on, not held by a 429 or by its wait after a
 * failure, not claimed.
 */
function due(
  query: SelectQueryBuilder<Database, "outbox", { id: string; batch_key: string | null }>,
  now: Date,
) {
  return query
    .where("sent_at", "is", null)
    .where("attempts", "<", MAX_MAIL_ATTEMPTS)
    .where((row) => row.or([row("not_before", "is", null), row("not_before", "<=", now)]))
    .where((row) => row.or([row("next_attempt_at", "is", null), row("next_attempt_at", "<=", now)]))
    .where((row) => row.or([row("claimed_until", "is", null), row("claimed_until", "<", now)]));
}

/**
 * Claims due rows for this sender alone (the first `limit` by id, among `ids` if given, after
 * `afterId` if given) and counts the attempt. A row that went out in a batch comes with every
 * unsent row of its batch: a batch is only ever sent again whole, under its key.
 */
async function claim(
  filter: { ids?: string[]; afterId?: string; limit: number },
  now: Date,
): Promise<Claimed[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const rows = await inTransaction(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(tx);
    const found = await due(tx.selectFrom("outbox").select(["id", "batch_key"]), now)
      .$if(filter.ids !== undefined, (query) => query.where("id", "in", filter.ids as string[]))
      .$if(filter.afterId !== undefined, (query) => query.where("id", ">", filter.afterId as string))
      .orderBy("id")
      .limit(filter.limit)
      .execute();
    if (found.length === 0) return [];
    const batches = [...new Set(found.flatMap((row) => (row.batch_key ? [row.batch_key] : [])))];
    return tx
      .updateTable("outbox")
      .set({ claimed_until: until, attempts: sql<number>`attempts + 1` })
      .where((row) =>
        row.or([
          row(
            "id",
            "in",
            found.map((found) => found.id),
          ),
          ...(batches.length > 0
            ? [row.and([row("batch_key", "in", batches), row("sent_at", "is", null)])]
            : []),
        ]),
      )
      .returning(["id", "key", "mail", "batch_key"])
      .execute();
  });
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** A batch's outcome: when sent, each row's id at Resend, in the rows' order. */
type BatchResult = { sent: true; ids: string[] } | Extract<MailResult, { sent: false }>;

async function recordOutcome(rows: Claimed[], result: BatchResult, now: Date): Promise<void> {
  if (result.sent) {
    // One statement: a batch is recorded sent whole, never in part, each row with its own id at
    // Resend (the batch's answer lists them in the order sent).
    const ids = rows.map((row) => row.id);
    const sentIds = rows.map((_, index) => result.ids[index] ?? result.ids[0] ?? "");
    await sql`
      UPDATE outbox
      SET sent_at = ${now}, sent_id = sent.resend_id, claimed_until = NULL, last_error = NULL, not_before = NULL,
        next_attempt_at = NULL
      FROM unnest(${ids}::bigint[], ${sentIds}::text[]) AS sent(row_id, resend_id)
      WHERE outbox.id = sent.row_id`.execute(database());
    return;
  }
  // A 429 holds every mail until Retry-After: no fault of these, so no longer wait of their own.
  // Any other failure: the row's wait grows with its attempts (counted at its claim).
  const wait = sql<Date>`${now}::timestamptz + least(
    ${FIRST_RETRY_MS}::bigint * power(2, greatest(0, least(attempts - 1, 30)))::bigint, ${LONGEST_RETRY_MS}::bigint
  ) * interval '1 millisecond'`;
  await database()
    .updateTable("outbox")
    .set({
      claimed_until: null,
      last_error: result.error.slice(0, 2000),
      not_before: result.retryAfter ?? null,
      next_attempt_at: result.retryAfter ? null : wait,
    })
    .where(
      "id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
}

/**
 * Sends the rows `ids` that are due, together within `budgetMs`: the request that queued them,
 * after its commit. Each goes on its own (a row once sent in a batch, with its batch). What is
 * not sent stays for the scheduled sender.
 */
export async function deliverNow(ids: string[], budgetMs: number, now = new Date()): Promise<Delivery> {
  if (ids.length === 0) return { sent: 0, pending: 0 };
  const rows = await claim({ ids, limit: ids.length }, now);
  const { batched, fresh } = groupsOf(rows);
  const units = [...batched, ...fresh.map((row) => [row])];
  const outcomes = await Promise.all(
    units.map(async (unit) => {
      const result = await sendBatch(unit, budgetMs);
      await recordOutcome(unit, result, new Date());
      return result.sent ? unit.filter((row) => ids.includes(row.id)).length : 0;
    }),
  );
  const sent = outcomes.reduce((sum, count) => sum + count, 0);
  return { sent, pending: ids.length - sent };
}

export type SenderRun = {
  sent: number;
  failed: number;
  batches: number;
  /** Due mails this run did not try (its budget was spent, or Resend's rate limit was reached). */
  left: number;
};

/**
 * The scheduled sender: claims due mails a batch at a time and sends each batch in one call
 * (Resend's batch: up to 100), one by one where there is no Resend (the local outbox), until
 * `budgetMs` is spent. It walks the queue once, in order, so a mail that fails is tried once a
 * run, not again and again until the run's end. A batch is sent again, after a failure, as the
 * same batch under the same key, so a batch Resend took but did not answer is not delivered
 * twice. A 429 ends the run: Resend's rate limit holds for every mail, not only those refused.
 */
export async function deliverDue({
  budgetMs,
  clock = Date.now,
}: {
  budgetMs: number;
  clock?: () => number;
}): Promise<SenderRun> {
  const deadline = clock() + budgetMs;
  const run: SenderRun = { sent: 0, failed: 0, batches: 0, left: 0 };
  const perCall = readEnv().RESEND_TIMEOUT_MS;
  let cursor: string | undefined;
  while (true) {
    if (deadline - clock() <= 0) {
      run.left = await countDue(new Date(clock()), cursor);
      return run;
    }
    const rows = await claim({ limit: BATCH_SIZE, afterId: cursor }, new Date(clock()));
    if (rows.length === 0) return run;
    cursor = rows.reduce(
      (last, row) => (Number(row.id) > Number(last) ? row.id : last),
      rows[0]?.id as string,
    );
    const { batched, fresh } = groupsOf(rows);
    // A mail with an attachment goes on its own call; the rest of the fresh ones in one batch.
    const alone = fresh.filter((row) => sentAlone(row.mail)).map((row) => [row]);
    const together = fresh.filter((row) => !sentAlone(row.mail));
    for (const batch of [...batched, ...(together.length > 0 ? [together] : []), ...alone]) {
      const result = await sendBatch(batch, Math.min(perCall, Math.max(1, deadline - clock())));
      await recordOutcome(batch, result, new Date(clock()));
      run.batches += 1;
      if (result.sent) run.sent += batch.length;
      else run.failed += batch.length;
      if (!result.sent && result.retryAfter) {
        run.left = await countDue(new Date(clock()), cursor);
        return run;
      }
    }
  }
}

/** How many mails are due now (after the row `afterId`, if given). */
async function countDue(now: Date, afterId?: string): Promise<number> {
  const { count } = await due(database().selectFrom("outbox").select(["id", "batch_key"]), now)
    .$if(afterId !== undefined, (query) => query.where("id", ">", afterId as string))
    .clearSelect()
    .select((row) => row.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Rows already sent as one batch, by batch; the rest, which have never been in one. */
function groupsOf(rows: Claimed[]): { batched: Claimed[][]; fresh: Claimed[] } {
  const byKey = new Map<string, Claimed[]>();
  const fresh: Claimed[] = [];
  for (const row of rows) {
    if (row.batch_key) byKey.set(row.batch_key, [...(byKey.get(row.batch_key) ?? []), row]);
    else fresh.push(row);
  }
  return { batched: [...byKey.values()], fresh };
}

/**
 * The key a batch is sent under: the same rows give the same key, and it stays within the 256
 * characters Resend takes (the rows' own keys may be that long already).
 */
const batchKeyOf = (batch: Claimed[]) =>
  `batch/${createHash("sha256")
    .update(batch.map((row) => row.key).join("\n"))
    .digest("hex")}`;

/**
 * One call for the batch: the single mail's own call, under its own key, when it is one that
 * never went in a batch (or there is no Resend: each is kept as sent, as `sendMail` keeps it);
 * else Resend's batch, under a key recorded on its rows before the call.
 */
async function sendBatch(batch: Claimed[], timeoutMs: number): Promise<BatchResult> {
  const env = readEnv();
  const [first] = batch;
  if (!first) return { sent: true, ids: [] };
  if ((batch.length === 1 && !first.batch_key) || !env.RESEND_API_KEY) {
    const results = await Promise.all(batch.map((row) => sendMail(row.mail, row.key, timeoutMs)));
    const failed = results.find((result) => !result.sent);
    return failed ?? { sent: true, ids: results.map((result) => (result.sent ? result.id : "")) };
  }
  let key = first.batch_key;
  if (!key) {
    key = batchKeyOf(batch);
    await database()
      .updateTable("outbox")
      .set({ batch_key: key })
      .where(
        "id",
        "in",
        batch.map((row) => row.id),
      )
      .execute();
  }
  const resend = new Resend(env.RESEND_API_KEY);
  const budget = Math.max(1, Math.ceil(timeoutMs));
  const signal = AbortSignal.timeout(budget);
  const attempt = resend.batch
    .send(
      batch.map(({ mail }) => resendEmail(mail, env.MAIL_FROM)),
      { idempotencyKey: key, signal },
    )
    .then(({ data, error, headers }): BatchResult => {
      if (data) return { sent: true, ids: data.data.map((sent) => sent.id) };
      if (signal.aborted) return { sent: false, error: `no answer in ${budget} ms` };
      const message = error?.message ?? "unknown";
      const retryAfter = error?.statusCode === 429 ? retryAfterFrom(headers) : undefined;
      return retryAfter ? { sent: false, error: message, retryAfter } : { sent: false, error: message };
    })
    .catch((error: unknown): BatchResult => ({ sent: false, error: String(error) }));
  return withinTime(attempt, budget, "Resend batch").catch(
    (): BatchResult => ({ sent: false, error: `no answer in ${budget} ms` }),
  );
}
