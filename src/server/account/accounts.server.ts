import { createHash } from "node:crypto";
import { type Selectable, sql, type Updateable } from "kysely";
import type { AccountStatus } from "#shared/account.ts";
import type { AccountAnswer } from "#shared/api/account.ts";
import type { Day } from "#shared/membership/calendar.ts";
import type { ConfirmedPayment, NextPayment } from "#shared/membership/status.ts";
import { needsPayment } from "#shared/membership/types.ts";
import { type Db, database, isUniqueViolation, type Tx } from "../db/database.server.ts";
import type {
  AccountsTable,
  NoticesTable,
  PaymentSource,
  PaymentsTable,
  RegisterClass,
  RegisterMembersTable,
  RejectionsTable,
} from "../db/schema.server.ts";

export type { AccountStatus };

/** A confirmed payment as the account's pages and the status rules read it. */
export type AccountPayment = ConfirmedPayment & {
  confirmedAt: string;
  /** The bank's reference for the credit, as the secretariat recorded it (none through the e-mailed link). */
  bankReference?: string;
  /** Where the money came in (0007); none: the secretariat's record of a bank credit. */
  source?: PaymentSource;
  /** Razorpay's payment and order ids, for a payment taken online. */
  razorpayPaymentId?: string;
  razorpayOrderId?: string;
};

export type Rejection = { at: string; reason: string; by: string };
export type PastRejection = Rejection & { reopenedAt: string; reopenedBy: string };

/**
 * A member's account as the code reads it: its row (`accounts`) with its payments, notices and
 * rejections. `key` is the account's id, for life, whatever its address (decision 0050).
 */
export type Account = {
  key: string;
  email: string;
  name: string;
  /** The membership type's value, "" for an author or reviewer account. */
  membership: string;
  /** "" for the secretariat's own accounts, which hold no application. */
  applicationId: string;
  /** The enrolment's submission: `enrolment/<submissionId>`. */
  submissionId: string;
  /** The version of the privacy notice the applicant accepted with the application. */
  privacyNoticeVersion?: string;
  submittedAt: string;
  /** A rejection is recorded beside it (`rejected`), not as a status. */
  status: Exclude<AccountStatus, "rejected">;
  activatedAt?: string;
  /** scrypt, see password.server.ts; "" where none may sign in. The password itself is never stored. */
  passwordHash: string;
  /**
   * Present while the address is not confirmed: the one link that may confirm it carries this
   * nonce. Such an account cannot sign in.
   */
  verification?: { nonce: string; sentAt: string };
  emailVerifiedAt?: string;
  /** The secretariat's workspace account (src/server/secretariat/auth.server.ts). */
  role?: "secretariat";
  /** The address the directory's entry carries, while the sheet still has the one before a change. */
  directoryEmail?: string;
  /** The standing rejection: the secretariat turned the application down. */
  rejected?: Rejection;
  /** Rejections the secretariat later undid ('Reopen'), oldest first. */
  pastRejections?: PastRejection[];
  /** The member closed their website account (decision 0037): no sign-in, the address free. */
  closedAt?: string;
  /** Never confirmed and its link expired: the address free to enrol again (decision 0047). */
  setAsideAt?: string;
  /** Every session started before this time has ended (a new password, a moved address). */
  sessionsEndedAt?: string;
  /** Confirmed payments, each once (by reference), by the day received. */
  payments?: AccountPayment[];
  /** The day each renewal reminder went out, by the period it asked for: removal counts from it. */
  remindedOn?: Record<string, Day>;
  /** The day each notice of the reminder schedule was sent or recorded: `<period>/<kind>`. */
  notices?: Record<string, Day>;
  /** The member's row of the society's register, for a member from before the site. */
  register?: AccountRegister;
  /** The application ids of the accounts merged into this one: their payments count as its own. */
  mergedApplications?: string[];
};

/**
 * What the society's membership register says of the account's member (register_members, made by
 * the secretariat's import: decision 0051), for a member from before the site.
 */
