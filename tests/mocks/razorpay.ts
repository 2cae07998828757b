import { createHmac, randomBytes } from "node:crypto";
import { HttpResponse, http } from "msw";

/**
 * A fake of Razorpay for msw: the Orders and Payments calls the site makes, answered with the
 * entities as Razorpay documents them (ids `order_…`/`pay_…`, amounts in paise, Unix seconds),
 * and the other half of a payment: what the checkout hands back (a payment id and the signature of
 * `order_id|payment_id` under the key secret) and the webhook Razorpay posts (the raw JSON body,
 * X-Razorpay-Signature over it under the webhook secret, X-Razorpay-Event-Id).
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

export class FakeRazorpay {
  orders = new Map<string, FakeOrder>();
  payments = new Map<string, FakePayment>();
  /** Every Orders API call, with the Basic credentials it carried. */
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
    ];
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
