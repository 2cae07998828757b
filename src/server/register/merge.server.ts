import { sql } from "kysely";
import { type Account, closeAccount, getAccount, lockAccount } from "../account/accounts.server.ts";
import { type Db, database, inTransaction } from "../db/database.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { recordAction } from "../secretariat/audit.server.ts";
import { CLASS_LABELS, MEMBERSHIP_OF_CLASS } from "./register-rows.server.ts";

/**
 * Two records of one person made one (decision 0051): a member from the register who also
 * enrolled on the site, or one person on the register twice. The office names the record to keep
 * and the one to merge into it; in one transaction the merged account's payments and notices move
 * to the kept one (its payments count there: status.ts reads the merged application's references
 * as the kept account's own), its own directory details follow, its register row either moves to
 * the kept account (which had none) or is marked merged into the kept one's, the merged account is
 * closed (its address free, no sign-in) and the merge is a row of account_merges, through which
 * its audit lines are read with the kept account's. One audit line says what moved.
 */

/** A record as the merge page shows it, found by a member number, an e-mail address or an application id. */
export type MergeRecord = {
  key: string;
  name: string;
  email: string;
  applicationId: string;
  memberNo: string;
  class: string;
  standing: string;
  payments: number;
  claimed: boolean;
  closed: boolean;
};

/** The account a member number, an address (any case) or an application id names, or null. */
export async function findRecord(text: string, db: Db = database()): Promise<Account | null> {
  const needle = text.trim();
  if (!needle) return null;
  const byNumber = await db
    .selectFrom("register_members")
    .select("account_id")
    .where(sql<string>`upper(member_no)`, "=", needle.toUpperCase())
    .executeTakeFirst();
  if (byNumber) return getAccount(byNumber.account_id, db);
  const row = await db
    .selectFrom("accounts")
    .select("id")
    .where((where) =>
      where.or([
        where(where.fn("lower", ["email"]), "=", needle.toLowerCase()),
        where("application_id", "=", needle.toUpperCase()),
      ]),
    )
    .where("closed_at", "is", null)
    .where("role", "is", null)
    .executeTakeFirst();
  return row ? getAccount(row.id, db) : null;
}

export function recordOf(account: Account, now = new Date()): MergeRecord {
  const state = membershipOf(account, now);
  return {
    key: account.key,
    name: account.name,
    email: account.email,
    applicationId: account.applicationId,
    memberNo: state.memberNumber ?? "",
    class: account.register ? CLASS_LABELS[account.register.class] : "Enrolled on the site",
    standing: state.status,
    payments: account.payments?.length ?? 0,
    claimed: Boolean(account.register?.claimedAt) || account.passwordHash !== "",
    closed: Boolean(account.closedAt),
  };
}

export type MergeOutcome =
  | { done: "merged"; payments: number; notices: number }
  | { done: "merge-already" }
  | { done: "refused"; reason: string };

/**
 * Merges the account `mergedKey` into `keptKey`, once: of two presses at the same moment one
 * merges and the other finds it done (account_merges' key, and both accounts locked in a fixed
 * order).
 */
export async function mergeRecords(
  keptKey: string,
  mergedKey: string,
  by: string,
  now = new Date(),
): Promise<MergeOutcome> {
  if (keptKey === mergedKey) return { done: "refused", reason: "These are the same record." };
  return inTransaction(async (tx) => {
    // Locked in the order of their ids, so two merges of the same pair never wait on each other.
    const [first, second] = [keptKey, mergedKey].sort();
    const locked = new Map<string, Account | null>();
    for (const key of [first, second] as string[]) locked.set(key, await lockAccount(tx, key));
    const kept = locked.get(keptKey);
    const merged = locked.get(mergedKey);
    if (!kept || !merged) return { done: "refused", reason: "One of the two records is not there any more." };
    const already = await tx
      .selectFrom("account_merges")
      .select("kept")
      .where("merged", "=", merged.key)
      .executeTakeFirst();
    if (already) return { done: "merge-already" };
    if (kept.closedAt || merged.closedAt)
      return { done: "refused", reason: "A closed account cannot be merged: one of the two is closed." };
    if (kept.role || merged.role)
      return { done: "refused", reason: "A workspace account is no member's record." };
    const inserted = await tx
      .insertInto("account_merges")
      .values({ merged: merged.key, kept: kept.key, at: now, by })
      .onConflict((conflict) => conflict.column("merged").doNothing())
      .returning("merged")
      .executeTakeFirst();
    if (!inserted) return { done: "merge-already" };
    const payments = await tx
      .updateTable("payments")
      .set({ account_id: kept.key })
      .where("account_id", "=", merged.key)
      .executeTakeFirst();
    // A notice the kept account has for the same period and kind already stays the one it had.
    const notices = await tx
      .updateTable("notices")
      .set({ account_id: kept.key })
      .where("account_id", "=", merged.key)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("notices as k")
              .select("k.account_id")
              .where("k.account_id", "=", kept.key)
              .whereRef("k.period", "=", "notices.period")
              .whereRef("k.kind", "=", "notices.kind"),
          ),
        ),
      )
      .executeTakeFirst();
    await tx.deleteFrom("notices").where("account_id", "=", merged.key).execute();
    await tx
      .updateTable("own_details")
      .set({ account_id: kept.key })
      .where("account_id", "=", merged.key)
      .execute();
    const movedRegister = await registerFollows(tx, kept, merged, now);
    await closeAccount(tx, merged, now);
    const paymentCount = Number(payments.numUpdatedRows);
    const noticeCount = Number(notices.numUpdatedRows);
    await recordAction(
      {
        who: by,
        action: "merge",
        record: `account/${kept.key}`,
        summary: `Merged ${merged.name} <${merged.email}> (${merged.register ? `member ${merged.register.memberNo}` : `application ${merged.applicationId}`}) into this record: ${paymentCount} payment${paymentCount === 1 ? "" : "s"} and ${noticeCount} notice${noticeCount === 1 ? "" : "s"} moved${movedRegister}; the merged account is closed`,
      },
      now,
      tx,
    );
    return { done: "merged", payments: paymentCount, notices: noticeCount };
  });
}

/** The merged account's register row: moved to the kept account, or marked merged into its row. */
async function registerFollows(
  tx: Parameters<Parameters<typeof inTransaction>[0]>[0],
  kept: Account,
  merged: Account,
  now: Date,
): Promise<string> {
  const row = merged.register;
  if (!row) return "";
  if (kept.register) {
    await tx
      .updateTable("register_members")
      .set({ merged_into: kept.register.memberNo })
      .where("member_no", "=", row.memberNo)
      .execute();
    return `; member ${row.memberNo} is marked merged into member ${kept.register.memberNo}`;
  }
  // The kept account had no register row (it enrolled on the site): it becomes the member's.
  await tx
    .updateTable("register_members")
    .set({ account_id: kept.key })
    .where("member_no", "=", row.memberNo)
    .execute();
  await tx
    .updateTable("accounts")
    .set({
      membership: MEMBERSHIP_OF_CLASS[row.class],
      status: "active",
      activated_at: sql<Date>`coalesce(activated_at, ${now})`,
    })
    .where("id", "=", kept.key)
    .execute();
  return `; member ${row.memberNo}'s register row now names this account`;
}
