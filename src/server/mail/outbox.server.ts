import { sql } from "kysely";
import { Resend } from "resend";
import { type Db, database } from "../db/database.server.ts";
import { readEnv } from "../env.server.ts";
import { withinTime } from "../time-limit.server.ts";
import { type Mail, type MailResult, retryAfterFrom, sendMail } from "./mail.server.ts";

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
 * Claims the rows among `ids` that are due and not taken, for this sender alone: a second
 * sender at the same moment claims none of them.
 */
async function claim(db: Db, filter: { ids?: string[]; limit: number }, now: Date): Promise<Claimed[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const due = db
    .selectFrom("outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("attempts", "<", MAX_MAIL_ATTEMPTS)
    .where((row) => row.or([row("not_before", "is", null), row("not_before", "<=", now)]))
    .where((row) => row.or([row("claimed_until", "is", null), row("claimed_until", "<", now)]))
    .$if(filter.ids !== undefined, (query) => query.where("id", "in", filter.ids as string[]))
    .orderBy("id")
    .limit(filter.limit)
    .forUpdate()
    .skipLocked();
  const rows = await db
    .updateTable("outbox")
    .set({ claimed_until: until, attempts: sql<number>`attempts + 1` })
    .where("id", "in", due)
    .returning(["id", "key", "mail", "batch_key"])
    .execute();
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** A batch's outcome: when sent, each row's id at Resend, in the rows' order. */
type BatchResult = { sent: true; ids: string[] } | Extract<MailResult, { sent: false }>;

async function recordOutcome(db: Db, rows: Claimed[], result: BatchResult, now: Date): Promise<void> {
  const ids = rows.map((row) => row.id);
  if (result.sent) {
    for (const [index, row] of rows.entries()) {
      await db
        .updateTable("outbox")
        .set({
          sent_at: now,
          sent_id: result.ids[index] ?? result.ids[0] ?? "",
          claimed_until: null,
          last_error: null,
          not_before: null,
        })
        .where("id", "=", row.id)
        .execute();
    }
    return;
  }
  await db
    .updateTable("outbox")
    .set({
      claimed_until: null,
      last_error: result.error.slice(0, 2000),
      not_before: result.retryAfter ?? null,
    })
    .where("id", "in", ids)
    .execute();
}

/**
 * Sends the rows `ids` that are due, each on its own, together within `budgetMs`: the request
 * that queued them, after its commit. What is not sent stays for the scheduled sender.
 */
export async function deliverNow(ids: string[], budgetMs: number, now = new Date()): Promise<Delivery> {
  if (ids.length === 0) return { sent: 0, pending: 0 };
  const db = database();
  const rows = await claim(db, { ids, limit: ids.length }, now);
  const outcomes = await Promise.all(
    rows.map(async (row) => {
      const result = await sendMail(row.mail, row.key, budgetMs);
      await recordOutcome(db, [row], result.sent ? { sent: true, ids: [result.id] } : result, new Date());
      return result.sent;
    }),
  );
  const sent = outcomes.filter(Boolean).length;
  return { sent, pending: ids.length - sent };
}

export type SenderRun = { sent: number; failed: number; batches: number; left: boolean };

/**
 * The scheduled sender: claims due mails a batch at a time and sends each batch in one call
 * (Resend's batch: up to 100), one by one where there is no Resend (the local outbox), until
 * `budgetMs` is spent. A batch is sent again, after a failure, as the same batch under the same
 * key, so a batch Resend took but did not answer is not delivered twice.
 */
export async function deliverDue({
  budgetMs,
  clock = Date.now,
}: {
  budgetMs: number;
  clock?: () => number;
}): Promise<SenderRun> {
  const deadline = clock() + budgetMs;
  const db = database();
  const run: SenderRun = { sent: 0, failed: 0, batches: 0, left: false };
  const perCall = readEnv().RESEND_TIMEOUT_MS;
  while (true) {
    const remaining = deadline - clock();
    if (remaining <= 0) {
      run.left = await hasDue(db, new Date(clock()));
      return run;
    }
    const rows = await claim(db, { limit: BATCH_SIZE }, new Date(clock()));
    if (rows.length === 0) return run;
    for (const batch of batchesOf(rows)) {
      const result = await sendBatch(batch, Math.min(perCall, Math.max(1, deadline - clock())), db);
      await recordOutcome(db, batch, result, new Date(clock()));
      run.batches += 1;
      if (result.sent) run.sent += batch.length;
      else run.failed += batch.length;
    }
  }
}

async function hasDue(db: Db, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("attempts", "<", MAX_MAIL_ATTEMPTS)
    .where((where) => where.or([where("not_before", "is", null), where("not_before", "<=", now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Rows already sent as one batch go again together; the rest in batches of their own. */
function batchesOf(rows: Claimed[]): Claimed[][] {
  const byKey = new Map<string, Claimed[]>();
  const fresh: Claimed[] = [];
  for (const row of rows) {
    if (row.batch_key) byKey.set(row.batch_key, [...(byKey.get(row.batch_key) ?? []), row]);
    else fresh.push(row);
  }
  const batches = [...byKey.values()];
  if (fresh.length > 0) batches.push(fresh);
  return batches;
}

/**
 * One call for the batch: the single mail's own call when it is one (or there is no Resend: each
 * is kept as sent, as `sendMail` keeps it); else Resend's batch, under a key recorded on its rows
 * before the call.
 */
async function sendBatch(batch: Claimed[], timeoutMs: number, db: Db): Promise<BatchResult> {
  const env = readEnv();
  if (batch.length === 1 || !env.RESEND_API_KEY) {
    const results = await Promise.all(batch.map((row) => sendMail(row.mail, row.key, timeoutMs)));
    const failed = results.find((result) => !result.sent);
    return failed ?? { sent: true, ids: results.map((result) => (result.sent ? result.id : "")) };
  }
  let key = batch[0]?.batch_key;
  if (!key) {
    key = `batch/${batch[0]?.key}/${batch.length}`;
    await db
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
  const signal = AbortSignal.timeout(timeoutMs);
  const attempt = resend.batch
    .send(
      batch.map(({ mail }) => ({
        from: env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
        headers: mail.headers,
      })),
      { idempotencyKey: key, signal },
    )
    .then(({ data, error, headers }): BatchResult => {
      if (data) return { sent: true, ids: data.data.map((sent) => sent.id) };
      const message = error?.message ?? "unknown";
      const retryAfter = error?.statusCode === 429 ? retryAfterFrom(headers) : undefined;
      return retryAfter ? { sent: false, error: message, retryAfter } : { sent: false, error: message };
    })
    .catch((error: unknown): BatchResult => ({ sent: false, error: String(error) }));
  return withinTime(attempt, timeoutMs, "Resend batch").catch(
    (): BatchResult => ({ sent: false, error: `no answer in ${timeoutMs} ms` }),
  );
}
