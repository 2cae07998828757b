import { dayInIndia } from "#shared/membership/calendar.ts";
import { needsPayment } from "#shared/membership/types.ts";
import { hiddenFields, ownDirectoryEntry } from "../directory/directory-privacy.server.ts";
import { ownDetailsOf } from "../directory/own-details.server.ts";
import { type Submission, submissions } from "../submissions.server.ts";
import type { Account } from "./accounts.server.ts";

/**
 * Everything the site holds about a member, for 'Download my data' (decision 0015). Each part is
 * chosen field by field, not copied and trimmed, so a secret added to a record later (a token's
 * hash, a nonce) stays out unless someone adds it here on purpose. Stored mails are left out:
 * they carry signed links (approval, confirmation) that are credentials.
 */

/** A stored submission as the member sees it: what was sent and when, not the mails it caused. */
const described = (record: Submission<unknown>) => ({
  id: record.id,
  kind: record.kind,
  receivedAt: record.receivedAt,
  data: record.data,
});

/** Every stored submission of these kinds whose data `belongs` to the member. */
async function ownSubmissions(kind: string, belongs: (data: Record<string, unknown>) => boolean) {
  const store = submissions();
  const { blobs } = await store.list({ prefix: `${kind}/` });
  const found: ReturnType<typeof described>[] = [];
  for (const { key } of blobs) {
    const record = (await store.get(key, { type: "json" })) as Submission<Record<string, unknown>> | null;
    if (record && typeof record.data === "object" && record.data && belongs(record.data))
      found.push(described(record));
  }
  return found.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
}

const sameAddress = (value: unknown, email: string) =>
  typeof value === "string" && value.trim().toLowerCase() === email.trim().toLowerCase();

export async function collectMyData(account: Account, now = new Date()) {
  const email = account.email;
  const [applications, contactMessages, corrections, entry] = await Promise.all([
    ownSubmissions(
      "enrolment",
      (data) => sameAddress(data.email, email) || data.applicationId === account.applicationId,
    ),
    ownSubmissions("contact", (data) => sameAddress(data.email, email)),
    // By the application too: a correction sent before the member changed address is still theirs.
    ownSubmissions(
      "directory-correction",
      (data) => sameAddress(data.accountEmail, email) || data.applicationId === account.applicationId,
    ),
    ownDirectoryEntry(account),
  ]);
  return {
    about:
      "Everything the ISGPB website holds about you: your account (without your password, which is never stored, or its hash), your applications, payments recorded, messages and corrections you sent, and your directory entry with the details you chose to hide.",
    generatedAt: now.toISOString(),
    account: {
      name: account.name,
      email: account.email,
      membership: account.membership,
      applicationId: account.applicationId,
      submittedAt: account.submittedAt,
      status: account.status,
      activatedAt: account.activatedAt ?? null,
      emailVerifiedAt: account.emailVerifiedAt ?? null,
      // The privacy notice accepted with the application (null: applied before versions were kept).
      privacyNoticeVersion: account.privacyNoticeVersion ?? null,
    },
    applications,
    // Each confirmed payment, by its reference; an account activated before payments were
    // recorded one by one has its activation only.
    payments:
      account.payments && account.payments.length > 0
        ? account.payments.map(({ reference, amount, paidOn, confirmedAt, bankReference }) => ({
            reference,
            amount,
            paidOn,
            confirmedAt,
            ...(bankReference ? { bankReference } : {}),
          }))
        : // An author or reviewer account is active once its address is confirmed: it paid nothing.
          account.activatedAt && needsPayment(account.membership)
          ? [{ applicationId: account.applicationId, confirmedAt: account.activatedAt }]
          : [],
    submissions: { contactMessages, directoryCorrections: corrections },
    directory: entry
      ? {
          entry,
          hiddenFromOtherMembers: await hiddenFields(entry.id),
          ownChanges: await ownChanges(entry.id),
        }
      : { entry: null, hiddenFromOtherMembers: [], ownChanges: null },
  };
}
export type MyData = Awaited<ReturnType<typeof collectMyData>>;

/** The member's own changes to their directory details, field by field (new value, and the sheet's it replaced). */
async function ownChanges(memberId: string) {
  const own = await ownDetailsOf(memberId);
  return own ? { updatedAt: own.updatedAt, values: own.values } : null;
}

/**
 * The download's file name: the site and the day in India, as every date of the site gives it
 * (UTC's is a day behind until 05:30 there).
 */
export const myDataFileName = (now = new Date()) => `isgpb-my-data-${dayInIndia(now)}.json`;
