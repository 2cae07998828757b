import { createHash } from "node:crypto";
import { type Selectable, sql } from "kysely";
import { type Db, database } from "../db/database.server.ts";
import type { SubscribersTable } from "../db/schema.server.ts";

export type SubscriberStatus = "pending" | "subscribed" | "unsubscribed";

export type Subscriber = {
  id: string;
  email: string;
  status: SubscriberStatus;
  requestedAt: string;
  changedAt: string;
  /** Whether the Resend segment still has to learn of the last change (see syncSegment). */
  segmentSynced: boolean;
};

/**
 * The newsletter's subscribers: one row per address whatever its case (the unique index on
 * lower(email), netlify/database/migrations/0003_newsletter.sql), so two requests for one address
 * at once are one subscriber by constraint.
 */
const subscriberOf = (row: Selectable<SubscribersTable>): Subscriber => ({
  id: row.id,
  email: row.email,
  status: row.status,
  requestedAt: row.requested_at.toISOString(),
  changedAt: row.changed_at.toISOString(),
  segmentSynced: row.segment_synced,
});

/** The conflict target of an address: the unique index on its case-folded form. */
const sameAddress = sql`lower(email)`;

export async function findSubscriber(email: string, db: Db = database()): Promise<Subscriber | null> {
  const row = await db
    .selectFrom("subscribers")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return row ? subscriberOf(row) : null;
}

/**
 * Records a request to subscribe. A confirmed subscriber stays confirmed (asking again changes
 * nothing); anyone else is pending until the confirm link is followed. One statement: a request
 * racing another for the same address updates the row the first one made.
 */
export async function requestSubscription(
  email: string,
  at = new Date(),
  db: Db = database(),
): Promise<Subscriber> {
  const row = await db
    .insertInto("subscribers")
    .values({ email, status: "pending", requested_at: at, changed_at: at, segment_synced: true })
    .onConflict((conflict) =>
      conflict
        .expression(sameAddress)
        .doUpdateSet({
          email: (row) => row.ref("excluded.email"),
          status: "pending",
          requested_at: at,
          changed_at: at,
        })
        .where("subscribers.status", "<>", "subscribed"),
    )
    .returningAll()
    .executeTakeFirst();
  if (row) return subscriberOf(row);
  // Already confirmed: the row was left as it is.
  return (await findSubscriber(email, db)) as Subscriber;
}

/**
 * Confirms or ends a subscription; the segment is then out of date until synced (unless the
 * subscription already stood so and was synced).
 */
export async function changeSubscription(
  email: string,
  status: "subscribed" | "unsubscribed",
  at = new Date(),
  db: Db = database(),
): Promise<Subscriber> {
  const row = await db
    .insertInto("subscribers")
    .values({ email, status, requested_at: at, changed_at: at, segment_synced: false })
    .onConflict((conflict) =>
      conflict.expression(sameAddress).doUpdateSet({
        status,
        changed_at: at,
        segment_synced: sql<boolean>`subscribers.status = excluded.status AND subscribers.segment_synced`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return subscriberOf(row);
}

/**
 * The segment now holds this subscriber as `subscriber.status` says. Only if that is still the
 * row's status: a change made while the sync was under way stays to be synced.
 */
export async function markSegmentSynced(subscriber: Subscriber, db: Db = database()): Promise<void> {
  await db
    .updateTable("subscribers")
    .set({ segment_synced: true })
    .where("id", "=", subscriber.id)
    .where("status", "=", subscriber.status)
    .execute();
}

/** The confirmations and unsubscriptions Resend's segment has not learnt of yet, oldest first. */
export async function subscribersAwaitingSync(limit = 1000, db: Db = database()): Promise<Subscriber[]> {
  const rows = await db
    .selectFrom("subscribers")
    .selectAll()
    .where("segment_synced", "=", false)
    .where("status", "<>", "pending")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(subscriberOf);
}

/** Every subscriber, in address order (the workspace's export). */
export async function allSubscribers(db: Db = database()): Promise<Subscriber[]> {
  const rows = await db.selectFrom("subscribers").selectAll().execute();
  // Sorted here, as the list always was (localeCompare), not by the database's collation.
  return rows.map(subscriberOf).sort((a, b) => a.email.localeCompare(b.email));
}

export type SubscriberCounts = Record<SubscriberStatus, number>;

/** How many subscribers stand at each status: one counting query. */
export async function subscriberCounts(db: Db = database()): Promise<SubscriberCounts> {
  const rows = await db
    .selectFrom("subscribers")
    .select(["status", (row) => row.fn.countAll<string>().as("count")])
    .groupBy("status")
    .execute();
  const counts: SubscriberCounts = { pending: 0, subscribed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/**
 * A hash of the case-folded address: what names a subscriber in a copy's idempotency key
 * (`newsletter/<issue>/<hash>/copy`), so no key carries an address.
 */
export const subscriberKey = (email: string) =>
  createHash("sha256").update(email.toLowerCase()).digest("hex");
