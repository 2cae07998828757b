import { formatAmount } from "#shared/membership/amount.ts";
import { type Day, dayInIndia } from "#shared/membership/calendar.ts";
import { type Account, getAccount, lockAccount, shownStatus } from "../account/accounts.server.ts";
import { database, inTransaction, type Tx } from "../db/database.server.ts";
import { deliverNow, queueMails } from "../mail/outbox.server.ts";
import { paymentRefunded } from "../mail/templates/payment-refunded.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { membershipOf } from "../membership/membership.server.ts";
import { deliverTold, recordPaymentAndTell } from "../membership/payment-approval.server.ts";
import { recordAction } from "../secretariat/audit.server.ts";
import { requestMailBudgetMs } from "../submissions.server.ts";
import { CURRENCY } from "./online-payments.server.ts";
import { RazorpayCallFailed, refundWhole } from "./razorpay.server.ts";
import { keysForRefunds } from "./refunds.server.ts";

/**
 * Payments Razorpay took that the ledger did not apply (decision 0052: `payment_exceptions`, a
 * 'duplicate' paid twice or a 'mismatch' not what was asked), shown to the secretariat until it
 * resolves each once (decision 0055's addendum): "Refund" gives the money back through Razorpay;
 * "Credit" records it in the ledger as the account's next payment due, with the amount received,
 * through the one path a payment takes (recordPaymentAndTell: the row, its receipt, the status
 * change, the member's mail). Each is one transaction on the locked row (and account), so a second
 * press waits and finds it resolved.
 */

type HeldRow = {
  id: string;
  kind: "duplicate" | "mismatch";
  razorpay_payment_id: string;
  razorpay_order_id: string | null;
  account_id: string | null;
  reference: string | null;
  amount: number;
  currency: string;
  details: string;
  created_at: Date;
  resolved_at: Date | null;
};

const HELD_COLUMNS = [
  "id",
  "kind",
  "razorpay_payment_id",
  "razorpay_order_id",
  "account_id",
  "reference",
  "amount",
  "currency",
  "details",
  "created_at",
  "resolved_at",
] as const;

/** How many wait for the secretariat: the overview's count. */
export async function heldPaymentCount(): Promise<number> {
  const { count } = await database()
    .selectFrom("payment_exceptions")
    .select((row) => row.fn.countAll<string>().as("count"))
    .where("resolved_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** What "Credit" would record, or why it cannot: the page shows it, the press does it. */
export type CreditPlan =
  | { ok: true; reference: string; rupees: number; due: number | "TBA"; receivedOn: Day }
  | { ok: false; why: string };

/**
 * Credit's one rule, for the page and the press alike: the money goes to the account's next payment
 * due (for a mismatch, normally the payment its order was for; for a duplicate, the one after what
 * was paid twice), recorded with the amount Razorpay took, on the day it took it.
 */
export function creditPlan(account: Account | null, held: HeldRow, now = new Date()): CreditPlan {
  if (!account)
    return {
      ok: false,
      why: "Its order is not one this website made, so it belongs to no account: refund it.",
    };
  if (held.currency !== CURRENCY || held.amount % 100 !== 0)
    return {
      ok: false,
      why: `Razorpay took ${money(held)}: the ledger holds whole rupees only, so refund it.`,
    };
  if (shownStatus(account) === "rejected")
    return {
      ok: false,
      why: "The application was turned down: reopen it first to credit this payment to it, or refund it.",
    };
  const next = membershipOf(account, now).next;
  if (!next) return { ok: false, why: "Nothing more is due on this membership: refund it." };
  if (next.late)
    return {
      ok: false,
      why: `The next payment due, ${next.reference}, is a late life instalment, which needs its reason on the member's page: refund this one.`,
    };
  return {
    ok: true,
    reference: next.reference,
    rupees: held.amount / 100,
    due: next.amount,
    receivedOn: dayInIndia(held.created_at),
  };
}

const money = (held: { amount: number; currency: string }) =>
  held.currency === CURRENCY
    ? formatAmount(held.amount / 100)
    : `${(held.amount / 100).toFixed(2)} ${held.currency}`;

export type HeldPayment = {
  id: string;
  kind: "duplicate" | "mismatch";
  razorpayPaymentId: string;
  account: { key: string; name: string } | null;
  reference: string | null;
  amount: string;
  details: string;
  heldOn: Day;
  credit: CreditPlan;
};

/** The payments held and not yet resolved, oldest first, each with what "Credit" would do. */
export async function openHeldPayments(now = new Date()): Promise<HeldPayment[]> {
  const rows = await database()
    .selectFrom("payment_exceptions")
    .select(HELD_COLUMNS)
    .where("resolved_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .limit(200)
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const account = row.account_id ? await getAccount(row.account_id) : null;
      return {
        id: row.id,
        kind: row.kind,
        razorpayPaymentId: row.razorpay_payment_id,
        account: account ? { key: account.key, name: account.name } : null,
        reference: row.reference,
        amount: money(row),
        details: row.details,
        heldOn: dayInIndia(row.created_at),
        credit: creditPlan(account, row, now),
      };
    }),
  );
}

