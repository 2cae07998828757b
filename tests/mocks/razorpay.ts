import { createHmac, randomBytes } from "node:crypto";
import { HttpResponse, http } from "msw";

/**
 * The one fake of Razorpay for msw: every call the site makes (Orders, Payments, a payment's
 * Refunds, the settlement recon report), answered with the entities as Razorpay documents them
 * (ids `order_…`/`pay_…`/`rfnd_…`, amounts in paise, Unix seconds) and refused as it refuses (a
 * wrong key pair, a second full refund, its API down); and the other half of a payment: what the
 * checkout hands back (a payment id and the signature of `order_id|payment_id` under the key
 * secret) and the webhook Razorpay posts (the raw JSON body, X-Razorpay-Signature over it under the
 * webhook secret, X-Razorpay-Event-Id).
 */
export const RAZORPAY_API = "https://api.razorpay.com/v1";
export const TEST_KEYS = {
  RAZORPAY_KEY_ID: "rzp_test_IsgpbKey00001",
  RAZORPAY_KEY_SECRET: "test_key_secret_for_isgpb",
  RAZORPAY_WEBHOOK_SECRET: "test_webhook_secret_for_isgpb",
};

const id14 = () => randomBytes(10).toString("base64url").replace(/[-_]/g, "x").slice(0, 14);

export type FakeOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
};

export type FakePayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string | null;
  invoice_id: null;
  international: boolean;
  method: string;
  amount_refunded: number;
  refund_status: null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: [];
  fee: number;
  tax: number;
  error_code: null;
  error_description: null;
  created_at: number;
};

export type FakeRefund = {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
  receipt: string | null;
};

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

export class FakeRazorpay {
  orders = new Map<string, FakeOrder>();
  payments = new Map<string, FakePayment>();
  /** Every refund made, of any payment (a payment the fake took or one a test names). */
  refunds: FakeRefund[] = [];
  /** What the settlement report lists, by the day (India's) each was settled. */
  settled: FakeSettled[] = [];
  /** Every API call, with the Basic credentials it carried. */
  calls: { method: string; path: string; auth: string | null; body?: unknown }[] = [];
  /** While set, every API call answers this status (Razorpay down: 500, or keys refused: 401). */
  failWith: number | null = null;

  readonly keys: typeof TEST_KEYS;

  constructor(keys = TEST_KEYS) {
    this.keys = keys;
  }