export type AccountRegister = {
  memberNo: string;
  class: RegisterClass;
  joinedYear: number;
  lastPaidYear: string | null;
  lifeOwed: number | null;
  /** The day lifeOwed was last written ("YYYY-MM-DD"). */
  owedSince: Day | null;
  zone: string | null;
  dateOfBirth: Day | null;
  claimedAt?: string;
  /** Merged into another register row of the same person (its member number). */
  mergedInto?: string;
};

/** Whether the address has been confirmed, so the account may sign in. */
export const isVerified = (account: Pick<Account, "verification">) => account.verification === undefined;

/**
 * The SHA-256 of a case-folded address: what named an account before it had an id (links already
 * mailed name it), and how the sign-in throttles count an address without keeping it.
 */
export const accountKey = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ADDRESS_KEY = /^[0-9a-f]{64}$/;

/** A key that may name an account: its id, or an address's hash from before ids (account_addresses). */
export const isAccountKey = (key: string) => UUID.test(key) || ADDRESS_KEY.test(key);

/** Whether a key is an account's id itself (not an address's hash, which must be looked up). */
export const isAccountId = (key: string) => UUID.test(key);

const iso = (time: Date | null | undefined) => time?.toISOString();

export type AccountRow = Selectable<AccountsTable>;

/** The account of a row, with its payments, notices, rejections and register row read in the same `db`. */
async function assemble(db: Db, row: AccountRow): Promise<Account> {
  const [payments, notices, rejections, register, merged] = await Promise.all([
    db
      .selectFrom("payments")
      .selectAll()
      .where("account_id", "=", row.id)
      .orderBy("paid_on")
      .orderBy("id")
      .execute(),
    db.selectFrom("notices").selectAll().where("account_id", "=", row.id).execute(),
    db.selectFrom("rejections").selectAll().where("account_id", "=", row.id).orderBy("rejected_at").execute(),
    db.selectFrom("register_members").selectAll().where("account_id", "=", row.id).executeTakeFirst(),
    mergedInto(db, [row.id]),
  ]);
  return accountOfRows(row, payments, notices, rejections, register, merged.get(row.id));
}

/** The application ids of the accounts merged into each of these, by the account kept. */
async function mergedInto(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("account_merges")
    .innerJoin("accounts", "accounts.id", "account_merges.merged")
    .select(["account_merges.kept", "accounts.application_id"])
    .where("account_merges.kept", "in", ids)
    .execute();
  const map = new Map<string, string[]>();
  for (const row of rows)
    if (row.application_id) map.set(row.kept, [...(map.get(row.kept) ?? []), row.application_id]);
  return map;
}

/** The register's row as the account carries it. */
function registerOf(row: Selectable<RegisterMembersTable>): AccountRegister {
  const register: AccountRegister = {
    memberNo: row.member_no,
    class: row.class,
    joinedYear: row.joined_year,
    lastPaidYear: row.last_paid_year,
    lifeOwed: row.life_owed,
    owedSince: row.owed_since,
    zone: row.zone,
    dateOfBirth: row.date_of_birth,
  };
  if (row.claimed_at) register.claimedAt = row.claimed_at.toISOString();
  if (row.merged_into) register.mergedInto = row.merged_into;
  return register;
}

/**
 * The account of a row and its own payments (by day received), notices and rejections (oldest
 * first), read already: one account, or many read together (getAccounts).
 */
