import {
  PAY_PROBLEMS,
  type PayPageData,
  type PayProblem,
  type PayState,
} from "#shared/api/online-payment.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { parseReference } from "#shared/membership/reference.ts";
import { z } from "#shared/zod.ts";
import { getAccount } from "../account/accounts.server.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { paymentDue } from "../membership/membership-payment.server.ts";
import { accountOfApplication } from "../membership/membership-records.server.ts";
import {
  findOrder,
  markReturned,
  type OrderRow,
  recordCapture,
  startOnlinePayment,
} from "./online-payments.server.ts";
import {
  checkoutSignatureMatches,
  fetchPayment,
  ORDER_ID,
  PAYMENT_ID,
  type RazorpayConfig,
  razorpayConfig,
} from "./razorpay.server.ts";

/**
 * The payment page, /pay (decision 0052). "Pay online" (on the account page and the enrolment's
 * confirmation) posts the payment's reference here; the order is made and the page shows it with
 * one button, which without a script posts to Razorpay's hosted checkout and with one opens
 * Standard Checkout. Razorpay's answer comes back here too (`?return=checkout`): from its hosted
 * page, a post from Razorpay's own site, taken for its signature alone; from the checkout's
 * handler, a post from this page.
 */
export const PAY_PATH = "/pay";
/** How long a signed return may wait for Razorpay's confirmation before the page offers a retry. */
export const CONFIRMING_MS = 15 * 60 * 1000;

const problemPath = (problem: PayProblem) => `${PAY_PATH}?problem=${problem}`;
const orderPath = (orderId: string, outcome?: "failed" | "cancelled") =>
  `${PAY_PATH}?order=${encodeURIComponent(orderId)}${outcome ? `&outcome=${outcome}` : ""}`;

/** 'Pay online' on a payment due: its reference, nothing else (the amount is the server's). */
const schema = z.strictObject({ reference: z.string().trim().min(1).max(40) });

export const payOnlineForm: FormSpec<typeof schema> = {
  name: "pay-online",
  schema,
  maxBytes: 1024,
  unavailable: "Nothing was charged: we could not reach our records just now. Please try again in a minute.",
  async handle({ reference }): Promise<FormAnswer> {
    const config = razorpayConfig();
    if (!config) return { ok: false, status: 404, error: PAY_PROBLEMS["not-due"] };
    const named = parseReference(reference);
    const account = named ? await accountOfApplication(named.application) : null;
    if (!account)
      return { ok: false, status: 404, error: PAY_PROBLEMS["not-due"], redirect: problemPath("not-due") };
    let started: Awaited<ReturnType<typeof startOnlinePayment>>;
    try {
      started = await startOnlinePayment(config, account, reference.toUpperCase());
    } catch (error) {
      // Razorpay down or slow: the member is told, and nothing was charged.
      console.warn(`pay online: ${error instanceof Error ? error.message : String(error)}`);
      return {
        ok: false,
        status: 503,
        error: PAY_PROBLEMS.unavailable,
        redirect: problemPath("unavailable"),
      };
    }
    if (!started.ok) {
      const problem = started.reason === "no-account" ? "not-due" : started.reason;
      return { ok: false, status: 409, error: PAY_PROBLEMS[problem], redirect: problemPath(problem) };
    }
    return { ok: true, redirect: orderPath(started.order.id) };
  },
};

/** What a payment's page shows, from the order the server made and what Razorpay confirmed. */
export async function payPageData(url: URL, origin: string, now = new Date()): Promise<PayPageData | null> {
  const config = razorpayConfig();
  if (!config) return null;
  const problem = url.searchParams.get("problem") as PayProblem | null;
  const orderId = url.searchParams.get("order") ?? "";
  if (!ORDER_ID.test(orderId)) {
    const shown: PayProblem = problem && problem in PAY_PROBLEMS ? problem : "unknown-order";
    return { view: "problem", problem: shown, message: PAY_PROBLEMS[shown] };
  }
  const order = await findOrder(orderId);
  if (!order) return { view: "problem", problem: "unknown-order", message: PAY_PROBLEMS["unknown-order"] };
  const state = stateOf(order, url.searchParams.get("outcome"), now);
  const title = await titleOf(order);
  return {
    view: "order",
    order: { id: order.id, reference: order.reference, title, amount: formatAmount(order.amount / 100) },
    state,
    checkout: state === "paid" || state === "confirming" ? null : checkoutOf(config, order, title, origin),
  };
}

