import { HttpResponse, http } from "msw";

/**
 * msw fakes of the Razorpay calls the secretariat's workspace makes (decision 0055): a payment's
 * refunds (list and create) and the settlement recon report, shaped as Razorpay's API reference
 * documents them (amounts in paise, times in Unix seconds). The checkout's calls (orders,
 * payments, webhooks) are faked apart by the online-payment tests.
 */
export const RAZORPAY_API = "https://api.razorpay.com/v1";

export type FakeRefund = {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
  receipt: string | null;
};

/** Refunds: each payment's refunds kept in `refunds`; a second full refund is refused as Razorpay does. */
export function razorpayRefunds(refunds: FakeRefund[], calls: { created: number } = { created: 0 }) {
  return [
    http.get(`${RAZORPAY_API}/payments/:id/refunds`, ({ params }) => {
      const items = refunds.filter((refund) => refund.payment_id === params.id).map(refundEntity);
      return HttpResponse.json({ entity: "collection", count: items.length, items });
    }),
    http.post(`${RAZORPAY_API}/payments/:id/refund`, async ({ params, request }) => {
      const body = (await request.json()) as { amount: number; receipt?: string };
      if (refunds.some((refund) => refund.payment_id === params.id && refund.status !== "failed"))
        return HttpResponse.json(
          {
            error: {
              code: "BAD_REQUEST_ERROR",
              description: "The payment has been fully refunded already",
              source: "business",
              step: "payment_initiation",
              reason: "input_validation_failed",
            },
          },
          { status: 400 },
        );
      calls.created++;
      const refund: FakeRefund = {
        id: `rfnd_Fake${String(refunds.length + 1).padStart(10, "0")}`,
        payment_id: String(params.id),
        amount: body.amount,
        status: "processed",
        receipt: body.receipt ?? null,
      };
      refunds.push(refund);
      return HttpResponse.json(refundEntity(refund));
    }),
  ];
}

const refundEntity = (refund: FakeRefund) => ({
  id: refund.id,
  entity: "refund",
  amount: refund.amount,
  currency: "INR",
  payment_id: refund.payment_id,
  notes: {},
  receipt: refund.receipt,
  acquirer_data: { arn: null },
  created_at: 1_780_000_000,
  batch_id: null,
  status: refund.status,
  speed_processed: "normal",
  speed_requested: "normal",
});

/** Razorpay refusing every refund call (its API down behind a 500). */
export const razorpayRefundsDown = () => [
  http.get(`${RAZORPAY_API}/payments/:id/refunds`, () =>
    HttpResponse.json(
      {
        error: {
          code: "SERVER_ERROR",
          description: "We are facing some trouble completing your request at the moment.",
        },
      },
      { status: 500 },
    ),
  ),
];

/** One settled transaction as the recon report lists it. */
export type FakeSettled = {
  id: string;
  type: "payment" | "refund";
  /** Rupees. */
  amount: number;
  createdAt: Date;
  settledAt: Date;
  paymentId?: string;
  orderId?: string;
};

const dayKey = (date: Date) => {
  const india = new Date(date.getTime() + 330 * 60_000);
  return `${india.getUTCFullYear()}-${india.getUTCMonth() + 1}-${india.getUTCDate()}`;
};

/** The recon report: each day's settled items (by `settledAt`, India's day), paged by count and skip. */
export function razorpaySettlements(items: FakeSettled[], asked: string[] = []) {
  return http.get(`${RAZORPAY_API}/settlements/recon/combined`, ({ request }) => {
    const search = new URL(request.url).searchParams;
    const day = `${search.get("year")}-${Number(search.get("month"))}-${Number(search.get("day"))}`;
    asked.push(day);
    const count = Number(search.get("count") ?? "10");
    const skip = Number(search.get("skip") ?? "0");
    const settled = items.filter((item) => dayKey(item.settledAt) === day).slice(skip, skip + count);
    return HttpResponse.json({
      entity: "collection",
      count: settled.length,
      items: settled.map((item) => {
        const fee = item.type === "payment" ? Math.round(item.amount * 2) : 0;
        return {
          entity_id: item.id,
          type: item.type,
          debit: item.type === "refund" ? item.amount * 100 : 0,
          credit: item.type === "payment" ? item.amount * 100 - fee : 0,
          amount: item.amount * 100,
          currency: "INR",
          fee,
          tax: 0,
          on_hold: false,
          settled: true,
          created_at: Math.floor(item.createdAt.getTime() / 1000),
          settled_at: Math.floor(item.settledAt.getTime() / 1000),
          settlement_id: "setl_FakeSettlement01",
          posted_at: null,
          credit_type: "default",
          description: null,
          notes: null,
          payment_id: item.type === "refund" ? (item.paymentId ?? null) : null,
          settlement_utr: "1780000000fakeutr",
          order_id: item.orderId ?? null,
          order_receipt: null,
          method: "upi",
          card_network: null,
          card_issuer: null,
          card_type: null,
          dispute_id: null,
        };
      }),
    });
  });
}
