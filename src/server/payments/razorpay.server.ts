import { createHmac, timingSafeEqual } from "node:crypto";
import Razorpay from "razorpay";
import { readEnv, type ServerEnv } from "../env.server.ts";
import { withinTime } from "../time-limit.server.ts";

/**
 * Razorpay, as the server speaks to it (decision 0052): the official package's Orders and Payments
 * clients, and the two signatures it sends. The keys live in the server's environment only; the
 * browser is given the key id and an order id, never a secret. Without all three keys the site
 * takes no payment online and says nothing of it.
 */
export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  timeoutMs: number;
  /** Razorpay itself, or under `npm start` the local test gateway that stands in for it. */
  apiUrl: string;
  checkoutUrl: string;
  scriptUrl: string;
};

export function razorpayConfig(env: ServerEnv = readEnv()): RazorpayConfig | null {
  const {
    RAZORPAY_KEY_ID: keyId,
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  } = env;
  if (!keyId || !keySecret || !webhookSecret) return null;
  // Only Vite's development server reads the gateway's address: a build replaces
  // import.meta.env.DEV with false (and a function bundled apart has no import.meta.env), so no
  // deploy can be pointed anywhere but Razorpay.
  const gateway = import.meta.env?.DEV === true ? env.RAZORPAY_API_URL : undefined;
  return {
    keyId,
    keySecret,
    webhookSecret,
    timeoutMs: env.RAZORPAY_TIMEOUT_MS,
    apiUrl: gateway ?? RAZORPAY_API,
    checkoutUrl: gateway ? `${gateway}/v1/checkout/embedded` : HOSTED_CHECKOUT_URL,
    scriptUrl: gateway ? `${gateway}/v1/checkout.js` : CHECKOUT_SCRIPT_URL,
  };
}

const RAZORPAY_API = "https://api.razorpay.com";

/** Whether the site takes payments online. */
export const paysOnline = (env: ServerEnv = readEnv()) => razorpayConfig(env) !== null;

/** Razorpay's hosted checkout: a form posted to it opens the payment page, no script needed. */
export const HOSTED_CHECKOUT_URL = "https://api.razorpay.com/v1/checkout/embedded";
/** Standard Checkout's script, loaded by the payment page only when its button is pressed. */
export const CHECKOUT_SCRIPT_URL = "https://checkout.razorpay.com/v1/checkout.js";

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

let cached: { key: string; client: Razorpay } | undefined;

function client(config: RazorpayConfig): Razorpay {
  const key = `${config.keyId}:${config.keySecret}:${config.apiUrl}`;
  if (cached?.key !== key) {
    const made = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
    // The package has no option for its host; its requests go through one axios instance, whose
    // base the local gateway takes (development only: see razorpayConfig).
    if (config.apiUrl !== RAZORPAY_API)
      (made as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL =
        config.apiUrl;
    cached = { key, client: made };
  }
  return cached.client;
}

/**
 * Razorpay's SDK throws `{ statusCode, error }` for an answer it did not like, and a TypeError of
 * its own when no answer came at all (it reads the missing answer's status): an Error saying which.
 */
function failure(what: string, error: unknown): Error {
  const found = error as { statusCode?: number; error?: { description?: string }; message?: string } | null;
  const said = found?.statusCode
    ? `(${found.statusCode}): ${found.error?.description ?? "no description"}`
    : error instanceof TypeError
      ? "Razorpay did not answer"
      : (found?.message ?? String(error));
  return new Error(`razorpay: ${what} failed ${said}`);
}

/** Creates an order for `amount` paise, its receipt the payment reference. */
export async function createOrder(
  config: RazorpayConfig,
  order: { amount: number; currency: string; receipt: string; notes: Record<string, string> },
): Promise<RazorpayOrder> {
  try {
    const made = await withinTime(
      client(config).orders.create(order),
      config.timeoutMs,
      "razorpay orders.create",
    );
    return {
      id: made.id,
      amount: Number(made.amount),
      currency: made.currency,
      receipt: made.receipt ?? null,
      status: made.status,
    };
  } catch (error) {
    throw failure("creating the order", error);
  }
}

/** Reads a payment from Razorpay (the server's own question: nothing the browser said). */
export async function fetchPayment(config: RazorpayConfig, paymentId: string): Promise<RazorpayPayment> {
  try {
    const found = await withinTime(
      client(config).payments.fetch(paymentId),
      config.timeoutMs,
      "razorpay payments.fetch",
    );
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
  } catch (error) {
    throw failure("reading the payment", error);
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
