import { createHash } from "node:crypto";
import { getStore } from "@netlify/blobs";
import { type Mail, sendMail } from "./mail/mail.server.ts";

export type MailState = {
  mail: Mail;
  status: "pending" | "sent";
  attempts: number;
  lastError?: string;
  sentId?: string;
};

export type Submission<T> = {
  id: string;
  kind: string;
  receivedAt: string;
  data: T;
  mails: Record<string, MailState>;
};

/**
 * Every form submission, one key per submission: `<kind>/<id>`; beside each submission with mail
 * still to send, an empty marker `pending/<kind>/<id>`, so the retry job reads only those.
 */
export const submissions = () => getStore({ name: "submissions", consistency: "strong" });

const PENDING_PREFIX = "pending/";
const pendingKey = (recordKey: string) => `${PENDING_PREFIX}${recordKey}`;

/** After this many attempts a mail is left for a person to look at, not retried forever. */
export const MAX_MAIL_ATTEMPTS = 50;

const awaitingRetry = (state: MailState) => state.status === "pending" && state.attempts < MAX_MAIL_ATTEMPTS;

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

/**
 * Stores the submission before anything else is attempted. Answers the stored record and whether
 * it was already there (a duplicate is not stored, or mailed, twice).
 */
export async function storeSubmission<T>(
  kind: string,
  data: T,
  mails: Record<string, Mail>,
  at = new Date(),
): Promise<{ submission: Submission<T>; duplicate: boolean }> {
  const id = submissionId(kind, data, at);
  const submission: Submission<T> = {
    id,
    kind,
    receivedAt: at.toISOString(),
    data,
    mails: Object.fromEntries(
      Object.entries(mails).map(([name, mail]) => [name, { mail, status: "pending", attempts: 0 }]),
    ),
  };
  // The marker goes first: a crash between the two writes leaves a marker the retry job clears,
  // never a record with mail that nothing will retry.
  await submissions().set(pendingKey(`${kind}/${id}`), "");
  const { modified } = await submissions().setJSON(`${kind}/${id}`, submission, { onlyIfNew: true });
  if (modified) return { submission, duplicate: false };
  const existing = (await submissions().get(`${kind}/${id}`, { type: "json" })) as Submission<T>;
  return { submission: existing, duplicate: true };
}

export type QuarantinedSubmission<T> = {
  id: string;
  kind: string;
  receivedAt: string;
  reason: string;
  data: T;
};

/**
 * Keeps a suspected spam submission, with why it was suspected, under `quarantine/<kind>/<id>`
 * and mails no one: nothing is dropped, and a person can still read and release it.
 */
export async function quarantineSubmission<T>(
  kind: string,
  data: T,
  reason: string,
  at = new Date(),
): Promise<QuarantinedSubmission<T>> {
  const id = submissionId(kind, data, at);
  const record: QuarantinedSubmission<T> = { id, kind, receivedAt: at.toISOString(), reason, data };
  await submissions().setJSON(`quarantine/${kind}/${id}`, record, { onlyIfNew: true });
  return record;
}

/**
 * Sends the submission's pending mails, each with `<id>/<name>` as the idempotency key so a retry
 * never delivers twice, and records the outcome. Mails that fail stay pending for the retry job.
 * The mails go out together, so a visitor waits for Resend's timeout once, not once a mail.
 */
export async function deliverPending<T>(submission: Submission<T>): Promise<Submission<T>> {
  const delivered = await Promise.all(
    Object.entries(submission.mails).map(async ([name, state]): Promise<[string, MailState]> => {
      if (state.status === "sent") return [name, state];
      const result = await sendMail(state.mail, `${submission.kind}/${submission.id}/${name}`);
      const attempts = state.attempts + 1;
      return [
        name,
        result.sent
          ? { ...state, status: "sent", attempts, sentId: result.id, lastError: undefined }
          : { ...state, attempts, lastError: result.error },
      ];
    }),
  );
  const updated: Submission<T> = { ...submission, mails: Object.fromEntries(delivered) };
  const key = `${submission.kind}/${submission.id}`;
  await submissions().setJSON(key, updated);
  if (!Object.values(updated.mails).some(awaitingRetry)) await submissions().delete(pendingKey(key));
  return updated;
}

/**
 * Sends every pending mail of the stored submissions once more; answers how many mails went out
 * and how many are still pending. Each mail keeps its idempotency key, so none is sent twice.
 */
export async function retryPendingMail(): Promise<{ sent: number; pending: number }> {
  const store = submissions();
  const { blobs } = await store.list({ prefix: PENDING_PREFIX });
  let sent = 0;
  let pending = 0;
  for (const { key: marker } of blobs) {
    const key = marker.slice(PENDING_PREFIX.length);
    const submission = (await store.get(key, { type: "json" })) as Submission<unknown> | null;
    const waiting = Object.values(submission?.mails ?? {}).filter(awaitingRetry);
    if (!submission || waiting.length === 0) {
      await store.delete(marker);
      continue;
    }
    const updated = await deliverPending(submission);
    for (const state of Object.values(updated.mails)) {
      if (state.status === "pending") pending++;
    }
    sent +=
      waiting.length - Object.values(updated.mails).filter((state) => state.status === "pending").length;
  }
  return { sent, pending };
}

/** A stored submission whose delivery step failed: it stays pending, and the log says why. */
export function logMailFailure(id: string, error: unknown): void {
  console.error(
    `delivery of submission ${id} left pending: ${error instanceof Error ? error.message : error}`,
  );
}
