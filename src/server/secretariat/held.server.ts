import { contactMessageSchema } from "#shared/schemas/contact.ts";
import { subscribeSchema } from "#shared/schemas/subscribe.ts";
import { storeContactMessage } from "../contact/contact-delivery.server.ts";
import { database, inTransaction, type Tx } from "../db/database.server.ts";
import { deliverSubscribeRequest } from "../newsletter/subscribe-delivery.server.ts";
import {
  deliverPending,
  logMailFailure,
  type QuarantinedSubmission,
  type Submission,
} from "../submissions.server.ts";
import { recordAction } from "./audit.server.ts";
import { kindName, when } from "./display.server.ts";

/**
 * How each kind of held submission is delivered as if it had passed: the form's own delivery
 * (the same e-mails; the day it was received, so the same record and idempotency keys), stored in
 * the release's transaction where the form's delivery takes one; answers what to send after the
 * commit. A kind missing here (an enrolment, held without its password) cannot be released, only
 * deleted.
 */
const RELEASE: Record<
  string,
  (data: unknown, at: Date, origin: string, tx: Tx) => Promise<Submission<unknown> | null>
> = {
  contact: (data, at, _origin, tx) => storeContactMessage(contactMessageSchema.parse(data), at, tx),
  // The newsletter's own step stores and sends in one go; a failure here still rolls the press back.
  subscribe: async (data, at, origin) => {
    await deliverSubscribeRequest(subscribeSchema.parse(data).email, origin, at);
    return null;
  },
};

export const releasable = (kind: string) => Object.hasOwn(RELEASE, kind);

const wellFormed = (kind: string, id: string) =>
  /^[a-z][a-z-]{0,40}$/.test(kind) && /^[0-9a-f]{32}$/.test(id);

const heldRecord = (row: {
  kind: string;
  id: string;
  received_at: Date;
  reason: string;
  data: unknown;
}): QuarantinedSubmission<unknown> => ({
  id: row.id,
  kind: row.kind,
  receivedAt: row.received_at.toISOString(),
  reason: row.reason,
  data: row.data,
});

/** Every submission still held (not released or deleted), newest first. */
export async function heldSubmissions(): Promise<QuarantinedSubmission<unknown>[]> {
  const rows = await database()
    .selectFrom("held_submissions")
    .select(["kind", "id", "received_at", "reason", "data"])
    .where("action", "is", null)
    .orderBy("received_at", "desc")
    .execute();
  return rows.map(heldRecord);
}

/** How many submissions are held (the overview's count). */
export async function heldCount(): Promise<number> {
  const { count } = await database()
    .selectFrom("held_submissions")
    .select((row) => row.fn.countAll<string>().as("count"))
    .where("action", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The held submission a URL names, still held, or null (unknown, acted on, or not a well-formed name). */
export async function findHeld(kind: string, id: string): Promise<QuarantinedSubmission<unknown> | null> {
  if (!wellFormed(kind, id)) return null;
  const row = await database()
    .selectFrom("held_submissions")
    .select(["kind", "id", "received_at", "reason", "data"])
    .where("kind", "=", kind)
    .where("id", "=", id)
    .where("action", "is", null)
    .executeTakeFirst();
  return row ? heldRecord(row) : null;
}

export type HeldOutcome =
  | "released"
  | "deleted"
  | "not-releasable"
  /** Another press (at the same moment, or before) released or deleted it: nothing more was done. */
  | "release-already"
  | "delete-already";

const alreadyDone = (action: "release" | "delete" | null | undefined): HeldOutcome =>
  action === "delete" ? "delete-already" : "release-already";

/** What was done to a held submission acted on, or null when nothing was (an unknown one). */
export async function heldActionDone(kind: string, id: string): Promise<HeldOutcome | null> {
  if (!wellFormed(kind, id)) return null;
  const row = await database()
    .selectFrom("held_submissions")
    .select("action")
    .where("kind", "=", kind)
    .where("id", "=", id)
    .where("action", "is not", null)
    .executeTakeFirst();
  return row ? alreadyDone(row.action) : null;
}

/**
 * Takes the action on a held submission, in the caller's transaction: one conditional UPDATE, so
 * of two presses at once one takes it (the other waits for its commit, then finds it taken) and
 * the others are told what was done. The row stays, so a later press is told the same. Deleting
 * drops what was sent; releasing keeps it beside the stored submission.
 */
async function take(
  tx: Tx,
  record: QuarantinedSubmission<unknown>,
  action: "release" | "delete",
  who: string,
): Promise<HeldOutcome | null> {
  const taken = await tx
    .updateTable("held_submissions")
    .set({ action, acted_by: who, acted_at: new Date(), ...(action === "delete" && { data: null }) })
    .where("kind", "=", record.kind)
    .where("id", "=", record.id)
    .where("action", "is", null)
    .returning("action")
    .executeTakeFirst();
  if (taken) return null;
  const done = await tx
    .selectFrom("held_submissions")
    .select("action")
    .where("kind", "=", record.kind)
    .where("id", "=", record.id)
    .executeTakeFirst();
  return alreadyDone(done?.action);
}

const auditRecord = (record: QuarantinedSubmission<unknown>) => `quarantine/${record.kind}/${record.id}`;

/**
 * 'Not spam': delivered exactly as if it had passed. The press, the stored submission with its
 * mails queued, and the audit line are one transaction; the mails are sent after its commit.
 */
export async function releaseHeld(
  record: QuarantinedSubmission<unknown>,
  who: string,
  origin: string,
): Promise<HeldOutcome> {
  const release = RELEASE[record.kind];
  if (!release) return "not-releasable";
  const outcome = await inTransaction(async (tx) => {
    const done = await take(tx, record, "release", who);
    if (done) return { done, submission: null };
    const submission = await release(record.data, new Date(record.receivedAt), origin, tx);
    await recordAction(
      {
        who,
        action: "release",
        record: auditRecord(record),
        summary: `Not spam: ${kindName(record.kind).toLowerCase()} of ${when(record.receivedAt)} delivered (held because ${record.reason})`,
      },
      new Date(),
      tx,
    );
    return { done: "released" as const, submission };
  });
  const { submission } = outcome;
  if (submission) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
  return outcome.done;
}

/** 'Delete': the press and its audit line in one transaction; once, however often pressed. */
export async function deleteHeld(record: QuarantinedSubmission<unknown>, who: string): Promise<HeldOutcome> {
  return inTransaction(async (tx) => {
    const done = await take(tx, record, "delete", who);
    if (done) return done;
    await recordAction(
      {
        who,
        action: "delete",
        record: auditRecord(record),
        summary: `Deleted a held ${kindName(record.kind).toLowerCase()} of ${when(record.receivedAt)} (held because ${record.reason})`,
      },
      new Date(),
      tx,
    );
    return "deleted";
  });
}
