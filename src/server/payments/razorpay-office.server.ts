import Razorpay from "razorpay";
import { readEnv } from "../env.server.ts";
import { withinTime } from "../time-limit.server.ts";

/**
 * The secretariat's calls to Razorpay (decision 0055): refunds, and the settlements' report for the
 * reconciliation, through the official package with the server's keys. Each call is bounded by
 * RAZORPAY_TIMEOUT_MS, so a page answers in time while Razorpay is slow. Amounts are in paise at
 * Razorpay and rupees here.
 */

/** Razorpay could not be asked, or refused: the workspace shows `message`, its words or ours. */
export class RazorpayCallFailed extends Error {}

/** Whether the server has Razorpay's keys (none in a fresh clone and the tests that do not set them). */
export const razorpayConfigured = () => {
  const env = readEnv();
  return Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
};

function client(): Razorpay {
  const env = readEnv();
  if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET)
    throw new RazorpayCallFailed("Razorpay's keys are not set on this site.");
  return new Razorpay({ key_id: env.RAZORPAY_KEY_ID, key_secret: env.RAZORPAY_KEY_SECRET });
}

/** Razorpay's own description of a refusal, or what went wrong on the way. */
function failureOf(error: unknown): RazorpayCallFailed {
  if (error instanceof RazorpayCallFailed) return error;
  const refused = error as { statusCode?: number; error?: { description?: string } } | null;
  if (refused?.error?.description)
    return new RazorpayCallFailed(`Razorpay refused: ${refused.error.description}`);
  return new RazorpayCallFailed("Razorpay could not be reached just now.");
}

async function call<T>(what: string, work: (razorpay: Razorpay) => Promise<T>): Promise<T> {
  try {
    return await withinTime(work(client()), readEnv().RAZORPAY_TIMEOUT_MS, `Razorpay ${what}`);
  } catch (error) {
    throw failureOf(error);
  }
}

export type RazorpayRefund = { id: string; amount: number; status: "pending" | "processed" | "failed" };

const refundOf = (refund: { id: string; amount?: number | string; status?: string }): RazorpayRefund => ({
  id: refund.id,
  amount: Math.round(Number(refund.amount ?? 0) / 100),
  status: refund.status === "processed" ? "processed" : refund.status === "failed" ? "failed" : "pending",
});

/**
 * Refunds a payment whole, once: a refund Razorpay already has for it (made by a press whose answer
 * was lost) is answered rather than a second one made. `receipt`: our record's name for it.
 */
export async function refundWhole(
  paymentId: string,
  rupees: number,
  note: { receipt: string; reason: string },
): Promise<RazorpayRefund> {
  const existing = await call("refunds", (razorpay) => razorpay.payments.fetchMultipleRefund(paymentId));
  const standing = existing.items.map(refundOf).find((refund) => refund.status !== "failed");
  if (standing) return standing;
  const made = await call("refund", (razorpay) =>
    razorpay.payments.refund(paymentId, {
      amount: rupees * 100,
      speed: "normal",
      receipt: note.receipt.slice(0, 40),
      notes: { reason: note.reason.slice(0, 250) },
    }),
  );
  return refundOf(made);
}

/** One line of Razorpay's settlement report: a payment or a refund settled to the society's account. */
export type SettledItem = {
  id: string;
  type: "payment" | "refund" | "other";
  /** Rupees; for a refund, what was paid back. */
  amount: number;
  fee: number;
  tax: number;
  /** The payment a refund belongs to (Razorpay's payment_id); a payment's own id otherwise. */
  paymentId: string;
  orderId: string | null;
  createdAt: Date;
  settledAt: Date | null;
  settlementId: string | null;
  utr: string | null;
};

type ReconItem = {
  entity_id: string;
  type: string;
  amount: number;
  fee?: number;
  tax?: number;
  payment_id?: string | null;
  order_id?: string | null;
  created_at: number;
  settled_at?: number | null;
  settlement_id?: string | null;
  settlement_utr?: string | null;
};

const PAGE = 1000;

/** Everything Razorpay settled on one day (India's), all pages of its report. */
export async function settledOn(day: { year: number; month: number; day: number }): Promise<SettledItem[]> {
  const items: SettledItem[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const answer = (await call("settlement report", (razorpay) =>
      razorpay.settlements.reports({ ...day, count: PAGE, skip } as never),
    )) as unknown as { items?: ReconItem[] };
    const page = answer.items ?? [];
    for (const item of page)
      items.push({
        id: item.entity_id,
        type: item.type === "payment" || item.type === "refund" ? item.type : "other",
        amount: item.amount / 100,
        fee: (item.fee ?? 0) / 100,
        tax: (item.tax ?? 0) / 100,
        paymentId: item.type === "refund" ? (item.payment_id ?? "") : item.entity_id,
        orderId: item.order_id ?? null,
        createdAt: new Date(item.created_at * 1000),
        settledAt: item.settled_at ? new Date(item.settled_at * 1000) : null,
        settlementId: item.settlement_id ?? null,
        utr: item.settlement_utr ?? null,
      });
    if (page.length < PAGE) return items;
  }
}
