import {
  type Account,
  accountKey,
  createAccount,
  getAccount,
  type NewAccount,
  updateAccount,
} from "../../src/server/account/accounts.server.ts";
import { DECOY_HASH } from "../../src/server/account/password.server.ts";
import { inTransaction } from "../../src/server/db/database.server.ts";
import {
  insertNotice,
  insertPayment,
  insertRejection,
  reopenRejection,
} from "../../src/server/membership/membership-records.server.ts";

/** What a test may give an account beyond its own columns: its payments, notices and rejections. */
export type AccountRecords = Pick<
  Account,
  "payments" | "notices" | "remindedOn" | "rejected" | "pastRejections"
>;

/**
 * Stores the account's payments, notices and rejections as the site records them (rows, through
 * the site's own writers), and the columns given in `columns`; answers the account as stored.
 */
export async function storeRecords(
  key: string,
  records: Partial<AccountRecords>,
  columns: Parameters<typeof updateAccount>[1] = {},
): Promise<Account> {
  await inTransaction(async (tx) => {
    await updateAccount(key, columns, tx);
    for (const payment of records.payments ?? []) await insertPayment(tx, key, payment);
    const counted = new Set(Object.keys(records.remindedOn ?? {}));
    for (const [mark, sentOn] of Object.entries(records.notices ?? {})) {
      const [period = "", kind = ""] = mark.split("/");
      const countsForRemoval =
        (kind === "renewal-reminder" || kind === "instalment-overdue") &&
        records.remindedOn?.[period] === sentOn &&
        counted.delete(period);
      await insertNotice(tx, key, { period, kind, sentOn, countsForRemoval });
    }
    // A removal date with no notice named: the reminder's.
    for (const period of counted)
      await insertNotice(tx, key, {
        period,
        kind: period === "life" ? "instalment-overdue" : "renewal-reminder",
        sentOn: records.remindedOn?.[period] as string,
        countsForRemoval: true,
      });
    for (const past of records.pastRejections ?? []) {
      await insertRejection(tx, key, { at: new Date(past.at), reason: past.reason, by: past.by });
      await reopenRejection(tx, key, new Date(past.reopenedAt), past.reopenedBy);
    }
    if (records.rejected)
      await insertRejection(tx, key, {
        at: new Date(records.rejected.at),
        reason: records.rejected.reason,
        by: records.rejected.by,
      });
  });
  return (await getAccount(key)) as Account;
}

/** Creates the account with its records; throws if the address has an open account already. */
export async function createWithRecords(account: NewAccount & Partial<AccountRecords>): Promise<Account> {
  const { payments, notices, remindedOn, rejected, pastRejections, ...columns } = account as Account;
  const created = await createAccount(columns);
  if (!created) throw new Error(`an open account has ${account.email} already`);
  return storeRecords(created.key, { payments, notices, remindedOn, rejected, pastRejections });
}

/**
 * An account made straight in the database, with the payments, notices and rejections `extra`
 * gives as rows (no scrypt: its password is the decoy's, unknown). Its key is its id.
 */
export async function makeAccount(email: string, extra: Partial<Account> = {}): Promise<Account> {
  const { key: _, ...given } = extra;
  return createWithRecords({
    email,
    name: extra.name ?? email.split("@")[0] ?? email,
    membership: "1",
    applicationId: `EN-${accountKey(email).slice(0, 10).toUpperCase()}`,
    submissionId: "",
    // A day ago: a session is never older than its account (sessions.server.ts).
    submittedAt: new Date(Date.now() - 86_400_000).toISOString(),
    status: "pending-payment",
    passwordHash: DECOY_HASH,
    ...given,
  });
}
