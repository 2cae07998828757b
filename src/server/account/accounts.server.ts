import { createHash, randomBytes } from "node:crypto";
import type { AccountStatus } from "#shared/account.ts";
import type { AccountAnswer } from "#shared/api/account.ts";
import type { Day } from "#shared/membership/calendar.ts";
import type { ConfirmedPayment } from "#shared/membership/status.ts";
import { needsPayment } from "#shared/membership/types.ts";
import { blobStore } from "../blob-store.server.ts";
import { setJsonIfNew } from "../blobs-conditional.server.ts";

export type { AccountStatus };

/** A member's account, one blob per e-mail address: `account/<sha-256 of the address>`. */
export type Account = {
  key: string;
  email: string;
  name: string;
  /** The membership type's value, "" for an author or reviewer account. */
  membership: string;
  applicationId: string;
  /** The enrolment's record in the submissions store: `enrolment/<submissionId>`. */
  submissionId: string;
  /** The version of the privacy notice the applicant accepted with the application (privacyNoticeVersion). */
  privacyNoticeVersion?: string;
  submittedAt: string;
  /** A rejection is recorded beside it (`rejected`), not as a status. */
  status: Exclude<AccountStatus, "rejected">;
  activatedAt?: string;
  /** scrypt, see password.server.ts; the password itself is never stored. */
  passwordHash: string;
  /**
   * Present while the address is not confirmed: the one link that may confirm it carries this
   * nonce. Such an account cannot sign in. (Accounts made before confirmation existed have neither
   * field and count as confirmed.)
   */
  verification?: { nonce: string; sentAt: string };
  emailVerifiedAt?: string;
  /**
   * The secretariat's workspace account (src/server/secretariat/auth.server.ts): it holds no
   * application and counts only while its address is listed in SECRETARIAT_ACCOUNTS.
   */
  role?: "secretariat";
  /**
   * The address the directory's entry for this account carries, when it is not the account's own:
   * the address the account had before a confirmed change. The sheet is the secretariat's and keeps
   * the old address until they update it, so the entry (and the choices to hide its details) stays
   * the account's through the change.
   */
  directoryEmail?: string;
  /** The secretariat turned the application down (it stays as the society's record). */
  rejected?: { at: string; reason: string; by: string };
  /** Rejections the secretariat later undid ('Reopen'), oldest first: the record keeps them. */
  pastRejections?: { at: string; reason: string; by: string; reopenedAt: string; reopenedBy: string }[];
  /**
   * The member closed their website account (decision 0037). The record moved to a key no address
   * hashes to (closedAccountKey), without its password: it cannot sign in, the address may enrol
   * again, and the membership, its payments and its application stay the society's record.
   */
  closedAt?: string;
  /**
   * The keys this record had before it moved (a confirmed change of address, closing), oldest first,
   * each with the moment it left: what the workspace filed under the key it had then (its first
   * payment, its audit lines) is still found (see movedTo).
   */
  formerKeys?: { key: string; until: string }[];
  /** Every session started before this time has ended (a new password, a moved address). */
  sessionsEndedAt?: string;
  /** Confirmed payments, each once (by reference): the periods the membership is paid for. */
  payments?: (ConfirmedPayment & {
    confirmedAt: string;
    /** The bank's reference for the credit, as the secretariat recorded it (none through the e-mailed link). */
    bankReference?: string;
  })[];
  /** The day each renewal reminder went out, by the financial year it asked for. */
  remindedOn?: Record<string, Day>;
  /** The day each notice of the reminder schedule was sent or recorded: `<financial year>/<kind>`. */
  notices?: Record<string, Day>;
};

/** Whether the address has been confirmed, so the account may sign in. */
export const isVerified = (account: Account) => account.verification === undefined;

/** Writes the account as it now is (the caller has read it). */
export async function saveAccount(account: Account): Promise<void> {
  await members().setJSON(`account/${account.key}`, account);
  await markAccountChanged(account.key);
}

/**
 * Every write of an account leaves a marker of its own (`changed/<key>.<time>.<random>`, never
 * rewritten), written after the account: the secretariat's list of applications refreshes its
 * index from these (src/server/secretariat/application-index.server.ts) instead of reading every
 * account. A marker per write, not per account, so a write during a refresh is never lost.
 */