function stateOf(order: OrderRow, outcome: string | null, now: Date): PayState {
  if (order.status === "paid") return "paid";
  if (order.returnedAt && outcome === null)
    return now.getTime() - order.returnedAt.getTime() < CONFIRMING_MS ? "confirming" : "stalled";
  if (outcome === "failed" || order.status === "failed") return "failed";
  if (outcome === "cancelled") return "cancelled";
  return "ready";
}

/** What the order pays for, in the account page's words while it is the payment due. */
async function titleOf(order: OrderRow): Promise<string> {
  const account = await getAccount(order.accountId);
  const due = account ? paymentDue(membershipOf(account)) : null;
  return due?.reference === order.reference ? due.title : `Payment ${order.reference}`;
}

function checkoutOf(config: RazorpayConfig, order: OrderRow, title: string, origin: string) {
  return {
    url: config.checkoutUrl,
    scriptUrl: config.scriptUrl,
    keyId: config.keyId,
    name: "Indian Society of Genetics and Plant Breeding",
    description: `${title} (${order.reference})`,
    callbackUrl: `${origin}${PAY_PATH}?return=checkout`,
    cancelUrl: `${origin}${orderPath(order.id, "cancelled")}`,
    failedUrl: orderPath(order.id, "failed"),
  };
}

/**
 * Razorpay's answer to the checkout, posted to `?return=checkout`: a paid one carries the payment
 * and order ids with Razorpay's signature of them under the key secret; a failed one, an error and
 * no signature. A good signature proves Razorpay took a payment for that order; the server then
 * asks Razorpay itself for the payment, and records it if it is captured for the order's amount.
 * Anything else is confirmed by the webhook: the page says "confirming" and refreshes until then.
 * Answers where the browser goes next.
 */
export async function checkoutReturn(request: Request, now = new Date()): Promise<string> {
  const config = razorpayConfig();
  if (!config) return problemPath("unknown-order");
  const fields = await readReturn(request);
  const orderId = fields.get("razorpay_order_id") ?? "";
  const paymentId = fields.get("razorpay_payment_id") ?? "";
  const signature = fields.get("razorpay_signature");
  if (!fields.has("razorpay_signature")) {
    // A failed payment: nothing to verify, nothing recorded; the order's page says so.
    const failedOrder = failedOrderOf(fields);
    return failedOrder ? orderPath(failedOrder, "failed") : problemPath("unverified");
  }
  if (!ORDER_ID.test(orderId) || !PAYMENT_ID.test(paymentId)) return problemPath("unverified");
  if (!checkoutSignatureMatches(config, { orderId, paymentId, signature })) return problemPath("unverified");
  const order = await findOrder(orderId);
  if (!order) return problemPath("unknown-order");
  if (order.status !== "paid") {
    await markReturned(orderId, now);
    try {
      const payment = await fetchPayment(config, paymentId);
      if (payment.order_id === orderId) await recordCapture(payment, siteUrl(request), now);
    } catch (error) {
      // Razorpay did not answer: the webhook confirms it, and the page waits for it.
      console.warn(`checkout return: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return orderPath(orderId);
}

const RETURN_MAX_BYTES = 8192;

async function readReturn(request: Request): Promise<URLSearchParams> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > RETURN_MAX_BYTES) return new URLSearchParams();
  const text = await request.text();
  return new URLSearchParams(text.length > RETURN_MAX_BYTES ? "" : text);
}

/** The order a failed checkout names (`error[metadata]` is JSON with `order_id`, or its own field). */
function failedOrderOf(fields: URLSearchParams): string | null {
  const direct = fields.get("error[metadata][order_id]");
  if (direct && ORDER_ID.test(direct)) return direct;
  try {
    const metadata = JSON.parse(fields.get("error[metadata]") ?? "null") as { order_id?: unknown } | null;
    return typeof metadata?.order_id === "string" && ORDER_ID.test(metadata.order_id)
      ? metadata.order_id
      : null;
  } catch {
    return null;
  }
}
