import { createHash } from "node:crypto";
import { getStore } from "@netlify/blobs";
import type { MemberStatus } from "#shared/members.ts";
import type { Day } from "#shared/membership/calendar.ts";
import type { ConfirmedPayment } from "#shared/membership/status.ts";

export type { MemberStatus };

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
  submittedAt: string;
  status: MemberStatus;
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
  /** Every session started before this time has ended (a new password, a moved address). */
  sessionsEndedAt?: string;
  /** Confirmed payments, each once (by reference): the periods the membership is paid for. */
  payments?: (ConfirmedPayment & { confirmedAt: string })[];
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
}

/** Accounts, sessions and sign-in throttles. */
export const members = () => getStore({ name: "members", consistency: "strong" });

/** The e-mail address is hashed into the key, so keys are short, uniform and not a mailing list. */
export const accountKey = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

export async function getAccount(key: string): Promise<Account | null> {
  return (await members().get(`account/${key}`, { type: "json" })) as Account | null;
}

export const findAccount = (email: string) => getAccount(accountKey(email));

/** Creates the account unless one already exists for the address; answers whether it did. */
export async function createAccount(account: Account): Promise<boolean> {
  const { modified } = await members().setJSON(`account/${account.key}`, account, { onlyIfNew: true });
  return modified;
}

/** What the member's own pages may show: never the password hash. */
export function publicAccount(account: Account) {
  const { name, email, membership, applicationId, submittedAt, status, activatedAt } = account;
  return { name, email, membership, applicationId, submittedAt, status, activatedAt };
}
export type PublicAccount = ReturnType<typeof publicAccount>;
