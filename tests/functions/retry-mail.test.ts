import { getStore } from "@netlify/blobs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Mail } from "../../src/server/mail/mail.server.ts";
import { syncPendingSegments } from "../../src/server/newsletter/segment.server.ts";
import { changeSubscription, findSubscriber } from "../../src/server/newsletter/subscribers.server.ts";
import {
  deliverPending,
  retryPendingMail,
  type Submission,
  storeSubmission,
} from "../../src/server/submissions.server.ts";
import {
  type ContactCall,
  resendAccepts,
  resendContacts,
  resendContactsHang,
  resendHangs,
  resendRateLimited,
  type SentMail,
} from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { setupMsw } from "../support/msw.ts";

const sent: SentMail[] = [];
const msw = setupMsw(resendAccepts(sent));
startBlobsServer();

beforeAll(() => {
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_TIMEOUT_MS", "300");
  vi.stubEnv("RESEND_SEGMENT_ID", "segment-1");
});
afterAll(() => vi.unstubAllEnvs());

const store = () => getStore({ name: "submissions", consistency: "strong" });

/** Empties the store between tests: the retry job reads every pending marker there is. */
beforeEach(async () => {
  sent.length = 0;
  const { blobs } = await store().list();
  await Promise.all(blobs.map(({ key }) => store().delete(key)));
});

let counter = 0;
const mail = (): Mail => ({
  to: ["secretary@example.org"],
  subject: `Message ${++counter}`,
  text: "A question about membership.",
  html: "<p>A question about membership.</p>",
});

const record = async (submission: Submission<unknown>) =>
  (await store().get(`${submission.kind}/${submission.id}`, { type: "json" })) as Submission<unknown>;

describe("the retry job and Resend's rate limit", () => {
  it.each([
    ["Retry-After", { "retry-after": "30" }],
    ["ratelimit-reset", { "ratelimit-reset": "30" }],
  ])("does not send again before the %s of a 429 has passed", async (_, headers) => {
    const calls = { count: 0 };
    msw.use(resendRateLimited(headers, calls));
    const { submission } = await storeSubmission("contact", { n: ++counter }, { secretariat: mail() });
    const refusedAt = Date.now();
    await deliverPending(submission);
    expect(calls.count).toBe(1);
    const held = await record(submission);
    expect(held.mails.secretariat?.status).toBe("pending");
    const notBefore = Date.parse(held.mails.secretariat?.notBefore ?? "");
    expect(notBefore).toBeGreaterThanOrEqual(refusedAt + 30_000);

    msw.resetHandlers(resendAccepts(sent));
    // A run 2.3 s later, as the one that burned the rate limit: nothing is sent.
    expect(await retryPendingMail({ clock: () => refusedAt + 2_300 })).toMatchObject({ sent: 0, pending: 1 });
    expect(sent).toHaveLength(0);
    expect(await store().get(`pending/contact/${submission.id}`)).not.toBeNull();

    // The next run after the 30 s sends it, once.
    expect(await retryPendingMail({ clock: () => notBefore + 1 })).toMatchObject({ sent: 1, pending: 0 });
    expect(sent).toHaveLength(1);
    const done = await record(submission);
    expect(done.mails.secretariat).toMatchObject({ status: "sent", attempts: 2 });
    expect(done.mails.secretariat?.notBefore).toBeUndefined();
    expect(await store().get(`pending/contact/${submission.id}`)).toBeNull();
  });
});

describe("the retry job's deadline", () => {
  it("starts no send once its budget is spent, and leaves the rest pending for the next run", async () => {
    let firstSendAt: number | undefined;
    msw.use(
      resendHangs(() => {
        firstSendAt ??= Date.now();
      }),
    );
    const stored: Submission<unknown>[] = [];
    for (let n = 0; n < 4; n++) {
      stored.push((await storeSubmission("contact", { n: ++counter }, { secretariat: mail() })).submission);
    }
    // Each send is given 300 ms (RESEND_TIMEOUT_MS) and the run 450 ms: the first send takes up
    // to 300 ms, the second (if any time is left) the rest, and none starts after. The run's
    // clock stands still until the first send reaches Resend, so a store slowed by a loaded
    // machine cannot spend the budget before anything is tried.
    const startedAt = Date.now();
    const clock = () => (firstSendAt === undefined ? startedAt : startedAt + Date.now() - firstSendAt);
    const result = await retryPendingMail({ budgetMs: 450, clock });
    const attempts = await Promise.all(
      stored.map(async (submission) => (await record(submission)).mails.secretariat?.attempts),
    );
    const tried = attempts.filter((count) => count === 1).length;
    expect(tried).toBeGreaterThanOrEqual(1);
    expect(tried).toBeLessThanOrEqual(2);
    expect(attempts.filter((count) => count === 0)).toHaveLength(4 - tried);
    expect(result).toEqual({ sent: 0, pending: tried, left: 4 - tried });
    for (const submission of stored) {
      expect(await store().get(`pending/contact/${submission.id}`)).not.toBeNull();
    }
  });

  it("bounds each send by what is left of the run, not by RESEND_TIMEOUT_MS", async () => {
    vi.stubEnv("RESEND_TIMEOUT_MS", "20000");
    try {
      msw.use(resendHangs());
      const { submission } = await storeSubmission("contact", { n: ++counter }, { secretariat: mail() });
      // The run's clock stands still, so the whole 100 ms budget is left when the send starts
      // however slowly the store answers on a loaded machine; only the send's own timer runs.
      const startedAt = Date.now();
      const result = await retryPendingMail({ budgetMs: 100, clock: () => startedAt });
      expect(result).toEqual({ sent: 0, pending: 1, left: 0 });
      expect((await record(submission)).mails.secretariat?.lastError).toBe("no answer in 100 ms");
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
