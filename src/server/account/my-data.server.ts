import { sql } from "kysely";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { needsPayment } from "#shared/membership/types.ts";
import { type Db, database } from "../db/database.server.ts";
import { hiddenFields, ownDirectoryEntry } from "../directory/directory-privacy.server.ts";
import { ownDetailsOf } from "../directory/own-details.server.ts";
import type { Account } from "./accounts.server.ts";

/**
 * Everything the site holds about a member, for 'Download my data' (decision 0015). Each part is
 * chosen field by field, not copied and trimmed, so a secret added to a record later (a token's
 * hash, a nonce) stays out unless someone adds it here on purpose. Stored mails are left out:
 * they carry signed links (approval, confirmation) that are credentials.
 */

/** A stored submission as the member sees it: what was sent and when, not the mails it caused. */
const described = (row: { id: string; kind: string; received_at: Date; data: unknown }) => ({
  id: row.id,
  kind: row.kind,
  receivedAt: row.received_at.toISOString(),
  data: row.data,
});

/**
 * The address a submission's data names, case-folded, as the indexes of migration 0001 read it
 * (the same expressions, so the planner finds them): a form's `email`, a directory correction's
 * `accountEmail`.
 */
const SENT_FROM = {
  email: sql<string>`lower(btrim(data->>'email'))`,
  accountEmail: sql<string>`lower(btrim(data->>'accountEmail'))`,
};

/**
 * The member's own submissions of one kind: those whose data names their address (by `field`)
 * or, when asked, their application. Read by the kind's indexes, never by reading every stored
 * message, oldest first.
 */
function ownOfKind(
  db: Db,
  kind: string,
  field: keyof typeof SENT_FROM,
  email: string,
  applicationId: string | null,
) {
  return db
    .selectFrom("submissions")
    .select(["id", "kind", "received_at", "data"])
    .where("kind", "=", kind)
    .where((row) =>
      row.or([
        row(SENT_FROM[field], "=", email.trim().toLowerCase()),
        ...(applicationId ? [row("application_id", "=", applicationId)] : []),
      ]),
    )
    .orderBy("received_at")
    .orderBy("id")
    .execute()
    .then((rows) => rows.map(described));
}

/**
 * The member's own submissions: the applications sent from their address or for their
 * application, the contact messages sent from their address, and the directory corrections sent
 * from their account (by the application too: one sent before the member changed address is
 * still theirs).
 */
export async function ownSubmissions(account: Pick<Account, "email" | "applicationId">, db: Db = database()) {
  const applicationId = account.applicationId || null;
  const [applications, contactMessages, directoryCorrections] = await Promise.all([
    ownOfKind(db, "enrolment", "email", account.email, applicationId),
    ownOfKind(db, "contact", "email", account.email, null),
    ownOfKind(db, "directory-correction", "accountEmail", account.email, applicationId),
  ]);
  return { applications, contactMessages, directoryCorrections };
}

export async function collectMyData(account: Account, now = new Date()) {
  const [{ applications, contactMessages, directoryCorrections: corrections }, entry] = await Promise.all([
    ownSubmissions(account),
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
