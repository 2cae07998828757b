import { siteUrl } from "../env.server.ts";
import { errorJson, json } from "../http/responses.server.ts";
import { type CaptureOutcome, markFailed, noteEvent, recordCapture } from "./online-payments.server.ts";
import {
  type RazorpayConfig,
  type RazorpayPayment,
  razorpayConfig,
  webhookSignatureMatches,
} from "./razorpay.server.ts";

/**
 * Razorpay's webhook (decision 0052): verified over the raw body's bytes with the webhook secret
 * (never re-serialised JSON), then acted on once per event id. payment.captured and order.paid
 * record the payment; payment.failed marks the order's page; any other event is noted and left.
 * Razorpay retries whatever is not answered 2xx for a day, so a database failure answers 503 and
 * the payment comes again; a refusal (bad signature, not JSON) answers 4xx, and is not retried
 * into success.
 */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

type Envelope = {
  event?: unknown;
  payload?: {
    payment?: { entity?: Partial<RazorpayPayment> };
    order?: { entity?: { id?: unknown } };
  };
};

export type WebhookAnswer = { outcome: CaptureOutcome | "ignored" | "replay" | "failed-attempt" };

export async function receiveWebhook(request: Request, config = razorpayConfig()): Promise<Response> {
  if (!config) return errorJson(404, "Online payments are not set up");
  const raw = Buffer.from(await request.arrayBuffer());
  if (raw.length > WEBHOOK_MAX_BYTES) return errorJson(413, "Too large");
  if (!webhookSignatureMatches(config, raw, request.headers.get("x-razorpay-signature")))
    return errorJson(400, "Signature does not match");
  const eventId = request.headers.get("x-razorpay-event-id")?.trim() ?? "";
  if (!eventId || eventId.length > 100) return errorJson(400, "No event id");
  let envelope: Envelope;
  try {
    envelope = JSON.parse(raw.toString("utf8")) as Envelope;
  } catch {
    return errorJson(400, "Not JSON");
  }
  const answer = await actOn(config, envelope, eventId, siteUrl(request));
  return json(answer, 200);
}

async function actOn(
  _config: RazorpayConfig,
  envelope: Envelope,
  eventId: string,
  origin: string,
): Promise<WebhookAnswer> {
  const event = typeof envelope.event === "string" ? envelope.event : "";
  const mark = { id: eventId, event: event || "unknown" };
  const payment = paymentOf(envelope);
  if ((event === "payment.captured" || event === "order.paid") && payment) {
    return { outcome: await recordCapture(payment, origin, new Date(), mark) };
  }
  if (event === "payment.failed" && payment?.order_id) {
    const fresh = await noteEvent(mark, "failed-attempt");
    if (fresh) await markFailed(payment.order_id);
    return { outcome: fresh ? "failed-attempt" : "replay" };
  }
  return { outcome: (await noteEvent(mark, "ignored")) ? "ignored" : "replay" };
}

/** The payment entity a payment or order event carries, if whole. */
function paymentOf(envelope: Envelope): RazorpayPayment | null {
  const entity = envelope.payload?.payment?.entity;
  if (!entity) return null;
  const { id, order_id, amount, currency, status, created_at } = entity;
  if (typeof id !== "string" || typeof amount !== "number" || typeof currency !== "string") return null;
  if (typeof status !== "string" || typeof created_at !== "number") return null;
  return {
    id,
    order_id: typeof order_id === "string" ? order_id : null,
    amount,
    currency,
    status,
    created_at,
  };
}
