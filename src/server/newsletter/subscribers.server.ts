import { createHash } from "node:crypto";
import { blobStore } from "../blob-store.server.ts";

export type SubscriberStatus = "pending" | "subscribed" | "unsubscribed";

export type Subscriber = {
  email: string;
  status: SubscriberStatus;
  requestedAt: string;
  changedAt: string;
  /** Whether the Resend segment still has to learn of the last change (see syncSegment). */
  segmentSynced: boolean;
};

/** One record per address, keyed by a hash of it, so keys never carry an address. */
export const subscribers = () => blobStore("subscribers");

const keyOf = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex");

export async function findSubscriber(email: string): Promise<Subscriber | null> {
  return (await subscribers().get(keyOf(email), { type: "json" })) as Subscriber | null;
}

/**
 * Records a request to subscribe. A confirmed subscriber stays confirmed (asking again changes
 * nothing); anyone else is pending until the confirm link is followed.
 */
export async function requestSubscription(email: string, at = new Date()): Promise<Subscriber> {
  const existing = await findSubscriber(email);
  if (existing?.status === "subscribed") return existing;
  const subscriber: Subscriber = {
    email,
    status: "pending",
    requestedAt: at.toISOString(),
    changedAt: at.toISOString(),
    segmentSynced: existing?.segmentSynced ?? true,
  };
  await subscribers().setJSON(keyOf(email), subscriber);
  return subscriber;
}

/** Confirms or ends a subscription; the segment is then out of date until synced. */
export async function changeSubscription(
  email: string,
  status: "subscribed" | "unsubscribed",
  at = new Date(),
): Promise<Subscriber> {
  const existing = await findSubscriber(email);
  const subscriber: Subscriber = {
    email: existing?.email ?? email,
    status,
    requestedAt: existing?.requestedAt ?? at.toISOString(),
    changedAt: at.toISOString(),
    segmentSynced: existing?.status === status && existing.segmentSynced,
  };
  await subscribers().setJSON(keyOf(email), subscriber);
  return subscriber;
}

export async function markSegmentSynced(subscriber: Subscriber): Promise<void> {
  await subscribers().setJSON(keyOf(subscriber.email), { ...subscriber, segmentSynced: true });
}

export async function subscribersAwaitingSync(): Promise<Subscriber[]> {
  const store = subscribers();
  const { blobs } = await store.list();
  const all = await Promise.all(
    blobs.map(async ({ key }) => (await store.get(key, { type: "json" })) as Subscriber | null),
  );
  return all.filter((subscriber): subscriber is Subscriber => subscriber?.segmentSynced === false);
}

/** Every subscriber record, in address order (the workspace's counts, export and sends). */
export async function allSubscribers(): Promise<Subscriber[]> {
  const store = subscribers();
  const keys: string[] = [];
  for await (const page of store.list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  const all: (Subscriber | null)[] = [];
  // Read in batches: a few thousand records, without opening a few thousand requests at once.
  for (let start = 0; start < keys.length; start += 50)
    all.push(
      ...(await Promise.all(
        keys
          .slice(start, start + 50)
          .map((key) => store.get(key, { type: "json" }) as Promise<Subscriber | null>),
      )),
    );
  return all
    .filter((subscriber): subscriber is Subscriber => subscriber !== null)
    .sort((a, b) => a.email.localeCompare(b.email));
}

/** The key a subscriber's records are filed under: a hash, so no key carries an address. */
export const subscriberKey = keyOf;
