import { NEWSLETTER_OUTCOMES } from "#shared/newsletter.ts";
import { subscribeSchema } from "#shared/schemas/subscribe.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { deliverSubscribeRequest } from "./subscribe-delivery.server.ts";

const pending: FormAnswer = {
  ok: true,
  message: NEWSLETTER_OUTCOMES.pending,
  redirect: "/newsletter?status=pending",
};

/**
 * The footer's Subscribe box, step one of double opt-in: the address is stored as pending and
 * mailed its confirm link. Every case answers the same, so the box never tells who is subscribed;
 * a filled honeypot is quarantined. The newsletter page's action.
 */
export const subscribeForm: FormSpec<typeof subscribeSchema> = {
  name: "subscribe",
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
};
