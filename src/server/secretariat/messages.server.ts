import {
  deliverPending,
  FAILED_PREFIX,
  MAX_MAIL_ATTEMPTS,
  PENDING_PREFIX,
  readSubmission,
  type Submission,
  submissions,
} from "../submissions.server.ts";
import { recordAction } from "./audit.server.ts";
import { kindName, when } from "./display.server.ts";

/**
 * Keys of the submissions store that are no submission: retry and failure markers, held spam, spent
 * form tokens, the markers that find an application's mails.
 */
const NOT_SUBMISSIONS = new Set(["pending", "failed", "quarantine", "used-token", "by-application"]);
/** The kind shown first: what people write to the society. */
export const DEFAULT_KIND = "contact";
const SHOWN = 200;

/** Every kind of stored submission, with how many there are. */
export async function submissionKinds(): Promise<Map<string, string[]>> {
  const kinds = new Map<string, string[]>();
  for await (const page of submissions().list({ paginate: true })) {
    for (const { key } of page.blobs) {
      const [kind, id, ...rest] = key.split("/");
      if (!kind || !id || rest.length > 0 || NOT_SUBMISSIONS.has(kind)) continue;
      kinds.set(kind, [...(kinds.get(kind) ?? []), key]);
    }
  }
  return kinds;
}

/** The newest submissions of a kind, newest first. */
export async function submissionsOf(keys: readonly string[]): Promise<Submission<unknown>[]> {
  const store = submissions();
  const records = await Promise.all(
    keys.map((key) => store.get(key, { type: "json" }) as Promise<Submission<unknown> | null>),
  );
  return records
    .filter((record): record is Submission<unknown> => record !== null)
    .sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : -1))
    .slice(0, SHOWN);
}

/** A mail that did not go out: waiting for a retry, or given up on after MAX_MAIL_ATTEMPTS. */
export const failedMails = (record: Submission<unknown>) =>
  Object.entries(record.mails).filter(([, state]) => state.status !== "sent");

export async function findSubmission(kind: string, id: string): Promise<Submission<unknown> | null> {
  if (!/^[a-z][a-z-]{0,40}$/.test(kind) || NOT_SUBMISSIONS.has(kind) || !/^[0-9a-f]{32}$/.test(id))
    return null;
  return readSubmission(kind, id);
}

export type ResendOutcome = "resent" | "resend-nothing" | "resend-pending";

/**
 * 'Send again': the mails that did not go out are tried once more now, through the same
 * stored-then-sent step with their own idempotency keys (so one Resend did take is not sent twice);
 * a mail given up on is given its tries back. What still fails stays pending for the retry job.
 */
export async function sendAgain(record: Submission<unknown>, who: string): Promise<ResendOutcome> {
  const failed = failedMails(record);
  if (failed.length === 0) return "resend-nothing";
  const revived: Submission<unknown> = {
    ...record,
    mails: Object.fromEntries(
      Object.entries(record.mails).map(([name, state]) => {
        if (state.status === "sent") return [name, state];
        const { notBefore: _, ...rest } = state;
        return [name, { ...rest, attempts: Math.min(state.attempts, MAX_MAIL_ATTEMPTS - 1) }];
      }),
    ),
  };
  // The retry marker first, as storeSubmission does: a crash here leaves the mail to the retry job.
  await submissions().set(`pending/${record.kind}/${record.id}`, "");
  // Given its tries back, it has failed no longer (delivery marks it again if it fails again).
  await submissions().delete(`${FAILED_PREFIX}${record.kind}/${record.id}`);
  await recordAction({
    who,
    action: "resend",
    record: `${record.kind}/${record.id}`,
    summary: `Send again: ${failed.map(([name]) => name).join(", ")} of the ${kindName(record.kind).toLowerCase()} of ${when(record.receivedAt)}`,
  });
  const updated = await deliverPending(revived);
  return failedMails(updated).length === 0 ? "resent" : "resend-pending";
}

/** The two lists of e-mails that did not go out: waiting for the retry job, or given up on. */
export const MAIL_FILTERS = ["pending", "failed"] as const;
export type MailFilter = (typeof MAIL_FILTERS)[number];
export const isMailFilter = (value: unknown): value is MailFilter =>
  typeof value === "string" && (MAIL_FILTERS as readonly string[]).includes(value);

/**
 * The submissions (`<kind>/<id>`) whose e-mails are waiting for a retry, or were given up on, read
 * from their markers (the messages page's `?mail=pending|failed`, the overview's counts).
 */
export async function submissionsWithMail(filter: MailFilter): Promise<string[]> {
  const prefix = filter === "pending" ? PENDING_PREFIX : FAILED_PREFIX;
  const keys: string[] = [];
  for await (const page of submissions().list({ prefix, paginate: true }))
    keys.push(...page.blobs.map(({ key }) => key.slice(prefix.length)));
  return keys;
}
