/**
 * The records as the site kept them in Netlify Blobs until issue 56 (commit 8f3dfa6): the shapes
 * the import reads, and which store key holds which kind. Declared here, apart from the site's
 * code, because that code no longer knows them.
 */

/** An account, `members` store, `account/<key>`: an address's SHA-256, or `closed-`/`unconfirmed-<application>`. */
export type BlobsAccount = {
  key: string;
  email: string;
  name: string;
  membership: string;
  applicationId: string;
  submissionId: string;
  privacyNoticeVersion?: string;
  submittedAt: string;
  status: "pending-payment" | "active";
  activatedAt?: string;
  passwordHash: string;
  verification?: { nonce: string; sentAt: string };
  emailVerifiedAt?: string;
  role?: "secretariat";
  directoryEmail?: string;
  rejected?: { at: string; reason: string; by: string };
  pastRejections?: { at: string; reason: string; by: string; reopenedAt: string; reopenedBy: string }[];
  closedAt?: string;
  /** The keys the record had before it moved, oldest first, each with the moment it left. */
  formerKeys?: { key: string; until: string }[];
  sessionsEndedAt?: string;
  payments?: {
    reference: string;
    amount: number | null;
    paidOn?: string;
    kind?: string;
    completesFee?: boolean;
    lateReason?: string;
    confirmedAt: string;
    bankReference?: string;
  }[];
  /** The day each notice that removal counts from went out, by its period. */
  remindedOn?: Record<string, string>;
  /** `<period>/<kind>` → the day. */
  notices?: Record<string, string>;
};

/** `members`, `session/<sha-256 of the cookie's token>`. Times in ms. */
export type BlobsSession = { accountKey: string; createdAt: number; lastSeenAt: number };

/** `members`, `account-link/used/<nonce>`. */
export type BlobsUsedLink = { purpose: string; account: string; at: string };

/** `members`, `directory-privacy/<member id>`. */
export type BlobsPrivacyChoice = { hidden: string[]; updatedAt: string };

/** `members`, `own-details/<member id>`. */
export type BlobsOwnDetails = {
  memberId: string;
  account: string;
  email: string;
  name: string;
  sheetEmail: string;
  values: Record<string, { value: string; was: string }>;
  updatedAt: string;
};

export type BlobsMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

/** `submissions`, `<kind>/<id>` (a newsletter copy's id holds a `/`). */
export type BlobsSubmission = {
  id: string;
  kind: string;
  receivedAt: string;
  data: unknown;
  mails: Record<
    string,
    {
      mail: BlobsMail;
      status: "pending" | "sent";
      attempts: number;
      lastError?: string;
      sentId?: string;
      notBefore?: string;
    }
  >;
};

/** `submissions`, `quarantine/<kind>/<id>`: held by the spam guard. */
export type BlobsHeld = { id: string; kind: string; receivedAt: string; reason: string; data: unknown };

/** `secretariat`, `held-actions/<kind>/<id>`: what was done to a held submission. */
export type BlobsHeldAction = { action: "release" | "delete"; who: string; at: string };

/** `secretariat`, `audit/<countdown>-<random>`. */
export type BlobsAuditLine = { at: string; who: string; action: string; record: string; summary: string };

/**
 * `secretariat`, `payments/<account key>/<application id or reference>`: the secretariat's entry of
 * a payment (the account's own list holds the payment; this says who entered it).
 */
export type BlobsPaymentEntry = {
  account: string;
  applicationId: string;
  reference?: string;
  /** The bank's reference the secretariat typed: older accounts' own payments do not hold it. */
  bankReference?: string;
  recordedBy: string;
  recordedAt: string;
};

/** `subscribers`, `<sha-256 of the address>`. */
export type BlobsSubscriber = {
  email: string;
  status: "pending" | "subscribed" | "unsubscribed";
  requestedAt: string;
  changedAt: string;
  segmentSynced: boolean;
};

