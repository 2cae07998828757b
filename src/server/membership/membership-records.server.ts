import type { Day } from "#shared/membership/calendar.ts";
import { type Account, type AccountPayment, getAccount } from "../account/accounts.server.ts";
import { type Db, database, type Tx } from "../db/database.server.ts";
import { issueReceipt } from "../receipts/receipts.server.ts";

/**
 * What the society records about a membership, as rows (decision 0050): a confirmed payment, a
 * notice of the renewal schedule, a rejection. Each is written in the caller's transaction, and
 * each table's own key decides a race: two writes of one payment, one notice or one standing
 * rejection at the same moment leave one row, and the second writer is told it was not the one.
 * `getAccount` reads them back into the account.
 */

/**
 * Records a confirmed payment, once per reference ever (its unique key), and issues its receipt in
 * the same transaction (decision 0055): true when this call recorded it, false when the reference
 * was recorded already. `razorpayPaymentId`: the payment was taken online, and its receipt prints
 * Razorpay's id.
 */
export async function insertPayment(
  tx: Tx,
  accountId: string,
  payment: AccountPayment & { confirmedBy?: string | undefined; razorpayPaymentId?: string | undefined },
): Promise<boolean> {
  const row = await tx
    .insertInto("payments")
    .values({
      account_id: accountId,
      reference: payment.reference,
      amount: payment.amount,
      paid_on: payment.paidOn,
      kind: payment.kind ?? null,
      completes_fee: payment.completesFee === true,
      late_reason: payment.lateReason ?? null,
      bank_reference: payment.bankReference ?? null,
      confirmed_at: payment.confirmedAt,
      confirmed_by: payment.confirmedBy ?? null,
      ...(payment.source ? { source: payment.source } : {}),
      razorpay_payment_id: payment.razorpayPaymentId ?? null,
      razorpay_order_id: payment.razorpayOrderId ?? null,
    })
    .onConflict((conflict) => conflict.column("reference").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return false;
  await issueReceipt(tx, {
    paymentId: row.id,
    accountId,
    at: new Date(payment.confirmedAt),
    razorpayPaymentId: payment.razorpayPaymentId,
  });
  return true;
}

/**
 * Records a notice of the renewal schedule for the account, once per period and kind (its
 * primary key): true when this call recorded it. `countsForRemoval`: removal is counted from it.
 */
export async function insertNotice(
  tx: Tx,
  accountId: string,
  notice: { period: string; kind: string; sentOn: Day; countsForRemoval: boolean },
): Promise<boolean> {
  const row = await tx
    .insertInto("notices")
    .values({
      account_id: accountId,
      period: notice.period,
      kind: notice.kind,
      sent_on: notice.sentOn,
      counts_for_removal: notice.countsForRemoval,
    })
    .onConflict((conflict) => conflict.columns(["account_id", "period", "kind"]).doNothing())
    .returning("account_id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records the secretariat's rejection of the application, unless one stands already (the partial
 * unique index: one standing rejection per account): true when this call rejected it.
 */
export async function insertRejection(
  tx: Tx,
  accountId: string,
  rejection: { at: Date; reason: string; by: string },
): Promise<boolean> {
  const row = await tx
    .insertInto("rejections")
    .values({
      account_id: accountId,
      rejected_at: rejection.at,
      reason: rejection.reason,
      rejected_by: rejection.by,
    })
    .onConflict((conflict) => conflict.column("account_id").where("reopened_at", "is", null).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Undoes the standing rejection ('Reopen'): the row stays as the record, with who reopened it and
 * when. True when this call reopened it; false when none stood (reopened a moment ago, or never).
 */
export async function reopenRejection(tx: Tx, accountId: string, at: Date, by: string): Promise<boolean> {
  const row = await tx
    .updateTable("rejections")
    .set({ reopened_at: at, reopened_by: by })
    .where("account_id", "=", accountId)
    .where("reopened_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The account an application made (its id is unique), whatever its address now, or null. */
export async function accountOfApplication(
  applicationId: string,
  db: Db = database(),
): Promise<Account | null> {
  const row = await db
    .selectFrom("accounts")
    .select("id")
    .where("application_id", "=", applicationId)
    .executeTakeFirst();
  return row ? getAccount(row.id, db) : null;
}
