import { Resend } from "resend";
import { readEnv } from "../env.server.ts";
import { markSegmentSynced, type Subscriber, subscribersAwaitingSync } from "./subscribers.server.ts";

/**
 * Tells Resend about a confirmed or ended subscription: a confirmed address becomes a contact in
 * RESEND_SEGMENT_ID, an ended one is marked unsubscribed there. Without RESEND_API_KEY and
 * RESEND_SEGMENT_ID there is no segment, and the subscribers table alone is the list. Never
 * throws; a failure leaves the subscriber unsynced for the retry job.
 */
export async function syncSegment(
  subscriber: Subscriber,
  timeoutMs = readEnv().MAIL_REQUEST_BUDGET_MS,
): Promise<boolean> {
  if (subscriber.segmentSynced || subscriber.status === "pending") return true;
  const env = readEnv();
  if (!env.RESEND_API_KEY || !env.RESEND_SEGMENT_ID) {
    await markSegmentSynced(subscriber);
    return true;
  }
  const resend = new Resend(env.RESEND_API_KEY);
  // Resend's calls get `timeoutMs` in all: a hung call is aborted and the change waits for the retry job.
  const signal = AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs)));
  const timedOut = new Promise<boolean>((resolve) => signal.addEventListener("abort", () => resolve(false)));
  try {
    const sync =
      subscriber.status === "subscribed"
        ? addToSegment(resend, subscriber.email, env.RESEND_SEGMENT_ID, signal)
        : resend.contacts
            .update({ email: subscriber.email, unsubscribed: true }, { signal })
            .then(({ error }) => !error);
    const done = await Promise.race([sync, timedOut]);
    if (done) await markSegmentSynced(subscriber);
    return done;
  } catch {
    return false;
  }
}

async function addToSegment(
  resend: Resend,
  email: string,
  segmentId: string,
  signal: AbortSignal,
): Promise<boolean> {
  const created = await resend.contacts.create(
    { email, unsubscribed: false, segments: [{ id: segmentId }] },
    { signal },
  );
  if (!created.error) return true;
  // Already a contact (an earlier subscription): subscribe it again and put it in the segment.
  const updated = await resend.contacts.update({ email, unsubscribed: false }, { signal });
  if (updated.error) return false;
  return !(await resend.contacts.segments.add({ email, segmentId }, { signal })).error;
}

/**
 * For the retry job: syncs every subscriber whose last change has not reached Resend yet, until
 * `deadline` (ms since the epoch); each sync is given what is left, at most RESEND_TIMEOUT_MS.
 */
export async function syncPendingSegments(
  deadline = Number.POSITIVE_INFINITY,
  clock: () => number = Date.now,
): Promise<{ synced: number; pending: number }> {
  let synced = 0;
  let pending = 0;
  const perSync = readEnv().RESEND_TIMEOUT_MS;
  for (const subscriber of await subscribersAwaitingSync()) {
    const remaining = deadline - clock();
    if (remaining > 0 && (await syncSegment(subscriber, Math.min(perSync, remaining)))) synced++;
    else pending++;
  }
  return { synced, pending };
}
