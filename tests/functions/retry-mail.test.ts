import { http } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import type { Mail } from "../../src/server/mail/mail.server.ts";
import {
  deliverDue,
  deliverNow,
  FIRST_RETRY_MS,
  LONGEST_RETRY_MS,
  MAX_MAIL_ATTEMPTS,
} from "../../src/server/mail/outbox.server.ts";
import { syncPendingSegments } from "../../src/server/newsletter/segment.server.ts";
import { changeSubscription, findSubscriber } from "../../src/server/newsletter/subscribers.server.ts";
import {
  deliverPending,
  readSubmission,
  retryPendingMail,
  type Submission,
  storeSubmission,
} from "../../src/server/submissions.server.ts";
import {
  type ContactCall,
  RESEND_BATCH,
  resendAccepts,
  resendBatchAccepts,
  resendBatchFails,
  resendBatchTakesButHangs,
  resendContacts,
  resendContactsHang,
  resendFails,
  resendHangs,
  resendRateLimited,
  type SentBatch,
  type SentMail,
} from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { emptyTables, startDatabase } from "../support/database.ts";
import { setupMsw } from "../support/msw.ts";

// Starting PGlite takes seconds on a busy machine.
vi.setConfig({ hookTimeout: 60_000 });
const sent: SentMail[] = [];
const batches: SentBatch[] = [];
const msw = setupMsw(resendAccepts(sent), resendBatchAccepts(batches));
const { local } = startDatabase();
// The newsletter's subscribers, whose segment sync shares the scheduled run, are still in Blobs.
startBlobsServer();

beforeAll(() => {
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_TIMEOUT_MS", "300");
  vi.stubEnv("RESEND_SEGMENT_ID", "segment-1");
});
afterAll(() => vi.unstubAllEnvs());

/** Each test starts with an empty outbox: the sender reads every due mail there is. */
beforeEach(async () => {
  sent.length = 0;
  batches.length = 0;
  await emptyTables(local());
});

let counter = 0;
const mail = (): Mail => ({
  to: ["secretary@example.org"],
  subject: `Message ${++counter}`,
  text: "A question about membership.",
  html: "<p>A question about membership.</p>",
});

/** `count` submissions, each with one mail waiting in the outbox. */
async function queued(count: number): Promise<Submission<unknown>[]> {
  const stored: Submission<unknown>[] = [];
  for (let n = 0; n < count; n++)
    stored.push((await storeSubmission("contact", { n: ++counter }, { secretariat: mail() })).submission);
  return stored;
}

const rows = () =>
  database()
    .selectFrom("outbox")
    .select(["id", "key", "attempts", "sent_at", "batch_key", "not_before", "last_error"])
    .orderBy("id")
    .execute();

/** Every mail Resend was given, single or in a batch, by its subject. */
const subjectsSent = () => [
  ...sent.map((mail) => String(mail.body.subject)),
  ...batches.flatMap((batch) => batch.emails.map((email) => String(email.subject))),
];

