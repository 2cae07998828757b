/**
 * Membership enrolment, as a JSON API (the sign-up page posts to its route's action, which
 * receives it the same way: src/server/membership/enrolment-form.server.ts).
 *   POST /api/enrol  body: JSON, the fields of the enrolment form (SPEC section 3) plus the spam
 *        guard's fields; indianLanguages may be a list. Checked with the form's own schema, and the
 *        password also against zxcvbn's list of common passwords.
 *   → 200 { message, applicationId, needsPayment, paymentReference } | 400 { error, fields } | 503 { error }
 *     (paymentReference: what to quote with the first payment, null when nothing is to be paid)
 *   A form-urlencoded post is passed on to /sign-up with 307 (method and body kept).
 *   403 cross-site, 413 body over 32 KB, 415 other content types, 405 (Allow: POST) other methods.
 * Env: RESEND_API_KEY, MAIL_FROM, SECRETARIAT_EMAIL, RESEND_TIMEOUT_MS, SIGNING_SECRET, URL (links).
 */
import type { Config } from "@netlify/functions";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { enrolmentForm } from "../../src/server/membership/enrolment-form.server.ts";

export default endpoint({ POST: apiForm(enrolmentForm) });

export const config: Config = {
  path: "/api/enrol",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