/** `newsletter`, `issues/<id>`. */
export type BlobsIssue = {
  id: string;
  subject: string;
  text: string;
  attachmentUrl?: string;
  createdAt: string;
  createdBy: string;
  status: "draft" | "sending" | "sent";
  via?: "outbox" | "broadcast";
  sendStartedAt?: string;
  sentBy?: string;
  sentAt?: string;
  broadcastId?: string;
  siteUrl?: string;
  lastError?: string;
};

/** `form-flash`, `flash/<id>`: a refused form's answer, kept ten minutes. `at` in ms. */
export type BlobsFlash = { path: string; refusal: unknown; at: number };

/**
 * The kinds of record, by store and key. `import` kinds become rows; `skip` kinds are what the
 * database makes unneeded (markers, indexes, forwarding notes, claims its rows replace), say why,
 * and are counted but not read.
 */
export type KeyKind = { kind: string; read: boolean };

const SKIPPED: Record<string, string> = {
  "account-changes/marker": "the application index's change markers: the workspace queries the table",
  "members/moved": "forwarding notes: account_addresses finds a moved account by any address it had",
  "members/throttle":
    "failed sign-in counts, 15 minutes long: dropped (the sign-in throttle counts afresh in its own rows)",
  "submissions/pending": "markers of mail to retry: the outbox rows say which are unsent",
  "submissions/failed": "markers of mail given up on: the outbox rows' attempts say it",
  "submissions/by-application": "markers of an application's mails: submissions.application_id",
  "secretariat/index": "the application index: the workspace queries the accounts",
  "newsletter/send-claim": "a send's claim: the issue's status records the send",
  outbox: "local development's mail sink (no Resend key): each mail's state is on its submission",
  "last-good-copy": "stays in Blobs (the last good copies of outside data)",
};

export const skippedBecause = (kind: string): string | undefined => SKIPPED[kind];

/** Every store the site kept records in, in the order they are read. */
export const STORES = [
  "members",
  "account-changes",
  "submissions",
  "outbox",
  "secretariat",
  "subscribers",
  "newsletter",
  "form-flash",
] as const;

const PREFIXES: Record<(typeof STORES)[number], [string, string][]> = {
  members: [
    ["account/", "members/account"],
    ["session/", "members/session"],
    ["moved/", "members/moved"],
    ["throttle/", "members/throttle"],
    ["account-link/used/", "members/used-link"],
    ["directory-privacy/", "members/directory-privacy"],
    ["own-details/", "members/own-details"],
  ],
  "account-changes": [["", "account-changes/marker"]],
  submissions: [
    ["pending/", "submissions/pending"],
    ["failed/", "submissions/failed"],
    ["by-application/", "submissions/by-application"],
    ["quarantine/", "submissions/held"],
    ["used-token/", "submissions/used-token"],
  ],
  outbox: [["", "outbox"]],
  secretariat: [
    ["audit/", "secretariat/audit"],
    ["payments/", "secretariat/payment-entry"],
    ["held-actions/", "secretariat/held-action"],
    ["index/", "secretariat/index"],
  ],
  subscribers: [],
  newsletter: [
    ["issues/", "newsletter/issue"],
    ["send-claims/", "newsletter/send-claim"],
  ],
  "form-flash": [["flash/", "form-flash/flash"]],
};

/** Which kind a key of a store holds; `unknown` for a key no code of the old site wrote. */
export function kindOf(store: (typeof STORES)[number], key: string): KeyKind {
  const found = PREFIXES[store].find(([prefix]) => key.startsWith(prefix));
  let kind = found?.[1];
  // A submission is `<kind>/<id>`; a subscriber is the hash of its address.
  if (!kind && store === "submissions" && /^[a-z][a-z0-9-]{0,40}\/./.test(key))
    kind = "submissions/submission";
  if (!kind && store === "subscribers" && /^[0-9a-f]{64}$/.test(key)) kind = "subscribers/subscriber";
  if (!kind) return { kind: `${store}/unknown`, read: false };
  return { kind, read: skippedBecause(kind) === undefined };
}