describe("the outbox's sender", () => {
  it("sends due mails in Resend's batches of at most 100, each mail once", async () => {
    await queued(150);
    const run = await deliverDue({ budgetMs: 10_000 });
    expect(run).toMatchObject({ sent: 150, failed: 0, batches: 2, left: 0 });
    expect(batches.map((batch) => batch.emails.length)).toEqual([100, 50]);
    expect(new Set(subjectsSent()).size).toBe(150);
    expect(subjectsSent()).toHaveLength(150);
    expect((await rows()).every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
    // Resend's ids are kept with each mail.
    const [first] = await rows();
    expect(
      (await readSubmission("contact", (await firstSubmissionId()) ?? ""))?.mails.secretariat,
    ).toMatchObject({ status: "sent", sentId: "batch-1-1" });
    expect(first?.batch_key).toMatch(/^batch\/[0-9a-f]{64}$/);
  });

  it("two senders at once send each mail once", async () => {
    await queued(130);
    const [one, two] = await Promise.all([
      deliverDue({ budgetMs: 10_000 }),
      deliverDue({ budgetMs: 10_000 }),
    ]);
    expect((one?.sent ?? 0) + (two?.sent ?? 0)).toBe(130);
    expect(subjectsSent()).toHaveLength(130);
    expect(new Set(subjectsSent()).size).toBe(130);
    expect((await rows()).every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
  });

  it("a request's delivery and the scheduled sender at once send its mails once", async () => {
    const stored = await queued(3);
    const ids = (await rows()).map((row) => row.id);
    await Promise.all([deliverNow(ids, 1000), deliverDue({ budgetMs: 10_000 }), deliverNow(ids, 1000)]);
    expect(subjectsSent()).toHaveLength(3);
    expect(new Set(subjectsSent()).size).toBe(3);
    for (const submission of stored)
      expect((await readSubmission("contact", submission.id))?.mails.secretariat?.status).toBe("sent");
  });

  it("sends a batch that timed out again as the same batch, under the same key, whatever came in between", async () => {
    await queued(3);
    const taken: SentBatch[] = [];
    msw.use(resendBatchTakesButHangs(taken));
    const first = await deliverDue({ budgetMs: 10_000 });
    expect(first).toMatchObject({ sent: 0, failed: 3, batches: 1 });
    expect(taken).toHaveLength(1);
    const [hung] = taken;
    expect(hung?.idempotencyKey).toMatch(/^batch\//);
    expect((await rows()).map((row) => [row.attempts, row.batch_key, row.last_error])).toEqual(
      Array(3).fill([1, hung?.idempotencyKey, "no answer in 300 ms"]),
    );

    // Mails queued since, and a run (once the batch's wait is over) that would take fewer than the
    // batch: it still goes whole.
    await queued(2);
    msw.resetHandlers(resendAccepts(sent), resendBatchAccepts(batches));
    const again = await deliverDue({ budgetMs: 10_000, clock: () => Date.now() + FIRST_RETRY_MS });
    expect(again).toMatchObject({ sent: 5, failed: 0 });
    const retried = batches.find((batch) => batch.idempotencyKey === hung?.idempotencyKey);
    expect(retried?.emails).toEqual(hung?.emails);
    // The two new ones went in a batch of their own, under another key.
    expect(batches.filter((batch) => batch !== retried).map((batch) => batch.emails.length)).toEqual([2]);
    expect(batches.every((batch) => batch === retried || batch.idempotencyKey !== hung?.idempotencyKey)).toBe(
      true,
    );
    expect((await rows()).map((row) => row.attempts)).toEqual([2, 2, 2, 1, 1]);
  });

  it("a mail once sent in a batch goes again only with its batch, even from a request", async () => {
    const stored = await queued(2);
    const taken: SentBatch[] = [];
    msw.use(resendBatchTakesButHangs(taken));
    await deliverDue({ budgetMs: 10_000 });
    msw.resetHandlers(resendAccepts(sent), resendBatchAccepts(batches));
    // The first message's mail sent from a request, once its wait is over: it goes with its
    // batch, not alone under its own key.
    await deliverPending(stored[0] as Submission<unknown>, 1000, () => Date.now() + FIRST_RETRY_MS);
    expect(sent).toHaveLength(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.idempotencyKey).toBe(taken[0]?.idempotencyKey);
    expect(batches[0]?.emails).toEqual(taken[0]?.emails);
    expect((await rows()).every((row) => row.sent_at !== null)).toBe(true);
  });

  it("tries a failing mail once a run, not again and again until the run's end", async () => {
    await queued(3);
    msw.use(resendBatchFails(500));
    const run = await deliverDue({ budgetMs: 2_000 });
    expect(run).toMatchObject({ sent: 0, failed: 3, batches: 1, left: 0 });
    expect((await rows()).map((row) => row.attempts)).toEqual([1, 1, 1]);
  });

  it("waits longer after each failure before trying a mail again, and no longer once it went", async () => {
    await queued(1);
    msw.use(resendFails(500));
    const started = Date.now();
    const waitAfter = async (at: number) => {
      await deliverDue({ budgetMs: 2_000, clock: () => at });
      const [row] = await database().selectFrom("outbox").select(["attempts", "next_attempt_at"]).execute();
      return { attempts: row?.attempts, wait: (row?.next_attempt_at?.getTime() ?? at) - at };
    };
    // Five minutes after the first failure, then twice as long after each.
    expect(await waitAfter(started)).toEqual({ attempts: 1, wait: FIRST_RETRY_MS });
    // A run before the wait is over does not try it.
    expect(await waitAfter(started + FIRST_RETRY_MS - 1000)).toMatchObject({ attempts: 1 });
    let at = started + FIRST_RETRY_MS;
    expect(await waitAfter(at)).toEqual({ attempts: 2, wait: 2 * FIRST_RETRY_MS });
    at += 2 * FIRST_RETRY_MS;
    expect(await waitAfter(at)).toEqual({ attempts: 3, wait: 4 * FIRST_RETRY_MS });
    // Never longer than LONGEST_RETRY_MS, however many failures.
    await database().updateTable("outbox").set({ attempts: 30 }).execute();
    at += 4 * FIRST_RETRY_MS;
    expect(await waitAfter(at)).toEqual({ attempts: 31, wait: LONGEST_RETRY_MS });
    expect(subjectsSent()).toHaveLength(0);

    // Sent once the wait is over: nothing is left waiting.
    msw.resetHandlers(resendAccepts(sent), resendBatchAccepts(batches));
    at += LONGEST_RETRY_MS;
    const sentRun = await deliverDue({ budgetMs: 2_000, clock: () => at });
    expect(sentRun).toMatchObject({ sent: 1 });
    expect(
      await database().selectFrom("outbox").select(["attempts", "next_attempt_at", "last_error"]).execute(),
    ).toEqual([{ attempts: 32, next_attempt_at: null, last_error: null }]);
  });

  it("holds mails refused with 429 until Retry-After, and ends the run there", async () => {
    await queued(130);
    const calls = { count: 0 };
    msw.use(resendBatchFails(429, { "retry-after": "30" }, calls));
    const refusedAt = Date.now();
    const run = await deliverDue({ budgetMs: 10_000, clock: () => refusedAt });
    // One call refused: the other 30 are not tried against a limit that holds for every mail.
    expect(calls.count).toBe(1);
    expect(run).toMatchObject({ sent: 0, failed: 100, left: 30 });
    const held = (await rows()).filter((row) => row.not_before !== null);
    expect(held).toHaveLength(100);
    // Retry-After counts from Resend's answer.
    expect(held[0]?.not_before?.getTime()).toBeGreaterThanOrEqual(refusedAt + 30_000);

    msw.resetHandlers(resendAccepts(sent), resendBatchAccepts(batches));
    // A run before the 30 s have passed sends the 30 that were not tried, not the 100 held.
    expect(await deliverDue({ budgetMs: 10_000, clock: () => refusedAt + 2_300 })).toMatchObject({
      sent: 30,
    });
    expect(subjectsSent()).toHaveLength(30);
    // After them, the held ones go, under the key of the batch that was refused.
    const heldUntil = held[0]?.not_before?.getTime() ?? 0;
    const after = await deliverDue({ budgetMs: 10_000, clock: () => heldUntil + 1 });
    expect(after).toMatchObject({ sent: 100, left: 0 });
    expect(subjectsSent()).toHaveLength(130);
    expect(new Set(subjectsSent()).size).toBe(130);
  });

  it(`gives a mail up after ${MAX_MAIL_ATTEMPTS} attempts: not tried again, not pending, counted as failed`, async () => {
    const [submission] = await queued(1);
    msw.use(resendFails(500));
    await database()
      .updateTable("outbox")
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
      .execute();
    expect(await retryPendingMail()).toEqual({ sent: 0, pending: 0, left: 0 });
    const state = (await readSubmission("contact", submission?.id ?? ""))?.mails.secretariat;
    expect(state).toMatchObject({
      status: "pending",
      attempts: MAX_MAIL_ATTEMPTS,
      lastError: "failed with 500",
    });
    msw.resetHandlers(resendAccepts(sent), resendBatchAccepts(batches));
    expect(await retryPendingMail()).toEqual({ sent: 0, pending: 0, left: 0 });
    expect(subjectsSent()).toHaveLength(0);
    const { mailCounts } = await import("../../src/server/secretariat/messages.server.ts");
    expect(await mailCounts()).toEqual({ pending: 0, failed: 1 });
  });
});

describe("the retry job and Resend's rate limit", () => {
  it.each([
    ["Retry-After", { "retry-after": "30" }],
    ["ratelimit-reset", { "ratelimit-reset": "30" }],
  ])("does not send again before the %s of a 429 has passed", async (_, headers) => {
    const calls = { count: 0 };
    msw.use(resendRateLimited(headers, calls));
    const [submission] = await queued(1);
    const refusedAt = Date.now();
    await deliverPending(submission as Submission<unknown>);
    expect(calls.count).toBe(1);
    const held = await readSubmission("contact", submission?.id ?? "");
    expect(held?.mails.secretariat?.status).toBe("pending");
    const notBefore = Date.parse(held?.mails.secretariat?.notBefore ?? "");
    expect(notBefore).toBeGreaterThanOrEqual(refusedAt + 30_000);

    msw.resetHandlers(resendAccepts(sent), resendBatchAccepts(batches));
    // A run 2.3 s later, as the one that burned the rate limit: nothing is sent.
    expect(await retryPendingMail({ clock: () => refusedAt + 2_300 })).toMatchObject({ sent: 0, pending: 1 });
    expect(subjectsSent()).toHaveLength(0);

    // The next run after the 30 s sends it, once.
    expect(await retryPendingMail({ clock: () => notBefore + 1 })).toMatchObject({ sent: 1, pending: 0 });
    expect(subjectsSent()).toHaveLength(1);
    const done = await readSubmission("contact", submission?.id ?? "");
    expect(done?.mails.secretariat).toMatchObject({ status: "sent", attempts: 2 });
    expect(done?.mails.secretariat?.notBefore).toBeUndefined();
  });
});

describe("the retry job's deadline", () => {
  it("starts no call once its budget is spent, and leaves the rest for the next run", async () => {
    await queued(101);
    // The run's clock moves a second at each call to Resend: the first call spends the budget.
    let calls = 0;
    msw.use(
      http.post(RESEND_BATCH, () => {
        calls++;
        return new Promise<never>(() => {});
      }),
    );
    const startedAt = Date.now();
    const clock = () => startedAt + calls * 1000;
    const result = await retryPendingMail({ budgetMs: 500, clock });
    expect(calls).toBe(1);
    expect(result).toEqual({ sent: 0, pending: 101, left: 1 });
    expect((await rows()).map((row) => row.attempts).filter((count) => count === 1)).toHaveLength(100);
  });

  it("bounds each send by what is left of the run, not by RESEND_TIMEOUT_MS", async () => {
    vi.stubEnv("RESEND_TIMEOUT_MS", "20000");
    try {
      msw.use(resendHangs());
      const [submission] = await queued(1);
      // The run's clock stands still, so the whole 100 ms budget is left when the send starts
      // however slowly the database answers on a loaded machine; only the send's own timer runs.
      const startedAt = Date.now();
      const result = await retryPendingMail({ budgetMs: 100, clock: () => startedAt });
      expect(result).toEqual({ sent: 0, pending: 1, left: 0 });
      expect((await readSubmission("contact", submission?.id ?? ""))?.mails.secretariat?.lastError).toBe(
        "no answer in 100 ms",
      );
    } finally {
      vi.stubEnv("RESEND_TIMEOUT_MS", "300");
    }
  });

  it("syncs newsletter segments only while the run's deadline allows, each sync bounded", async () => {
    await changeSubscription(`reader${++counter}@example.org`, "subscribed");
    const calls: ContactCall[] = [];
    msw.use(...resendContacts(calls));
    expect(await syncPendingSegments(Date.now() - 1)).toEqual({ synced: 0, pending: 1 });
    expect(calls).toHaveLength(0);

    let tried = 0;
    msw.resetHandlers(resendContactsHang(() => tried++));
    vi.stubEnv("RESEND_TIMEOUT_MS", "20000");
    try {
      // A still clock: the sync is tried with 100 ms left however slow the store, and gives up then.
      const now = Date.now();
      expect(await syncPendingSegments(now + 100, () => now)).toEqual({ synced: 0, pending: 1 });
      expect(tried).toBeGreaterThan(0);
    } finally {
      vi.stubEnv("RESEND_TIMEOUT_MS", "300");
    }
    expect((await findSubscriber(`reader${counter}@example.org`))?.segmentSynced).toBe(false);
  });
});

async function firstSubmissionId(): Promise<string | undefined> {
  const row = await database()
    .selectFrom("outbox")
    .select("submission_id")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row?.submission_id ?? undefined;
}