function accountOfRows(
  row: AccountRow,
  payments: Selectable<PaymentsTable>[],
  notices: Selectable<NoticesTable>[],
  rejections: Selectable<RejectionsTable>[],
  register?: Selectable<RegisterMembersTable>,
  mergedApplications?: string[],
): Account {
  const standing = rejections.find((rejection) => rejection.reopened_at === null);
  const past = rejections.filter((rejection) => rejection.reopened_at !== null);
  const account: Account = {
    key: row.id,
    email: row.email,
    name: row.name,
    membership: row.membership,
    applicationId: row.application_id ?? "",
    submissionId: row.submission_id ?? "",
    submittedAt: row.submitted_at.toISOString(),
    status: row.status,
    passwordHash: row.password_hash,
  };
  if (row.privacy_notice_version) account.privacyNoticeVersion = row.privacy_notice_version;
  if (row.activated_at) account.activatedAt = row.activated_at.toISOString();
  if (row.verification_nonce && row.verification_sent_at)
    account.verification = { nonce: row.verification_nonce, sentAt: row.verification_sent_at.toISOString() };
  if (row.email_verified_at) account.emailVerifiedAt = row.email_verified_at.toISOString();
  if (row.role) account.role = row.role;
  if (row.directory_email) account.directoryEmail = row.directory_email;
  if (row.closed_at) account.closedAt = row.closed_at.toISOString();
  if (row.set_aside_at) account.setAsideAt = row.set_aside_at.toISOString();
  if (row.sessions_ended_at) account.sessionsEndedAt = row.sessions_ended_at.toISOString();
  if (standing)
    account.rejected = {
      at: standing.rejected_at.toISOString(),
      reason: standing.reason,
      by: standing.rejected_by,
    };
  if (past.length > 0)
    account.pastRejections = past.map((rejection) => ({
      at: rejection.rejected_at.toISOString(),
      reason: rejection.reason,
      by: rejection.rejected_by,
      reopenedAt: iso(rejection.reopened_at) as string,
      reopenedBy: rejection.reopened_by as string,
    }));
  if (payments.length > 0)
    account.payments = payments.map((payment) => {
      const shown: AccountPayment = {
        reference: payment.reference,
        amount: payment.amount,
        paidOn: payment.paid_on as Day,
        confirmedAt: payment.confirmed_at.toISOString(),
      };
      if (payment.kind) shown.kind = payment.kind as NextPayment["kind"];
      if (payment.completes_fee) shown.completesFee = true;
      if (payment.late_reason) shown.lateReason = payment.late_reason;
      if (payment.bank_reference) shown.bankReference = payment.bank_reference;
      if (payment.source !== "bank") shown.source = payment.source;
      if (payment.razorpay_payment_id) shown.razorpayPaymentId = payment.razorpay_payment_id;
      if (payment.razorpay_order_id) shown.razorpayOrderId = payment.razorpay_order_id;
      return shown;
    });
  if (register) account.register = registerOf(register);
  if (mergedApplications?.length) account.mergedApplications = mergedApplications;
  if (notices.length > 0) {
    account.notices = Object.fromEntries(
      notices.map((notice) => [`${notice.period}/${notice.kind}`, notice.sent_on as Day]),
    );
    const counted = notices.filter((notice) => notice.counts_for_removal);
    if (counted.length > 0)
      account.remindedOn = Object.fromEntries(
        counted.map((notice) => [notice.period, notice.sent_on as Day]),
      );
  }
  return account;
}

/**
 * The account `key` names: its id, or an address it has or had (the newest holder of that address
 * first). Null for a key that names none.
 */
export async function getAccount(key: string, db: Db = database()): Promise<Account | null> {
  if (UUID.test(key)) {
    const row = await db.selectFrom("accounts").selectAll().where("id", "=", key).executeTakeFirst();
    return row ? assemble(db, row) : null;
  }
  if (!ADDRESS_KEY.test(key)) return null;
  const row = await db
    .selectFrom("account_addresses")
    .innerJoin("accounts", "accounts.id", "account_addresses.account_id")
    .selectAll("accounts")
    .where("account_addresses.address_key", "=", key)
    .orderBy("account_addresses.since", "desc")
    .executeTakeFirst();
  return row ? assemble(db, row) : null;
}

/**
 * The accounts of these rows with their payments, notices, rejections, register rows and merged
 * accounts, read in six queries whatever their number (the workspace's lists, the reminders), in the rows' order.
 */