/** One held payment, for a form's action: null when there is none. */
export async function findHeldPayment(id: string | null): Promise<{ id: string } | null> {
  if (!id || !/^\d{1,18}$/.test(id)) return null;
  const row = await database()
    .selectFrom("payment_exceptions")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

const lockHeld = (tx: Tx, id: string) =>
  tx
    .selectFrom("payment_exceptions")
    .select(HELD_COLUMNS)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();

const resolve = (tx: Tx, id: string, resolution: string, who: string, now: Date) =>
  tx
    .updateTable("payment_exceptions")
    .set({ resolved_at: now, resolved_by: who, resolution })
    .where("id", "=", id)
    .execute();

export type HeldOutcome =
  | { outcome: "refunded" | "credited" | "already" | "not-found" }
  | { outcome: "refused"; message: string }
  | { outcome: "failed"; message: string };

/**
 * "Refund": the whole payment back through Razorpay, once. Razorpay is asked while the row is
 * locked (a second press waits, then finds it resolved), and a refund it already has for the
 * payment is recorded rather than a second one made (refundWhole). The refunds row names only the
 * Razorpay payment: the ledger never had it.
 */
export async function refundHeldPayment(
  id: string,
  reason: string,
  who: string,
  origin: string,
  now = new Date(),
): Promise<HeldOutcome> {
  const done = await inTransaction(async (tx) => {
    const held = await lockHeld(tx, id);
    if (!held) return { outcome: "not-found" } as const;
    if (held.resolved_at) return { outcome: "already" } as const;
    const refund = await refundWhole(keysForRefunds(), held.razorpay_payment_id, held.amount, {
      receipt: held.reference ?? held.razorpay_payment_id,
      reason,
    });
    const row = await tx
      .insertInto("refunds")
      .values({
        payment_id: null,
        razorpay_payment_id: held.razorpay_payment_id,
        refund_reference: refund.id,
        method: "razorpay",
        // The ledger counts whole rupees; Razorpay gives back every paisa it took.
        amount: Math.max(1, Math.round(held.amount / 100)),
        status: refund.status === "pending" ? "pending" : "processed",
        reason,
        account_id: held.account_id,
        refunded_at: now,
        refunded_by: who,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await resolve(tx, held.id, "refunded", who, now);
    const amount = money(held);
    await recordAction(
      {
        who,
        action: "refund",
        record: held.account_id ? `account/${held.account_id}` : `payment/${held.razorpay_payment_id}`,
        summary: `Refunded ${amount} of the held online payment ${held.razorpay_payment_id}${held.reference ? ` (for ${held.reference}, ${held.kind === "duplicate" ? "paid twice" : "not what was asked"})` : ""} through Razorpay (${refund.id}): ${reason}`,
      },
      now,
      tx,
    );
    // The member is told; a payment for an order the site never made has no one to tell.
    const account = held.account_id ? await getAccount(held.account_id, tx) : null;
    if (!account) return { outcome: "refunded", ids: [] as string[] } as const;
    const mail = await composeMail(
      paymentRefunded,
      {
        name: account.name,
        payment: held.razorpay_payment_id,
        amount,
        how: "to the card or account it was paid from, through Razorpay (banks take 5 to 7 working days)",
        refundReference: refund.id,
        receiptNumber: null,
        reason,
        accountUrl: account.closedAt ? null : `${origin}/account`,
      },
      { to: [account.email] },
    );
    const ids = await queueMails(tx, [{ key: `refund/${row.id}`, name: "member", mail }], now);
    return { outcome: "refunded", ids } as const;
  }).catch((error: unknown) => {
    if (error instanceof RazorpayCallFailed) return { outcome: "failed", message: error.message } as const;
    throw error;
  });
  if (done.outcome !== "refunded") return done;
  await deliverNow(done.ids, requestMailBudgetMs());
  return { outcome: "refunded" };
}

/**
 * "Credit": the held payment recorded in the ledger as the account's next payment due (creditPlan),
 * with Razorpay's ids, its receipt and the member's mail, in one transaction on the locked account
 * and row: the webhook's own order of locks, so neither waits on the other for ever.
 */
export async function creditHeldPayment(
  id: string,
  who: string,
  origin: string,
  now = new Date(),
): Promise<HeldOutcome> {
  const named = await database()
    .selectFrom("payment_exceptions")
    .select(["id", "account_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!named) return { outcome: "not-found" };
  const result = await inTransaction(async (tx) => {
    const account = named.account_id ? await lockAccount(tx, named.account_id) : null;
    const held = await lockHeld(tx, id);
    if (!held) return { outcome: "not-found" } as const;
    if (held.resolved_at) return { outcome: "already" } as const;
    // An account is only ever named through the order the site made, so both are here or neither.
    const plan = creditPlan(held.razorpay_order_id ? account : null, held, now);
    if (!plan.ok) return { outcome: "refused", message: plan.why } as const;
    if (!account || !held.razorpay_order_id) throw new Error(`held payment ${id}: no account or order`);
    const told = await recordPaymentAndTell(
      tx,
      account,
      {
        reference: plan.reference,
        amount: plan.rupees,
        receivedOn: plan.receivedOn,
        online: { paymentId: held.razorpay_payment_id, orderId: held.razorpay_order_id },
      },
      origin,
      now,
      who,
    );
    if (!told.recorded)
      return { outcome: "refused", message: `${plan.reference} could not be recorded: refund it.` } as const;
    await resolve(tx, held.id, `credited to ${plan.reference}`, who, now);
    await recordAction(
      {
        who,
        action: "payment",
        record: `account/${account.key}`,
        summary: `Credited the held online payment ${held.razorpay_payment_id} (${held.kind === "duplicate" ? "paid twice" : "not what was asked"}${held.reference ? ` for ${held.reference}` : ""}) to ${plan.reference}: ${formatAmount(plan.rupees)} received ${plan.receivedOn}`,
      },
      now,
      tx,
    );
    return { outcome: "credited", told } as const;
  });
  if (result.outcome !== "credited") return result;
  await deliverTold(result.told);
  return { outcome: "credited" };
}
