import { formatAmount } from "#shared/membership/amount.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { type Account, getAccount, lockAccount, shownStatus } from "../account/accounts.server.ts";
import { type Db, database, inTransaction, type Tx } from "../db/database.server.ts";
import {
  deliverTold,
  type PaymentTold,
  recordPaymentAndTell,
} from "../membership/payment-approval.server.ts";
import { recordAction } from "../secretariat/audit.server.ts";
import { onlineDue } from "./online-due.server.ts";
import { createOrder, type RazorpayConfig, type RazorpayPayment } from "./razorpay.server.ts";

/**
 * Payments taken online (decision 0052): an order made for one payment due, and a captured
 * payment recorded against it in the society's one ledger, exactly as the secretariat records a
 * bank credit (confirmPayment: the same row, status change, mail), with its audit line. The
 * browser's return and Razorpay's webhook both end here; the first records the payment and the
 * second finds it recorded. Nothing the browser says decides what is paid: the order row the
 * server wrote does, and the payment Razorpay signed or answered.
 */

/** Who the audit log names for a payment Razorpay confirmed. */
export const RAZORPAY_WHO = "Razorpay (online payment)";
export const CURRENCY = "INR";

export type OrderRow = {
  id: string;
  accountId: string;
  reference: string;
  /** Paise. */
  amount: number;
  currency: string;
  kind: string;
  status: "created" | "paid" | "failed";
  returnedAt: Date | null;
};

const ORDER_COLUMNS = [
  "id",
  "account_id",
  "reference",
  "amount",
  "currency",
  "kind",
  "status",
  "returned_at",
] as const;

type OrderSelect = {
  id: string;
  account_id: string;
  reference: string;
  amount: number;
  currency: string;
  kind: string;
  status: "created" | "paid" | "failed";
  returned_at: Date | null;
};

const orderOf = (row: OrderSelect): OrderRow => ({
  id: row.id,
  accountId: row.account_id,
  reference: row.reference,
  amount: row.amount,
  currency: row.currency,
  kind: row.kind,
  status: row.status,
  returnedAt: row.returned_at,
});

export async function findOrder(orderId: string, db: Db = database()): Promise<OrderRow | null> {
  const row = await db
    .selectFrom("payment_orders")
    .select(ORDER_COLUMNS)
    .where("id", "=", orderId)
    .executeTakeFirst();
  return row ? orderOf(row) : null;
}

async function openOrder(reference: string, amount: number, db: Db): Promise<OrderRow | null> {
  const row = await db
    .selectFrom("payment_orders")
    .select(ORDER_COLUMNS)
    .where("reference", "=", reference)
    .where("amount", "=", amount)
    .where("currency", "=", CURRENCY)
    .executeTakeFirst();
  return row ? orderOf(row) : null;
}

export type StartOutcome =
  | { ok: true; order: OrderRow }
  | { ok: false; reason: "not-due" | "to-be-announced" | "late" | "no-account" };

/**
 * 'Pay online': the Razorpay order for the payment `reference` names, made once per payment due
 * and amount (pressing again, or a second tab, reuses it: an order takes any number of attempts
 * until one is paid). The amount and what it pays for are the server's: the membership's next
 * payment, at the fees of its year. Anyone holding the reference may pay it, as anyone may quote it
 * on a bank transfer.
 */