export async function getAccounts(rows: AccountRow[], db: Db = database()): Promise<Account[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [payments, notices, rejections, register, merged] = await Promise.all([
    db
      .selectFrom("payments")
      .selectAll()
      .where("account_id", "in", ids)
      .orderBy("paid_on")
      .orderBy("id")
      .execute(),
    db.selectFrom("notices").selectAll().where("account_id", "in", ids).execute(),
    db.selectFrom("rejections").selectAll().where("account_id", "in", ids).orderBy("rejected_at").execute(),
    db.selectFrom("register_members").selectAll().where("account_id", "in", ids).execute(),
    mergedInto(db, ids),
  ]);
  const registers = new Map(register.map((row) => [row.account_id, row]));
  const byAccount = <T extends { account_id: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list) map.set(item.account_id, [...(map.get(item.account_id) ?? []), item]);
    return map;
  };
  const [paid, noticed, rejected] = [byAccount(payments), byAccount(notices), byAccount(rejections)];
  return rows.map((row) =>
    accountOfRows(
      row,
      paid.get(row.id) ?? [],
      noticed.get(row.id) ?? [],
      rejected.get(row.id) ?? [],
      registers.get(row.id),
      merged.get(row.id),
    ),
  );
}

/**
 * The same, locked for the rest of the caller's transaction: a second change of the account at the
 * same moment waits for this one and then reads what it left.
 */
export async function lockAccount(tx: Tx, key: string): Promise<Account | null> {
  const found = await getAccount(key, tx);
  if (!found) return null;
  const row = await tx
    .selectFrom("accounts")
    .selectAll()
    .where("id", "=", found.key)
    .forUpdate()
    .executeTakeFirst();
  return row ? assemble(tx, row) : null;
}

