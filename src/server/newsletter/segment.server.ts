import { Resend } from "resend";
import { readEnv } from "../env.server.ts";
import { markSegmentSynced, type Subscriber, subscribersAwaitingSync } from "./subscribers.server.ts";

/**
 * Tells Resend about a confirmed or ended subscription: a confirmed address becomes a contact in
 * RESEND_SEGMENT_ID, an ended one is marked unsubscribed there. Without RESEND_API_KEY and
 * RESEND_SEGMENT_ID there is no segment, and Blobs alone is the list. Never throws; a failure
 * leaves the subscriber unsynced for the retry job.
 */
export async function syncSegment(subscriber: Subscriber): Promise<boolean> {
  if (subscriber.segmentSynced || subscriber.status === "pending") return true;
  const env = readEnv();
  if (!env.RESEND_API_KEY || !env.RESEND_SEGMENT_ID) {
    await markSegmentSynced(subscriber);
    return true;
  }
  const resend = new Resend(env.RESEND_API_KEY);
  try {
    const done =
      subscriber.status === "subscribed"
        ? await addToSegment(resend, subscriber.email, env.RESEND_SEGMENT_ID)
        : !(await resend.contacts.update({ email: subscriber.email, unsubscribed: true })).error;
    if (done) await markSegmentSynced(subscriber);
    return done;
  } catch {
    return false;
  }
}

async function addToSegment(resend: Resend, email: string, segmentId: string): Promise<boolean> {
  const created = await resend.contacts.create({ email, unsubscribed: false, segments: [{ id: segmentId }] });
  if (!created.error) return true;
  // Already a contact (an earlier subscription): subscribe it again and put it in the segment.
  const updated = await resend.contacts.update({ email, unsubscribed: false });
  if (updated.error) return false;
  return !(await resend.contacts.segments.add({ email, segmentId })).error;
}

/** For the retry job: syncs every subscriber whose last change has not reached Resend yet. */
export async function syncPendingSegments(): Promise<{ synced: number; pending: number }> {
  let synced = 0;
  let pending = 0;
  for (const subscriber of await subscribersAwaitingSync()) {
    if (await syncSegment(subscriber)) synced++;
    else pending++;
  }
  return { synced, pending };
}
