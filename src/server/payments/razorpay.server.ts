import { createHmac, timingSafeEqual } from "node:crypto";
import Razorpay from "razorpay";
import { readEnv, type ServerEnv } from "../env.server.ts";
import { withinTime } from "../time-limit.server.ts";

/**
 * Razorpay, as the server speaks to it: the one client for every call the site makes (orders and
 * payments for paying online, decision 0052; refunds and the settlement report for the workspace,
 * decision 0055), through the official package, each call bounded by RAZORPAY_TIMEOUT_MS, each
 * failure one RazorpayCallFailed in our words; and the two signatures Razorpay sends.
 *
 * The keys, said once here and nowhere else:
 * - Razorpay's API (refunds, the settlement report, and the orders and payments below) needs the
 *   key pair, RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: `razorpayApi()`. Without it the workspace
 *   records refunds by hand only and its reconciliation says the keys are not set.
 * - Paying online needs those two and RAZORPAY_WEBHOOK_SECRET, since a payment counts only once
 *   Razorpay's signature is checked: `razorpayConfig()`. Without all three the site takes no payment
 *   online and says nothing of it.
 * They live in the server's environment only; the browser is given the key id and an order id.
 */
export type RazorpayApi = {
  keyId: string;
  keySecret: string;
  timeoutMs: number;
  /** Razorpay itself, or under `npm start` the local test gateway that stands in for it. */
  apiUrl: string;
};

export type RazorpayConfig = RazorpayApi & {
  webhookSecret: string;
  checkoutUrl: string;
  scriptUrl: string;
};

const RAZORPAY_API = "https://api.razorpay.com";

/** The only development-time address: the local gateway's, never a build's (see razorpayApi). */
const gatewayOf = (env: ServerEnv) => (import.meta.env?.DEV === true ? env.RAZORPAY_API_URL : undefined);

/** Razorpay's API with the key pair, or null without it. */
export function razorpayApi(env: ServerEnv = readEnv()): RazorpayApi | null {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret } = env;
  if (!keyId || !keySecret) return null;
  // Only Vite's development server reads the gateway's address: a build replaces
  // import.meta.env.DEV with false (and a function bundled apart has no import.meta.env), so no
  // deploy can be pointed anywhere but Razorpay.
  return { keyId, keySecret, timeoutMs: env.RAZORPAY_TIMEOUT_MS, apiUrl: gatewayOf(env) ?? RAZORPAY_API };
}

/** Everything paying online needs: the key pair and the webhook's secret, or null. */
export function razorpayConfig(env: ServerEnv = readEnv()): RazorpayConfig | null {
  const api = razorpayApi(env);
  const webhookSecret = env.RAZORPAY_WEBHOOK_SECRET;
  if (!api || !webhookSecret) return null;
  const gateway = gatewayOf(env);
  return {
    ...api,
    webhookSecret,
    checkoutUrl: gateway ? `${gateway}/v1/checkout/embedded` : HOSTED_CHECKOUT_URL,
    scriptUrl: gateway ? `${gateway}/v1/checkout.js` : CHECKOUT_SCRIPT_URL,
  };
}

/** Whether the site takes payments online. */
export const paysOnline = (env: ServerEnv = readEnv()) => razorpayConfig(env) !== null;

/** Razorpay's hosted checkout: a form posted to it opens the payment page, no script needed. */
export const HOSTED_CHECKOUT_URL = "https://api.razorpay.com/v1/checkout/embedded";
/** Standard Checkout's script, loaded by the payment page only when its button is pressed. */
export const CHECKOUT_SCRIPT_URL = "https://checkout.razorpay.com/v1/checkout.js";

/** Razorpay could not be asked, or refused: `message` says which, in words the workspace shows. */
export class RazorpayCallFailed extends Error {
  override name = "RazorpayCallFailed";
}

let cached: { key: string; client: Razorpay } | undefined;

