import { formatAmount } from "#shared/membership/amount.ts";
import { inTransaction, type Tx } from "../db/database.server.ts";
import { deliverNow, queueMails } from "../mail/outbox.server.ts";
import { paymentRefunded } from "../mail/templates/payment-refunded.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { recordAction } from "../secretariat/audit.server.ts";
import { requestMailBudgetMs } from "../submissions.server.ts";
import { RazorpayCallFailed, razorpayApi, refundWhole } from "./razorpay.server.ts";

/**
 * A refund of a payment in the ledger, from the workspace (decision 0055): through Razorpay's
 * Refunds API for a payment taken online, else recorded as the office's own transfer back. One
 * transaction on the payment's locked row holds the refund's row, the receipt marked refunded, the
 * audit line and the member's mail; the row's unique payment decides a race, and the lock makes a
 * second press wait and find the first one's refund, so Razorpay is asked once.
 */

export type RefundRequest = {
  paymentId: string;
  reason: string;
  /** For a payment not taken online: the bank's reference of the office's transfer back. */
  bankReference?: string | undefined;
};

export type RefundOutcome =
  | { outcome: "refunded"; method: "razorpay" | "manual"; refundReference: string }
  | { outcome: "already" }
  | { outcome: "not-found" }
  | { outcome: "no-amount" }
  | { outcome: "bank-reference-needed" }
  | { outcome: "failed"; message: string };

/** Razorpay's key pair, which a refund through it needs: its absence is said beside the form. */
export function keysForRefunds() {
  const api = razorpayApi();
  if (!api) throw new RazorpayCallFailed("Razorpay's keys are not set on this site.");
  return api;
}

/** The payment and its receipt, locked for this transaction: null when there is no such payment. */
async function lockedPayment(tx: Tx, paymentId: string) {
  return tx
    .selectFrom("payments")
    .innerJoin("accounts", "accounts.id", "payments.account_id")
    .leftJoin("receipts", "receipts.payment_id", "payments.id")
    .select([
      "payments.id",
      "payments.account_id",
      "payments.reference",
      "payments.amount",
      "accounts.name",
      "accounts.email",
      "accounts.closed_at",
      "receipts.number as receipt_number",
      "payments.razorpay_payment_id",
    ])
    .where("payments.id", "=", paymentId)
    .forUpdate("payments")
    .executeTakeFirst();
}

export async function refundPayment(
  request: RefundRequest,
  who: string,
  origin: string,
  now = new Date(),
): Promise<RefundOutcome> {
  if (!/^\d{1,18}$/.test(request.paymentId)) return { outcome: "not-found" };
  const done = await inTransaction(async (tx) => {
    const payment = await lockedPayment(tx, request.paymentId);
    if (!payment) return { outcome: "not-found" } as const;
    const earlier = await tx
      .selectFrom("refunds")
      .select("id")
      .where("payment_id", "=", payment.id)
      .executeTakeFirst();
    if (earlier) return { outcome: "already" } as const;
    if (!payment.amount) return { outcome: "no-amount" } as const;
    const online = payment.razorpay_payment_id;
    if (!online && !request.bankReference) return { outcome: "bank-reference-needed" } as const;
    // Asked inside the lock: a second press waits here and then finds this refund's row.
    const refund = online
      ? await refundWhole(keysForRefunds(), online, payment.amount * 100, {
          receipt: payment.receipt_number ?? payment.reference,
          reason: request.reason,
        })
      : null;
    const refundReference = refund?.id ?? (request.bankReference as string);
    const row = await tx
      .insertInto("refunds")
      .values({
        payment_id: payment.id,
        razorpay_payment_id: online,
        refund_reference: refundReference,
        method: online ? "razorpay" : "manual",
        amount: payment.amount,
        status: refund?.status === "pending" ? "pending" : "processed",
        reason: request.reason,
        account_id: payment.account_id,
        refunded_at: now,
        refunded_by: who,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (payment.receipt_number)
      await tx
        .updateTable("receipts")
        .set({ refunded_at: now, refund_id: row.id })
        .where("number", "=", payment.receipt_number)
        .execute();
    const amount = formatAmount(payment.amount);
    await recordAction(
      {
        who,
        action: "refund",
        record: `account/${payment.account_id}`,
        summary: `Refunded ${amount} of payment ${payment.reference}${online ? ` through Razorpay (${refundReference})` : ` by bank transfer (${refundReference})`}: ${request.reason}`,
      },
      now,
      tx,
    );
    const mail = await composeMail(
      paymentRefunded,
      {
        name: payment.name,
        payment: payment.reference,
        amount,
        how: online
          ? "to the card or account it was paid from, through Razorpay (banks take 5 to 7 working days)"
          : "by bank transfer from the society",
        refundReference,
        receiptNumber: payment.receipt_number,
        reason: request.reason,
        accountUrl: payment.closed_at ? null : `${origin}/account`,
      },
      { to: [payment.email] },
    );
    const ids = await queueMails(tx, [{ key: `refund/${row.id}`, name: "member", mail }], now);
    return {
      outcome: "refunded",
      method: online ? "razorpay" : "manual",
      refundReference,
      ids,
    } as const;
  }).catch((error: unknown) => {
    if (error instanceof RazorpayCallFailed) return { outcome: "failed", message: error.message } as const;
    throw error;
  });
  if (done.outcome !== "refunded") return done;
  await deliverNow(done.ids, requestMailBudgetMs());
  return { outcome: "refunded", method: done.method, refundReference: done.refundReference };
}
