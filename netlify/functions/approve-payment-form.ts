/**
 * The payment-approval page's buttons without JavaScript: the page's form has no action, so it
 * posts to its own URL, /approve-payment?token=…; GETs of that path still get the prerendered page.
 *   POST /approve-payment?token=…  body: form-urlencoded { amount } ('Mark payment received': the
 *        rupees received, whole, 1 to 10,00,000, commas allowed) or { action: "renew" }
 *   → 303 to /approve-payment?status=approved | already | renewed | active | expired | invalid |
 *     gone | rejected, with &id=<application id> (and &token=… for an expired link, to ask for a
 *     fresh one) | 400: the page again with the amount as typed and the error beside it (nothing
 *     recorded) | 503: the same page, kept as typed, with Retry-After
 *   403 cross-site, 413, 415 (not form-urlencoded), 405 (Allow: POST).
 * The same form as POST /api/payment-approval (approvalForm). Env: SIGNING_SECRET, URL, and the
 * mail settings of /api/enrol.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson } from "../../src/server/http/responses.server.ts";
import { approvalForm } from "../../src/server/membership/payment-approval.server.ts";

export default endpoint({
  POST: (request, context) =>
    request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")
      ? approvalForm(request, context)
      : errorJson(415, "Send the form as form-urlencoded"),
});

export const config: Config = { path: "/approve-payment", method: "POST" };