function client(api: RazorpayApi): Razorpay {
  const key = `${api.keyId}:${api.keySecret}:${api.apiUrl}`;
  if (cached?.key !== key) {
    const made = new Razorpay({ key_id: api.keyId, key_secret: api.keySecret });
    // The package has no option for its host; its requests go through one axios instance, whose
    // base the local gateway takes (development only: see razorpayApi).
    if (api.apiUrl !== RAZORPAY_API)
      (made as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL =
        api.apiUrl;
    cached = { key, client: made };
  }
  return cached.client;
}

/**
 * One call to Razorpay, bounded in time. The package throws `{ statusCode, error }` for an answer
 * it did not like, and a TypeError of its own when no answer came (it reads the missing answer's
 * status); a slow answer is our TimeLimitError. `what` names what was asked ("the refund").
 */
async function call<T>(api: RazorpayApi, what: string, work: (razorpay: Razorpay) => Promise<T>): Promise<T> {
  try {
    return await withinTime(work(client(api)), api.timeoutMs, `Razorpay, ${what}`);
  } catch (error) {
    const refused = error as { statusCode?: number; error?: { description?: string } } | null;
    if (refused?.statusCode)
      throw new RazorpayCallFailed(
        `Razorpay refused ${what} (${refused.statusCode}): ${refused.error?.description ?? "no reason given"}`,
      );
    throw new RazorpayCallFailed(`Razorpay could not be reached just now (${what}).`);
  }
}

/** An order as Razorpay answers it (Orders API), the fields the site reads. */
export type RazorpayOrder = {
  id: string;
  amount: number;
  currency: string;
  receipt?: string | null;
  status: string;
};

/** A payment as Razorpay answers it (Payments API, and a webhook's `payload.payment.entity`). */
export type RazorpayPayment = {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: string;
  created_at: number;
  email?: string | null;
  method?: string | null;
};

/** Creates an order for `amount` paise, its receipt the payment reference. */
export async function createOrder(
  api: RazorpayApi,
  order: { amount: number; currency: string; receipt: string; notes: Record<string, string> },
): Promise<RazorpayOrder> {
  const made = await call(api, "the order", (razorpay) => razorpay.orders.create(order));
  return {
    id: made.id,
    amount: Number(made.amount),
    currency: made.currency,
    receipt: made.receipt ?? null,
    status: made.status,
  };
}

/** Reads a payment from Razorpay (the server's own question: nothing the browser said). */
export async function fetchPayment(api: RazorpayApi, paymentId: string): Promise<RazorpayPayment> {
  const found = await call(api, "the payment's details", (razorpay) => razorpay.payments.fetch(paymentId));
  return {
    id: found.id,
    order_id: found.order_id ?? null,
    amount: Number(found.amount),
    currency: found.currency,
    status: found.status,
    created_at: found.created_at,
    email: found.email ?? null,
    method: found.method ?? null,
  };
}

export type RazorpayRefund = { id: string; amount: number; status: "pending" | "processed" | "failed" };

const refundOf = (refund: { id: string; amount?: number | string; status?: string }): RazorpayRefund => ({
  id: refund.id,
  amount: Math.round(Number(refund.amount ?? 0) / 100),
  status: refund.status === "processed" ? "processed" : refund.status === "failed" ? "failed" : "pending",
});

/**
 * Refunds a payment whole (`paise`, all Razorpay took), once: a refund Razorpay already has for it
 * (made by a press whose answer was lost) is answered rather than a second one made.
 * `receipt`: our record's name for it.
 */
export async function refundWhole(
  api: RazorpayApi,
  paymentId: string,
  paise: number,
  note: { receipt: string; reason: string },
): Promise<RazorpayRefund> {
  const existing = await call(api, "the list of refunds", (razorpay) =>
    razorpay.payments.fetchMultipleRefund(paymentId),
  );
  const standing = existing.items.map(refundOf).find((refund) => refund.status !== "failed");
  if (standing) return standing;
  const made = await call(api, "the refund", (razorpay) =>
    razorpay.payments.refund(paymentId, {
      amount: paise,
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
export async function settledOn(
  api: RazorpayApi,
  day: { year: number; month: number; day: number },
): Promise<SettledItem[]> {
  const items: SettledItem[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const answer = (await call(api, "the settlement report", (razorpay) =>
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

/**
 * HMAC-SHA256 of `message` under `secret`, compared with `signature` in constant time. The
 * package's own helpers (validateWebhookSignature, validatePaymentVerification) compute the same
 * HMAC but compare with `===`, which answers sooner the earlier a guess goes wrong; the tests
 * check that both agree on every signature.
 */
export function signatureMatches(message: string | Buffer, signature: unknown, secret: string): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = createHmac("sha256", secret).update(message).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/** The checkout's result: Razorpay signed `order_id|payment_id` with the key secret. */
export const checkoutSignatureMatches = (
  config: RazorpayConfig,
  result: { orderId: string; paymentId: string; signature: unknown },
) => signatureMatches(`${result.orderId}|${result.paymentId}`, result.signature, config.keySecret);

/** A webhook: Razorpay signed the raw body, byte for byte, with the webhook secret. */
export const webhookSignatureMatches = (config: RazorpayConfig, rawBody: Buffer, signature: unknown) =>
  signatureMatches(rawBody, signature, config.webhookSecret);

export const ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/;
export const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;
