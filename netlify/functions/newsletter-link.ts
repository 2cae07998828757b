/**
 * Step two of double opt-in, and unsubscribing: the links in our e-mails open a page whose button
 * posts back here, so a mail scanner fetching the link changes nothing.
 *   POST /api/subscribe/confirm | /api/subscribe/unsubscribe  body: JSON { token }
 *        → 200 { message } | 400 { error } (a forged, mangled or expired link)
 *   POST /newsletter/confirm?token=… | /newsletter/unsubscribe?token=…  (the page's form without
 *        JavaScript, and mail programs' one-click unsubscribe, RFC 8058)
 *        → 303 to /newsletter?status=confirmed | unsubscribed | link
 *   403 for a browser's cross-site post (mail programs post from their servers, without
 *   Origin or Sec-Fetch-Site, and pass).
 * Env: SIGNING_SECRET; RESEND_API_KEY and RESEND_SEGMENT_ID to keep the Resend segment in step.
 */
import type { Config } from "@netlify/functions";
import { signingSecret } from "../../src/server/env.server.ts";
import { formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { emailFromLink } from "../../src/server/newsletter/newsletter-mails.server.ts";
import { syncSegment } from "../../src/server/newsletter/segment.server.ts";
import { changeSubscription } from "../../src/server/newsletter/subscribers.server.ts";
import { isNewsletterAction, NEWSLETTER_OUTCOMES } from "../../src/shared/newsletter.ts";
import { newsletterLinkSchema } from "../../src/shared/schemas/subscribe.ts";

const linkPost = formPost({
  action: "/newsletter",
  page: "/newsletter",
  schema: newsletterLinkSchema,
  maxBytes: 4 * 1024,
  unavailable:
    "Nothing was changed: we could not reach our records just now. Please open the link again in a minute.",
  async handle(data, { request, context }) {
    const action = context.params.action;
    if (!isNewsletterAction(action)) return { ok: false, status: 404, error: "Not found" };
    // The page's script sends the token in the body; a plain form and mail programs keep it in the URL.
    const token = data.token ?? new URL(request.url).searchParams.get("token");
    const email = await emailFromLink(action, token, signingSecret());
    if (!email)
      return { ok: false, status: 400, error: NEWSLETTER_OUTCOMES.link, redirect: "/newsletter?status=link" };
    const subscriber = await changeSubscription(email, action === "confirm" ? "subscribed" : "unsubscribed");
    await syncSegment(subscriber); // a failure is left for the retry job
    const outcome = action === "confirm" ? "confirmed" : "unsubscribed";
    return {
      ok: true,
      body: { message: NEWSLETTER_OUTCOMES[outcome] },
      redirect: `/newsletter?status=${outcome}`,
    };
  },
});

export default endpoint({ POST: linkPost });

export const config: Config = {
  path: ["/api/subscribe/:action", "/newsletter/:action"],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
