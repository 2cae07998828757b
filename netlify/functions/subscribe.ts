/**
 * The footer's Subscribe box, step one of double opt-in.
 *   POST /api/subscribe  body: JSON or form-urlencoded { email }
 *   JSON → 200 { message } | 400 { error, fields } | 503 { error } with Retry-After
 *   form → 303 to /newsletter?status=pending | 400/503: the newsletter page with the box filled in
 *          and the error beside it
 *   403 cross-site, 413, 415, 405 as /api/contact.
 * The request is stored (the address as pending, and the confirmation e-mail as a submission,
 * retried until sent), then the e-mail with the signed confirm link goes out. The same address
 * twice in a day is one e-mail; an address already confirmed gets none. Every case answers the
 * same, so the box never tells who is subscribed. A filled honeypot is quarantined.
 * Env: RESEND_API_KEY, MAIL_FROM, RESEND_TIMEOUT_MS, SIGNING_SECRET, URL (the site's address for links).
 */
import type { Config } from "@netlify/functions";
import { siteUrl } from "../../src/server/env.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { deliverSubscribeRequest } from "../../src/server/newsletter/subscribe-delivery.server.ts";
import { NEWSLETTER_OUTCOMES } from "../../src/shared/newsletter.ts";
import { subscribeSchema } from "../../src/shared/schemas/subscribe.ts";

const pending: FormAnswer = {
  ok: true,
  body: { message: NEWSLETTER_OUTCOMES.pending },
  redirect: "/newsletter?status=pending",
};

export default endpoint({
  POST: formPost({
    action: "/api/subscribe",
    page: "/newsletter",
    schema: subscribeSchema,
    maxBytes: 2 * 1024,
    guard: { screen: "honeypot", kind: "subscribe", disguise: () => pending },
    invalid: NEWSLETTER_OUTCOMES.invalid,
    unavailable:
      "You are not subscribed yet: we could not store your address just now. Please try again in a minute.",
    async handle({ email }, { request }) {
      await deliverSubscribeRequest(email, siteUrl(request));
      return pending;
    },
  }),
});

export const config: Config = {
  path: "/api/subscribe",
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
