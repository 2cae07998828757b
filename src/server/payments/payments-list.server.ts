import { DAY_PATTERN, type Day, dayInIndia } from "#shared/membership/calendar.ts";
import { database } from "../db/database.server.ts";
import type { PaymentSource } from "../db/schema.server.ts";

/**
 * The ledger's payments for the workspace (decision 0055): by the day the money was received, and
 * by how it came, the payment's own `source` (decision 0052): online through Razorpay, a bank
 * transfer or UPI credit the office recorded from the statement, or the register's import. Newest
 * first, a page at a time.
 */

export const PAYMENT_SOURCES = ["online", "bank", "upi", "register"] as const satisfies PaymentSource[];
export const SOURCE_LABELS: Record<PaymentSource, string> = {
  online: "Online (Razorpay)",
  bank: "Bank transfer, recorded by the office",
  upi: "UPI, recorded by the office",
  register: "Membership register (imported)",
};

export const PAYMENTS_PAGE_SIZE = 50;

export type PaymentFilter = { from: Day | null; to: Day | null; source: PaymentSource | null; page: number };

/** The filters an address asks for; anything unreadable is left out (the page says what it shows). */
export function readPaymentFilter(search: URLSearchParams): PaymentFilter {
  const day = (name: string) => {
    const value = search.get(name) ?? "";
    return DAY_PATTERN.test(value) ? value : null;
  };
  const source = search.get("source");
  const page = Number(search.get("page") ?? "1");
  return {
    from: day("from"),
    to: day("to"),
    source: PAYMENT_SOURCES.includes(source as PaymentSource) ? (source as PaymentSource) : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export type PaymentLine = {
  id: string;
  accountId: string;
  name: string;
  reference: string;
  amount: number | null;
  receivedOn: Day;
  recordedOn: Day;
  source: PaymentSource;
  /** Razorpay's id, or the bank's reference as the office recorded it. */
  paymentRef: string | null;
  receipt: string | null;
  refund: { on: Day; reference: string | null; method: "razorpay" | "manual" } | null;
};

export async function listPayments(filter: PaymentFilter): Promise<{ lines: PaymentLine[]; total: number }> {
  const base = database()
    .selectFrom("payments")
    .innerJoin("accounts", "accounts.id", "payments.account_id")
    .leftJoin("receipts", "receipts.payment_id", "payments.id")
    .leftJoin("refunds", "refunds.payment_id", "payments.id")
    .$if(filter.from !== null, (query) => query.where("payments.paid_on", ">=", filter.from as Day))
    .$if(filter.to !== null, (query) => query.where("payments.paid_on", "<=", filter.to as Day))
    .$if(filter.source !== null, (query) =>
      query.where("payments.source", "=", filter.source as PaymentSource),
    );
  const [{ count }, rows] = await Promise.all([
    base.select((row) => row.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
    base
      .select([
        "payments.id",
        "payments.account_id",
        "accounts.name",
        "payments.reference",
        "payments.amount",
        "payments.paid_on",
        "payments.confirmed_at",
        "payments.bank_reference",
        "payments.source",
        "payments.razorpay_payment_id",
        "receipts.number as receipt",
        "refunds.refunded_at",
        "refunds.refund_reference",
        "refunds.method",
      ])
      .orderBy("payments.paid_on", "desc")
      .orderBy("payments.id", "desc")
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((filter.page - 1) * PAYMENTS_PAGE_SIZE)
      .execute(),
  ]);
  return {
    total: Number(count),
    lines: rows.map((row) => ({
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      reference: row.reference,
      amount: row.amount,
      receivedOn: row.paid_on,
      recordedOn: dayInIndia(row.confirmed_at),
      source: row.source,
      paymentRef: row.razorpay_payment_id ?? row.bank_reference,
      receipt: row.receipt,
      refund:
        row.refunded_at && row.method
          ? { on: dayInIndia(row.refunded_at), reference: row.refund_reference, method: row.method }
          : null,
    })),
  };
}

/** One payment, for the refund form's action: null when there is none. */
export async function findPayment(id: string | null): Promise<{ id: string } | null> {
  if (!id || !/^\d{1,18}$/.test(id)) return null;
  const row = await database().selectFrom("payments").select("id").where("id", "=", id).executeTakeFirst();
  return row ?? null;
}
