import { createHash } from "node:crypto";
import { blobStore } from "./blob-store.server.ts";
import { setJsonIfNew } from "./blobs-conditional.server.ts";
import { readEnv } from "./env.server.ts";
import { type Mail, sendMail } from "./mail/mail.server.ts";

export type MailState = {
  mail: Mail;
  status: "pending" | "sent";
  attempts: number;
  lastError?: string;
  sentId?: string;
  /** ISO time before which the mail is not tried again: Resend answered 429 with Retry-After. */
  notBefore?: string;
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
export const submissions = () => blobStore("submissions");

const PENDING_PREFIX = "pending/";
const pendingKey = (recordKey: string) => `${PENDING_PREFIX}${recordKey}`;
/**
 * Beside a submission with a mail given up on (MAX_MAIL_ATTEMPTS tries), an empty marker
 * `failed/<kind>/<id>`, so the workspace counts failed e-mails without reading every submission.
 */
export const FAILED_PREFIX = "failed/";
const failedKey = (recordKey: string) => `${FAILED_PREFIX}${recordKey}`;

export { PENDING_PREFIX };

/**
 * Beside every submission about an application (its data names the `applicationId`: the enrolment,
 * its acknowledgement, the activation, a payment, a rejection, a reopening, a reminder), an empty
 * marker `by-application/<applicationId>/<kind>/<id>`, so the application's page finds its mails
 * by one key prefix instead of reading every submission.
 */
export const BY_APPLICATION_PREFIX = "by-application/";
export const applicationMarkerKey = (applicationId: string, recordKey: string) =>
  `${BY_APPLICATION_PREFIX}${applicationId}/${recordKey}`;

/** The application a submission's data is about, if it names one. */
export function applicationIdOfData(data: unknown): string | null {
  const id = (data as { applicationId?: unknown } | null)?.applicationId;
  return typeof id === "string" && /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
}

/** After this many attempts a mail is left for a person to look at, not retried forever. */
export const MAX_MAIL_ATTEMPTS = 50;

/** Not sent and not given up on: its submission keeps its pending marker. */
const awaitingRetry = (state: MailState) => state.status === "pending" && state.attempts < MAX_MAIL_ATTEMPTS;

/** Given up on: not sent after MAX_MAIL_ATTEMPTS tries (a person may still 'Send again'). */
const givenUp = (state: MailState) => state.status === "pending" && state.attempts >= MAX_MAIL_ATTEMPTS;

/** Awaiting a retry and not held back by a rate limit's Retry-After. */
const isDue = (state: MailState, now: Date) =>
  awaitingRetry(state) && !(state.notBefore && Date.parse(state.notBefore) > now.getTime());

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

/** One stored submission, or null: the one place that knows a record's key is `<kind>/<id>`. */
export async function readSubmission<T>(kind: string, id: string): Promise<Submission<T> | null> {
  return (await submissions().get(`${kind}/${id}`, { type: "json" })) as Submission<T> | null;
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
  return storeSubmissionAs(kind, submissionId(kind, data, at), data, mails, at);
}

/**
 * The same, under an id the caller chose: a record that must be one per thing whatever the day
 * (a newsletter issue's copy to one address: `<issue>/<address hash>`). The id may hold `/`.
 */
export async function storeSubmissionAs<T>(
  kind: string,
  id: string,
  data: T,
  mails: Record<string, Mail>,
  at = new Date(),
): Promise<{ submission: Submission<T>; duplicate: boolean }> {
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
  // never a record with mail that nothing will retry. A record without mail (an application,
  // whose link goes as a record of its own) has nothing to wait for, and no marker.
  if (Object.keys(mails).length > 0) await submissions().set(pendingKey(`${kind}/${id}`), "");
  // The application's marker first too: one left without its record is skipped by its reader.
  const applicationId = applicationIdOfData(data);
  if (applicationId) await submissions().set(applicationMarkerKey(applicationId, `${kind}/${id}`), "");
  if (await setJsonIfNew(submissions(), `${kind}/${id}`, submission)) return { submission, duplicate: false };
  const existing = (await readSubmission<T>(kind, id)) as Submission<T>;
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
  await setJsonIfNew(submissions(), `quarantine/${kind}/${id}`, record);
  return record;
}

/** How long a visitor's request waits for its mails: MAIL_REQUEST_BUDGET_MS, or less if Resend is given less. */
export function requestMailBudgetMs(env = readEnv()): number {
  return Math.min(env.MAIL_REQUEST_BUDGET_MS, env.RESEND_TIMEOUT_MS);
}

/**
 * Sends the submission's pending mails that are due, each with `<id>/<name>` as the idempotency
 * key so a retry never delivers twice, and records the outcome. The mails go out together and the
 * whole step is given `budgetMs` (by default the short budget of a visitor's request); a mail
 * not sent in it stays pending for the retry job. A 429 that says when to come back holds the
 * mail until then (`notBefore`).
 */
export async function deliverPending<T>(
  submission: Submission<T>,
  budgetMs = requestMailBudgetMs(),
  clock: () => number = Date.now,
): Promise<Submission<T>> {
  const now = new Date(clock());
  const delivered = await Promise.all(
    Object.entries(submission.mails).map(async ([name, state]): Promise<[string, MailState]> => {
      if (!isDue(state, now)) return [name, state];
      const result = await sendMail(state.mail, `${submission.kind}/${submission.id}/${name}`, budgetMs);
      const attempts = state.attempts + 1;
      const { lastError: _, notBefore: __, ...rest } = state;
      if (result.sent) return [name, { ...rest, status: "sent", attempts, sentId: result.id }];
      return [
        name,
        result.retryAfter
          ? { ...rest, attempts, lastError: result.error, notBefore: result.retryAfter.toISOString() }
          : { ...rest, attempts, lastError: result.error },
      ];
    }),
  );
  const updated: Submission<T> = { ...submission, mails: Object.fromEntries(delivered) };
  const key = `${submission.kind}/${submission.id}`;
  await submissions().setJSON(key, updated);
  if (!Object.values(updated.mails).some(awaitingRetry)) await submissions().delete(pendingKey(key));
  const failedNow = Object.values(updated.mails).some(givenUp);
  if (failedNow) await submissions().set(failedKey(key), "");
  else if (Object.values(submission.mails).some(givenUp)) await submissions().delete(failedKey(key));
  return updated;
}

/**
 * A scheduled function is stopped at 30 s: the retry job starts no send after this long, and
 * each send is given no more than what is left of it.
 */
export const RETRY_RUN_BUDGET_MS = 20_000;

export type RetryOptions = {
  /** How long the run may go on starting sends. */
  budgetMs?: number;
  clock?: () => number;
};

/**
 * Sends every due pending mail of the stored submissions once more, until the run's budget is
 * spent; answers how many mails went out, how many are still pending among the submissions
 * looked at, and how many submissions were left for the next run. Each mail keeps its
 * idempotency key, so none is sent twice.
 */
export async function retryPendingMail({
  budgetMs = RETRY_RUN_BUDGET_MS,
  clock = Date.now,
}: RetryOptions = {}): Promise<{ sent: number; pending: number; left: number }> {
  const deadline = clock() + budgetMs;
  const perSend = readEnv().RESEND_TIMEOUT_MS;
  const store = submissions();
  const { blobs } = await store.list({ prefix: PENDING_PREFIX });
  let sent = 0;
  let pending = 0;
  let left = 0;
  for (const [index, { key: marker }] of blobs.entries()) {
    if (clock() >= deadline) {
      left = blobs.length - index;
      break;
    }
    const key = marker.slice(PENDING_PREFIX.length);
    const submission = (await store.get(key, { type: "json" })) as Submission<unknown> | null;
    const waiting = Object.values(submission?.mails ?? {}).filter(awaitingRetry);
    if (!submission || waiting.length === 0) {
      await store.delete(marker);
      continue;
    }
    const remaining = deadline - clock();
    if (remaining <= 0) {
      left = blobs.length - index;
      break;
    }
    if (!waiting.some((state) => isDue(state, new Date(clock())))) {
      pending += waiting.length; // held back by Retry-After
      continue;
    }
    const updated = await deliverPending(submission, Math.min(perSend, remaining), clock);
    const stillPending = Object.values(updated.mails).filter((state) => state.status === "pending").length;
    pending += stillPending;
    sent += waiting.length - stillPending;
  }
  return { sent, pending, left };
}

/** A stored submission whose delivery step failed: it stays pending, and the log says why. */
export function logMailFailure(id: string, error: unknown): void {
  console.error(
    `delivery of submission ${id} left pending: ${error instanceof Error ? error.message : error}`,
  );
}
