/**
 * Razorpay's webhook (decision 0052), set in Razorpay's dashboard with the events payment.captured,
 * order.paid and payment.failed, and a secret of its own (RAZORPAY_WEBHOOK_SECRET).
 *   POST /api/razorpay-webhook, the raw JSON body Razorpay signed, headers X-Razorpay-Signature
 *   (HMAC-SHA256 of the body, hex) and X-Razorpay-Event-Id
 *   → 200 { outcome }: recorded | already | duplicate | mismatch | not-captured | failed-attempt |
 *     ignored | replay (every one final: Razorpay need not send it again)
 *   | 400 a signature that does not match, no event id, not JSON | 413 too large
 *   | 404 online payments not set up (no keys) | 503 the records could not be reached: Razorpay
 *     retries for a day, and the same event then changes nothing twice.
 * A payment is recorded once whatever arrives first or how often: the event id, Razorpay's
 * payment id and the payment reference are unique keys in the records.
 * Env: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET; those of the mails.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { receiveWebhook } from "../../src/server/payments/razorpay-webhook.server.ts";

export default endpoint({ POST: (request) => receiveWebhook(request) }, { content: true });

export const config: Config = { path: "/api/razorpay-webhook" };