/** The open account with this address (neither closed nor set aside), whatever its case. */
export async function findAccount(email: string, db: Db = database()): Promise<Account | null> {
  const row = await db
    .selectFrom("accounts")
    .selectAll()
    .where((where) => where(where.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .where("closed_at", "is", null)
    .where("set_aside_at", "is", null)
    .executeTakeFirst();
  return row ? assemble(db, row) : null;
}

/** What a sign-in reads of an account: its own row's columns, never its payments. */
export type SignInAccount = Pick<Account, "key" | "email" | "passwordHash" | "verification" | "role">;

/**
 * The open account with this address as a sign-in reads it: the one query an unknown address
 * costs too, so a wrong password and an unknown address answer in about the same time (the
 * account's payments, notices and rejections would cost a known address a second round trip).
 */
export async function findSignInAccount(email: string, db: Db = database()): Promise<SignInAccount | null> {
  const row = await db
    .selectFrom("accounts")
    .select(["id", "email", "password_hash", "verification_nonce", "verification_sent_at", "role"])
    .where((where) => where(where.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .where("closed_at", "is", null)
    .where("set_aside_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const account: SignInAccount = { key: row.id, email: row.email, passwordHash: row.password_hash };
  if (row.verification_nonce && row.verification_sent_at)
    account.verification = { nonce: row.verification_nonce, sentAt: row.verification_sent_at.toISOString() };
  if (row.role) account.role = row.role;
  return account;
}

/** A new account: what enrolment (or the secretariat's first sign-in) knows of it. */
export type NewAccount = Omit<
  Account,
  | "key"
  | "payments"
  | "notices"
  | "remindedOn"
  | "rejected"
  | "pastRejections"
  | "closedAt"
  | "setAsideAt"
  | "register"
  | "mergedApplications"
>;

/**
 * Creates the account, with its address as its first, unless an open account has the address
 * (the unique index decides, at the same moment too): the account made, or null.
 */
export async function createAccount(account: NewAccount, tx?: Tx): Promise<Account | null> {
  const create = async (db: Tx) => {
    const row = await db
      .insertInto("accounts")
      .values({
        email: account.email.trim(),
        name: account.name,
        membership: account.membership,
        application_id: account.applicationId || null,
        submission_id: account.submissionId || null,
        privacy_notice_version: account.privacyNoticeVersion ?? null,
        submitted_at: account.submittedAt,
        status: account.status,
        activated_at: account.activatedAt ?? null,
        password_hash: account.passwordHash,
        verification_nonce: account.verification?.nonce ?? null,
        verification_sent_at: account.verification?.sentAt ?? null,
        email_verified_at: account.emailVerifiedAt ?? null,
        role: account.role ?? null,
        directory_email: account.directoryEmail ?? null,
        sessions_ended_at: account.sessionsEndedAt ?? null,
      })
      .onConflict((conflict) =>
        conflict
          .expression(sql`lower(email)`)
          .where("closed_at", "is", null)
          .where("set_aside_at", "is", null)
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await db
      .insertInto("account_addresses")
      .values({
        account_id: row.id,
        email: row.email,
        address_key: accountKey(row.email),
        since: row.submitted_at,
      })
      .execute();
    return assemble(db, row);
  };
  try {
    return tx ? await create(tx) : await database().transaction().execute(create);
  } catch (error) {
    // Another row took the application's id at the same moment (one enrolment, submitted twice).
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The columns of an account that change after it is made (payments and notices are rows of their own). */
export type AccountChange = Partial<{
  name: string;
  status: Account["status"];
  activatedAt: string | null;
  passwordHash: string;
  verification: Account["verification"] | null;
  emailVerifiedAt: string | null;
  role: "secretariat" | null;
  directoryEmail: string | null;
  sessionsEndedAt: string | null;
}>;

/** Changes the account's own columns, in the caller's transaction if it gives one. */
export async function updateAccount(key: string, change: AccountChange, db: Db = database()): Promise<void> {
  const set: Updateable<AccountsTable> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.status !== undefined) set.status = change.status;
  if (change.activatedAt !== undefined) set.activated_at = change.activatedAt;
  if (change.passwordHash !== undefined) set.password_hash = change.passwordHash;
  if (change.verification !== undefined) {
    set.verification_nonce = change.verification?.nonce ?? null;
    set.verification_sent_at = change.verification?.sentAt ?? null;
  }
  if (change.emailVerifiedAt !== undefined) set.email_verified_at = change.emailVerifiedAt;
  if (change.role !== undefined) set.role = change.role;
  if (change.directoryEmail !== undefined) set.directory_email = change.directoryEmail;
  if (change.sessionsEndedAt !== undefined) set.sessions_ended_at = change.sessionsEndedAt;
  if (Object.keys(set).length === 0) return;
  await db.updateTable("accounts").set(set).where("id", "=", key).execute();
}

/**
 * Moves the account to a new address (a confirmed change): the old address's row ends, the new
 * one begins, and every session ends. False when an open account has the new address already.
 */
export async function changeAddress(tx: Tx, account: Account, email: string, at: Date): Promise<boolean> {
  try {
    await tx
      .updateTable("accounts")
      .set({
        email: email.trim(),
        sessions_ended_at: at,
        // The sheet keeps the address it knew until the secretariat updates it.
        directory_email: account.directoryEmail ?? account.email,
      })
      .where("id", "=", account.key)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error, "accounts_open_address")) return false;
    throw error;
  }
  await tx
    .updateTable("account_addresses")
    .set({ until: at })
    .where("account_id", "=", account.key)
    .where("until", "is", null)
    .execute();
  await tx
    .insertInto("account_addresses")
    .values({ account_id: account.key, email: email.trim(), address_key: accountKey(email), since: at })
    .execute();
  return true;
}

/**
 * Closes the account (decision 0037): no password, every session ended, the address free to
 * enrol again; the membership, its payments and its application stay the society's record.
 */
export async function closeAccount(tx: Tx, account: Account, at: Date): Promise<void> {
  await tx
    .updateTable("accounts")
    .set({ closed_at: at, password_hash: "", sessions_ended_at: at })
    .where("id", "=", account.key)
    .execute();
  await tx.deleteFrom("sessions").where("account_id", "=", account.key).execute();
}

/**
 * Sets aside an account whose address was never confirmed and whose link has expired, so the
 * address may enrol again: it keeps its row, without its password, and the workspace still lists
 * it as unconfirmed. Its link stays dead: the account no longer holds the address.
 */
export async function setAsideUnconfirmed(account: Account, now: Date, tx?: Tx): Promise<void> {
  await (tx ?? database())
    .updateTable("accounts")
    .set({ set_aside_at: now, password_hash: "" })
    .where("id", "=", account.key)
    .where("set_aside_at", "is", null)
    .execute();
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