export async function startOnlinePayment(
  config: RazorpayConfig,
  account: Account,
  reference: string,
  now = new Date(),
): Promise<StartOutcome> {
  const payable = onlineDue(account, reference, now);
  if (!payable.ok) return payable;
  const { due } = payable;
  const paise = due.amount * 100;
  const found = await openOrder(due.reference, paise, database());
  if (found && found.status !== "paid") return { ok: true, order: found };
  if (found) return { ok: false, reason: "not-due" };
  const made = await createOrder(config, {
    amount: paise,
    currency: CURRENCY,
    receipt: due.reference,
    notes: { account: account.key, reference: due.reference, kind: due.kind },
  });
  // Two presses at once each made an order at Razorpay; the unique index keeps one, and both
  // pages go on with it (the other order is never shown, so never paid).
  await database()
    .insertInto("payment_orders")
    .values({
      id: made.id,
      account_id: account.key,
      reference: due.reference,
      amount: paise,
      currency: CURRENCY,
      kind: due.kind,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(["reference", "amount", "currency"]).doNothing())
    .execute();
  const kept = await openOrder(due.reference, paise, database());
  return kept ? { ok: true, order: kept } : { ok: false, reason: "not-due" };
}

/** What became of a captured payment Razorpay told of (by the webhook or the browser's return). */
export type CaptureOutcome =
  /** Recorded now in the ledger. */
  | "recorded"
  /** This payment was recorded before (or held before): nothing changed. */
  | "already"
  /** A second payment for what was paid already: held for the secretariat, not applied. */
  | "duplicate"
  /** Not what the order asked (amount, currency, an unknown order): held, not applied. */
  | "mismatch"
  /** Not captured (yet): nothing to record. */
  | "not-captured";

/** A webhook event, recorded once with what was done: a replay of it changes nothing. */
export type EventMark = { id: string; event: string };

/**
 * Records a payment Razorpay captured, in one transaction on the order's account: the ledger's
 * row (through confirmPayment, as the secretariat's record), the order marked paid, the audit line
 * and the member's mail; or an exception row for the secretariat. The account's lock orders the
 * webhook and the browser's return arriving together, and the unique keys (Razorpay's payment id,
 * the payment reference, the event id) make a second arrival change nothing.
 */
export async function recordCapture(
  payment: RazorpayPayment,
  origin: string,
  now = new Date(),
  event?: EventMark,
): Promise<CaptureOutcome> {
  const result = await inTransaction(async (tx): Promise<{ outcome: CaptureOutcome; told?: PaymentTold }> => {
    if (event) {
      const fresh = await tx
        .insertInto("razorpay_events")
        .values({ id: event.id, event: event.event, received_at: now, outcome: "received" })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!fresh) return { outcome: "already" };
    }
    const done = await applyCapture(tx, payment, origin, now);
    if (event)
      await tx
        .updateTable("razorpay_events")
        .set({ outcome: done.outcome })
        .where("id", "=", event.id)
        .execute();
    return done;
  });
  if (result.told) await deliverTold(result.told);
  return result.outcome;
}