  handlers() {
    const authorised = (request: Request) =>
      request.headers.get("authorization") ===
      `Basic ${Buffer.from(`${this.keys.RAZORPAY_KEY_ID}:${this.keys.RAZORPAY_KEY_SECRET}`).toString("base64")}`;
    const refused = (request: Request) => {
      if (this.failWith)
        return HttpResponse.json(
          {
            error: {
              code: "SERVER_ERROR",
              description:
                "We are facing some trouble completing your request at the moment. Please try again shortly.",
            },
          },
          { status: this.failWith },
        );
      if (!authorised(request))
        return HttpResponse.json(
          { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } },
          { status: 401 },
        );
      return null;
    };
    return [
      http.post(`${RAZORPAY_API}/orders`, async ({ request }) => {
        const body = (await request.json()) as {
          amount: number;
          currency: string;
          receipt?: string;
          notes?: Record<string, string>;
        };
        this.calls.push({
          method: "POST",
          path: "/orders",
          auth: request.headers.get("authorization"),
          body,
        });
        const no = refused(request);
        if (no) return no;
        const order: FakeOrder = {
          id: `order_${id14()}`,
          entity: "order",
          amount: body.amount,
          amount_paid: 0,
          amount_due: body.amount,
          currency: body.currency,
          receipt: body.receipt ?? null,
          offer_id: null,
          status: "created",
          attempts: 0,
          notes: body.notes ?? [],
          created_at: Math.floor(Date.now() / 1000),
        };
        this.orders.set(order.id, order);
        return HttpResponse.json(order);
      }),
      http.get(`${RAZORPAY_API}/orders/:id`, ({ request, params }) => {
        this.calls.push({
          method: "GET",
          path: `/orders/${params.id}`,
          auth: request.headers.get("authorization"),
        });
        const no = refused(request);
        if (no) return no;
        const order = this.orders.get(String(params.id));
        return order ? HttpResponse.json(order) : notFound("The id provided does not exist");
      }),
      http.get(`${RAZORPAY_API}/payments/:id`, ({ request, params }) => {
        this.calls.push({
          method: "GET",
          path: `/payments/${params.id}`,
          auth: request.headers.get("authorization"),
        });
        const no = refused(request);
        if (no) return no;
        const payment = this.payments.get(String(params.id));
        return payment ? HttpResponse.json(payment) : notFound("The id provided does not exist");
      }),
      http.get(`${RAZORPAY_API}/payments/:id/refunds`, ({ request, params }) => {
        this.calls.push({
          method: "GET",
          path: `/payments/${params.id}/refunds`,
          auth: request.headers.get("authorization"),
        });
        const no = refused(request);
        if (no) return no;
        const items = this.refunds.filter((refund) => refund.payment_id === params.id).map(refundEntity);
        return HttpResponse.json({ entity: "collection", count: items.length, items });
      }),
      http.post(`${RAZORPAY_API}/payments/:id/refund`, async ({ request, params }) => {
        const body = (await request.json()) as { amount: number; receipt?: string };
        this.calls.push({
          method: "POST",
          path: `/payments/${params.id}/refund`,
          auth: request.headers.get("authorization"),
          body,
        });
        const no = refused(request);
        if (no) return no;
        if (this.refunds.some((refund) => refund.payment_id === params.id && refund.status !== "failed"))
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
        const refund: FakeRefund = {
          id: `rfnd_${id14()}`,
          payment_id: String(params.id),
          amount: body.amount,
          status: "processed",
          receipt: body.receipt ?? null,
        };
        this.refunds.push(refund);
        const payment = this.payments.get(refund.payment_id);
        if (payment) {
          payment.status = "refunded";
          payment.amount_refunded = refund.amount;
        }
        return HttpResponse.json(refundEntity(refund));
      }),
      http.get(`${RAZORPAY_API}/settlements/recon/combined`, ({ request }) => {
        const search = new URL(request.url).searchParams;
        this.calls.push({
          method: "GET",
          path: `/settlements/recon/combined?${search}`,
          auth: request.headers.get("authorization"),
        });
        const no = refused(request);
        if (no) return no;
        const day = `${search.get("year")}-${Number(search.get("month"))}-${Number(search.get("day"))}`;
        const count = Number(search.get("count") ?? "10");
        const skip = Number(search.get("skip") ?? "0");
        const settled = this.settled
          .filter((item) => dayKey(item.settledAt) === day)
          .slice(skip, skip + count);
        return HttpResponse.json({
          entity: "collection",
          count: settled.length,
          items: settled.map(reconItem),
        });
      }),
    ];
  }

  /** The refunds Razorpay was asked to make (not the lists of refunds read before). */
  get refundsMade() {
    return this.calls.filter((call) => call.method === "POST" && call.path.endsWith("/refund")).length;
  }

  /** The days (year-month-day, India's) the settlement report was read for, in order. */
  get settlementDaysAsked() {
    return this.calls
      .filter((call) => call.path.startsWith("/settlements/recon/combined"))
      .map((call) => {
        const search = new URLSearchParams(call.path.split("?")[1]);
        return `${search.get("year")}-${Number(search.get("month"))}-${Number(search.get("day"))}`;
      });
  }

  /**
   * A member pays the order at the checkout: the payment Razorpay makes (captured unless said
   * otherwise, for the order's amount unless said otherwise), and what the checkout hands back.
   */
  pay(orderId: string, options: { amount?: number; currency?: string; status?: FakePayment["status"] } = {}) {
    const order = this.orders.get(orderId);
    const payment: FakePayment = {
      id: `pay_${id14()}`,
      entity: "payment",
      amount: options.amount ?? order?.amount ?? 100_000,
      currency: options.currency ?? order?.currency ?? "INR",
      status: options.status ?? "captured",
      order_id: orderId,
      invoice_id: null,
      international: false,
      method: "upi",
      amount_refunded: 0,
      refund_status: null,
      captured: (options.status ?? "captured") === "captured",
      description: "Membership",
      card_id: null,
      bank: null,
      wallet: null,
      vpa: "member@okaxis",
      email: "member@example.org",
      contact: "+919000000000",
      notes: [],
      fee: 2360,
      tax: 360,
      error_code: null,
      error_description: null,
      created_at: Math.floor(Date.now() / 1000),
    };
    this.payments.set(payment.id, payment);
    if (order && payment.status === "captured") {
      order.status = "paid";
      order.amount_paid = payment.amount;
      order.amount_due = 0;
      order.attempts++;
    }
    return { payment, checkout: checkoutResult(orderId, payment.id, this.keys.RAZORPAY_KEY_SECRET) };
  }

  /** The webhook Razorpay posts for a payment: `payment.captured` or `order.paid`. */
  webhook(
    payment: FakePayment,
    event: "payment.captured" | "order.paid" | "payment.failed" = "payment.captured",
    eventId = `evt_${id14()}`,
  ) {
    const order = payment.order_id ? this.orders.get(payment.order_id) : undefined;
    return signedWebhook(webhookBody(payment, event, order), this.keys.RAZORPAY_WEBHOOK_SECRET, eventId);
  }
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

/** India's day of a moment, as the recon report's year, month and day name it. */
const dayKey = (date: Date) => {
  const india = new Date(date.getTime() + 330 * 60_000);
  return `${india.getUTCFullYear()}-${india.getUTCMonth() + 1}-${india.getUTCDate()}`;
};

/** A settled item as the recon report lists it: amounts in paise, Razorpay's fee taken off the credit. */
function reconItem(item: FakeSettled) {
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
}

const notFound = (description: string) =>
  HttpResponse.json({ error: { code: "BAD_REQUEST_ERROR", description } }, { status: 400 });

/** What Standard Checkout's handler (or the redirect to callback_url) carries for a paid order. */
export const checkoutResult = (orderId: string, paymentId: string, keySecret: string) => ({
  razorpay_order_id: orderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: createHmac("sha256", keySecret).update(`${orderId}|${paymentId}`).digest("hex"),
});

/** A webhook's JSON body as Razorpay sends it (`entity: event`, `contains`, `payload`). */
export function webhookBody(payment: FakePayment, event: string, order?: FakeOrder): string {
  const withOrder = event === "order.paid" && order;
  return JSON.stringify({
    entity: "event",
    account_id: "acc_IsgpbSociety01",
    event,
    contains: withOrder ? ["payment", "order"] : ["payment"],
    payload: {
      payment: { entity: payment },
      ...(withOrder ? { order: { entity: order } } : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

/** The raw body with its headers: the signature is over these exact bytes. */
export function signedWebhook(body: string | Buffer, secret: string, eventId: string) {
  return {
    body,
    eventId,
    headers: {
      "content-type": "application/json",
      "x-razorpay-signature": createHmac("sha256", secret).update(body).digest("hex"),
      "x-razorpay-event-id": eventId,
    },
  };
}