export const CHANGED_PREFIX = "changed/";
export async function markAccountChanged(key: string, at = new Date()): Promise<void> {
  const stamp = at.getTime().toString(36).padStart(9, "0");
  // One flat folder: the local Blobs server keeps a "/" as a directory, left behind on delete.
  await accountChanges().set(`${CHANGED_PREFIX}${key}.${stamp}.${randomBytes(4).toString("hex")}`, "");
}

/** The markers have a store of their own, so listing them never walks every account. */
export const accountChanges = () => blobStore("account-changes");

/** Accounts, sessions and sign-in throttles. */
export const members = () => blobStore("members");

/** The e-mail address is hashed into the key, so keys are short, uniform and not a mailing list. */
export const accountKey = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

export async function getAccount(key: string): Promise<Account | null> {
  return (await members().get(`account/${key}`, { type: "json" })) as Account | null;
}

export const findAccount = (email: string) => getAccount(accountKey(email));

/** The record moved to `key` at `at`, remembering the key it leaves (formerKeys). */
export const movedTo = (account: Account, key: string, at: Date): Account => ({
  ...account,
  key,
  formerKeys: [...(account.formerKeys ?? []), { key: account.key, until: at.toISOString() }],
});

/**
 * Where a record that moved to a new address went: a note at the key it left, naming the key it
 * went to. Links and bookmarks that name the old key (the secretariat's payment link, a workspace
 * address) still find the account after its member changes address (confirmEmailChange;
 * decision 0039).
 */
const forwardKey = (from: string) => `moved/${from}`;

export const leaveForwardingNote = (from: string, to: string) => members().set(forwardKey(from), to);

/** Drops the notes that lead to an account (when it closes: nothing of its addresses stays). */
export const dropForwardingNotes = (account: Account) =>
  Promise.all((account.formerKeys ?? []).map(({ key }) => members().delete(forwardKey(key))));

/**
 * The account whose record is at `key` now or moved from it, when `belongs` says it is the one
 * asked for: the record at the key is tried first (another account may have the address now),
 * then the notes, a few moves deep.
 */
export async function accountFrom(
  key: string,
  belongs: (account: Account) => boolean,
): Promise<Account | null> {
  let at = key;
  for (let moves = 0; moves <= 5; moves++) {
    const account = await getAccount(at);
    if (account && belongs(account)) return account;
    const next = await members().get(forwardKey(at), { type: "text" });
    if (!next || !isAccountKey(next)) return null;
    at = next;
  }
  return null;
}

/** A key an account's record may have: an address's hash, or a closed or set-aside account's (below). */
export const isAccountKey = (key: string) =>
  /^(?:[0-9a-f]{64}|(?:closed|unconfirmed)-[0-9a-z-]{1,64})$/.test(key);

/** Where a closed account's record is kept: by its application, never under an address's key. */
export const closedAccountKey = (account: Pick<Account, "applicationId">) =>
  `closed-${account.applicationId.toLowerCase()}`;

/**
 * Sets aside an account whose address was never confirmed and whose link has expired, so the
 * address may enrol again: the record moves, without its password, to a key of its own by its
 * application, where the workspace still lists it as unconfirmed (no application it was sent is
 * lost). Its link named the address's key, so it stays dead.
 */
export async function setAsideUnconfirmed(account: Account, now: Date): Promise<void> {
  const key = `unconfirmed-${account.applicationId.toLowerCase()}`;
  await saveAccount({ ...movedTo(account, key, now), passwordHash: "" });
  await members().delete(`account/${account.key}`);
  await markAccountChanged(account.key);
}

/** Creates the account unless one already exists for the address; answers whether it did. */
export async function createAccount(account: Account): Promise<boolean> {
  const modified = await setJsonIfNew(members(), `account/${account.key}`, account);
  if (modified) await markAccountChanged(account.key);
  return modified;
}

/** The status the account's pages show: a rejected application that was never paid says so. */
export const shownStatus = (account: Account): AccountStatus =>
  account.rejected && account.status !== "active" ? "rejected" : account.status;

/** What the member's own pages may show (the shared answer's shape): never the password hash. */
export function publicAccount(account: Account): AccountAnswer {
  const { name, email, membership, applicationId, submittedAt, activatedAt } = account;
  return {
    name,
    email,
    membership,
    applicationId,
    submittedAt,
    status: shownStatus(account),
    activatedAt,
    // An author or reviewer account has no membership: its pages offer nothing about paying.
    needsPayment: needsPayment(membership),
  };
}