/** Records a webhook event the site does not act on (a failed attempt, another event), once. */
export async function noteEvent(event: EventMark, outcome: string, now = new Date()): Promise<boolean> {
  const row = await database()
    .insertInto("razorpay_events")
    .values({ id: event.id, event: event.event, received_at: now, outcome })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

async function applyCapture(
  tx: Tx,
  payment: RazorpayPayment,
  origin: string,
  now: Date,
): Promise<{ outcome: CaptureOutcome; told?: PaymentTold }> {
  if (payment.status !== "captured") return { outcome: "not-captured" };
  const order = payment.order_id
    ? await tx
        .selectFrom("payment_orders")
        .select(ORDER_COLUMNS)
        .where("id", "=", payment.order_id)
        .executeTakeFirst()
    : undefined;
  if (!order) {
    const held = await holdPayment(
      tx,
      payment,
      null,
      "mismatch",
      "The order is not one this website made.",
      now,
    );
    return { outcome: held ? "mismatch" : "already" };
  }
  const account = await lockAccount(tx, order.account_id);
  if (!account) throw new Error(`online payment: the account of order ${order.id} is missing`);
  if (await isKnown(tx, payment.id)) return { outcome: "already" };
  const row = orderOf(order);
  if (payment.amount !== row.amount || payment.currency !== row.currency) {
    const details = `Order ${row.id} asked ${money(row.amount, row.currency)} for ${row.reference}; Razorpay took ${money(payment.amount, payment.currency)}.`;
    await holdPayment(tx, payment, row, "mismatch", details, now);
    return { outcome: "mismatch" };
  }
  if (shownStatus(account) === "rejected") {
    const details = `Paid for ${row.reference} after the application was turned down: not applied.`;
    await holdPayment(tx, payment, row, "mismatch", details, now);
    return { outcome: "mismatch" };
  }
  const paidBefore = (account.payments ?? []).find((paid) => paid.reference === row.reference);
  if (paidBefore) {
    const how = paidBefore.razorpayPaymentId
      ? `online (${paidBefore.razorpayPaymentId})`
      : "as recorded by the secretariat";
    const details = `${row.reference} was paid already, ${how}, received ${paidBefore.paidOn}: this second payment was not applied.`;
    await holdPayment(tx, payment, row, "duplicate", details, now);
    return { outcome: "duplicate" };
  }
  const receivedOn = dayInIndia(new Date(payment.created_at * 1000));
  const told = await recordPaymentAndTell(
    tx,
    account,
    {
      reference: row.reference,
      amount: row.amount / 100,
      receivedOn,
      online: { paymentId: payment.id, orderId: row.id },
    },
    origin,
    now,
    RAZORPAY_WHO,
  );
  if (!told.recorded) {
    // The reference reads as another application's, or was recorded a moment ago under the lock
    // of an account it does not belong to: held, never lost.
    await holdPayment(
      tx,
      payment,
      row,
      "duplicate",
      `${row.reference} could not be recorded on the account: not applied.`,
      now,
    );
    return { outcome: "duplicate" };
  }
  await tx
    .updateTable("payment_orders")
    .set({ status: "paid", paid_at: now })
    .where("id", "=", row.id)
    .execute();
  await recordAction(
    {
      who: RAZORPAY_WHO,
      action: "payment",
      record: `account/${account.key}`,
      summary: `Paid online for ${row.reference} (${row.kind}): ${formatAmount(row.amount / 100)}, Razorpay payment ${payment.id}, order ${row.id}`,
    },
    now,
    tx,
  );
  return { outcome: "recorded", told };
}

const money = (paise: number, currency: string) =>
  currency === CURRENCY ? formatAmount(paise / 100) : `${(paise / 100).toFixed(2)} ${currency}`;

/** Whether this Razorpay payment is in the ledger or held already. */
async function isKnown(tx: Tx, paymentId: string): Promise<boolean> {
  const inLedger = await tx
    .selectFrom("payments")
    .select("id")
    .where("razorpay_payment_id", "=", paymentId)
    .executeTakeFirst();
  if (inLedger) return true;
  const held = await tx
    .selectFrom("payment_exceptions")
    .select("id")
    .where("razorpay_payment_id", "=", paymentId)
    .executeTakeFirst();
  return held !== undefined;
}

/** Holds a payment for the secretariat, once per Razorpay payment: true when this call held it. */
async function holdPayment(
  tx: Tx,
  payment: RazorpayPayment,
  order: OrderRow | null,
  kind: "duplicate" | "mismatch",
  details: string,
  now: Date,
): Promise<boolean> {
  const row = await tx
    .insertInto("payment_exceptions")
    .values({
      kind,
      razorpay_payment_id: payment.id,
      razorpay_order_id: payment.order_id,
      account_id: order?.accountId ?? null,
      reference: order?.reference ?? null,
      amount: payment.amount,
      currency: payment.currency,
      details,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column("razorpay_payment_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row && order)
    await recordAction(
      {
        who: RAZORPAY_WHO,
        action: kind === "duplicate" ? "payment-duplicate" : "payment-held",
        record: `account/${order.accountId}`,
        summary: `Online payment ${payment.id} held, not applied: ${details}`,
      },
      now,
      tx,
    );
  return row !== undefined;
}

/** The browser came back from the checkout with a correctly signed result: the page says "confirming". */
export async function markReturned(orderId: string, now = new Date()): Promise<void> {
  await database()
    .updateTable("payment_orders")
    .set({ returned_at: now, status: "created" })
    .where("id", "=", orderId)
    .where("status", "<>", "paid")
    .execute();
}

/** Razorpay reported a failed attempt on the order: its page says so, and the payment stays due. */
export async function markFailed(orderId: string): Promise<void> {
  await database()
    .updateTable("payment_orders")
    .set({ status: "failed" })
    .where("id", "=", orderId)
    .where("status", "=", "created")
    .execute();
}

/** The account an order is for. */
export const accountOfOrder = (order: OrderRow, db?: Db) => getAccount(order.accountId, db);
