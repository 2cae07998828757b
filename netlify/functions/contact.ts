/**
 * Contact form, as a JSON API (the contact page's own form posts to its route's action, which
 * receives it the same way: src/server/contact/contact-form.server.ts).
 *   POST /api/contact  body: JSON { first_name, last_name, email, phone_number, message } plus the
 *        spam guard's fields (form_token from GET /api/form-token, reference left empty)
 *   → 200 { message, id } | 400 { error, fields } | 503 { error } with Retry-After
 *   A form-urlencoded post is passed on to /contact-us with 307 (method and body kept).
 *   403 sent from another site, 415 other content types, 405 other methods, 413 a body over the
 *   form's limit, bodyLimitFor(CONTACT_FIELDS): every field full of characters that take 9 bytes
 *   each once percent-encoded, plus 4 KB (53,407 bytes with today's fields).
 * Env: RESEND_API_KEY (unset: mail goes to the Blobs outbox), MAIL_FROM, SECRETARIAT_EMAIL,
 *      RESEND_TIMEOUT_MS, SIGNING_SECRET.
 */
import type { Config } from "@netlify/functions";
import { contactForm } from "../../src/server/contact/contact-form.server.ts";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";

export default endpoint({ POST: apiForm(contactForm) });

export const config: Config = {
  path: "/api/contact",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
