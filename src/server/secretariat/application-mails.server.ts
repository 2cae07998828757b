import type { Account } from "../account/accounts.server.ts";
import {
  applicationIdOfData,
  applicationMarkerKey,
  BY_APPLICATION_PREFIX,
  type Submission,
  submissions,
} from "../submissions.server.ts";

/** One e-mail the site sent about an application, and how its delivery stands. */
export type MailDelivery = {
  /** The stored submission it belongs to (`<kind>/<id>`), and when that was stored. */
  kind: string;
  id: string;
  at: string;
  name: string;
  to: string[];
  subject: string;
  status: string;
  attempts: number;
  lastError?: string;
};

/**
 * The kinds of submission whose data names an application (`applicationId`): those stored before
 * the markers existed are the ones the catch-up below looks through.
 */
const APPLICATION_KINDS = [
  "enrolment",
  "email-verification",
  "enrolment-confirmed",
  "approval-link",
  "membership-activated",
  "membership-notice",
  "application-rejected",
  "application-reopened",
  "account-closed",
  "directory-address-changed",
];

/** Where a record of those kinds that names no application is marked, so it is not read again. */
const NO_APPLICATION = "none";
/** Set once every submission stored before the markers has its marker. */
const CAUGHT_UP = `${BY_APPLICATION_PREFIX}caught-up`;
/** What one page view may spend on the catch-up; the next view goes on where it stopped. */
const CATCH_UP_BUDGET_MS = 2000;
let caughtUp = false;

/**
 * Every e-mail the site sent about the application, oldest first: from the submissions its markers
 * name (submissions.server.ts), one key prefix, so a page view reads only this application's own.
 */
export async function applicationMails(account: Account): Promise<MailDelivery[]> {
  await catchUp();
  const store = submissions();
  const prefix = applicationMarkerKey(account.applicationId, "");
  const keys = new Set<string>(account.submissionId ? [`enrolment/${account.submissionId}`] : []);
  for await (const page of store.list({ prefix, paginate: true }))
    for (const { key } of page.blobs) keys.add(key.slice(prefix.length));
  const records = await Promise.all(
    [...keys].map((key) => store.get(key, { type: "json" }) as Promise<Submission<unknown> | null>),
  );
  return records
    .filter((record): record is Submission<unknown> => record !== null)
    .sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0))
    .flatMap(deliveries);
}

const deliveries = (record: Submission<unknown>): MailDelivery[] =>
  Object.entries(record.mails).map(([name, state]) => ({
    kind: record.kind,
    id: record.id,
    at: record.receivedAt,
    name,
    to: state.mail.to,
    subject: state.mail.subject,
    status: state.status,
    attempts: state.attempts,
    ...(state.lastError ? { lastError: state.lastError } : {}),
  }));

/**
 * The one-off catch-up for submissions stored before the markers: lists the kinds that name an
 * application and the markers there are (keys only), reads only the submissions that have no
 * marker yet and writes theirs, within a budget, until none is left. Done once per store, then
 * never again (a flag in the store, and in memory).
 */
async function catchUp() {
  if (caughtUp) return;
  const store = submissions();
  if ((await store.get(CAUGHT_UP)) !== null) {
    caughtUp = true;
    return;
  }
  const deadline = Date.now() + CATCH_UP_BUDGET_MS;
  const marked = new Set<string>();
  for await (const page of store.list({ prefix: BY_APPLICATION_PREFIX, paginate: true }))
    for (const { key } of page.blobs) marked.add(key.split("/").slice(-2).join("/"));
  const missing: string[] = [];
  for (const kind of APPLICATION_KINDS)
    for await (const page of store.list({ prefix: `${kind}/`, paginate: true }))
      for (const { key } of page.blobs)
        if (key.split("/").length === 2 && !marked.has(key)) missing.push(key);
  for (let start = 0; start < missing.length; start += 20) {
    if (Date.now() > deadline) return;
    await Promise.all(
      missing.slice(start, start + 20).map(async (key) => {
        const record = (await store.get(key, { type: "json" })) as Submission<unknown> | null;
        const applicationId = applicationIdOfData(record?.data) ?? NO_APPLICATION;
        await store.set(applicationMarkerKey(applicationId, key), "");
      }),
    );
  }
  await store.set(CAUGHT_UP, "");
  caughtUp = true;
}
