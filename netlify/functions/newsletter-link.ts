/**
 * Step two of double opt-in, and unsubscribing, as a JSON API (the links' own pages post to their
 * route's action: src/app/routes/newsletter-link.tsx, the same spec).
 *   POST /api/subscribe/confirm | /api/subscribe/unsubscribe  body: JSON { token }
 *        → 200 { message } | 400 { error } (a forged, mangled or expired link)
 *   403 for a browser's cross-site post (mail programs post from their servers, without
 *   Origin or Sec-Fetch-Site, and pass). 404 for another action.
 * Env: SIGNING_SECRET; RESEND_API_KEY and RESEND_SEGMENT_ID to keep the Resend segment in step.
 */
import type { Config, Context } from "@netlify/functions";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson } from "../../src/server/http/responses.server.ts";
import { newsletterLinkForm } from "../../src/server/newsletter/link-post.server.ts";
import { isNewsletterAction } from "../../src/shared/newsletter.ts";

export default endpoint({
  POST: (request: Request, context: Context) => {
    const action = context.params.action;
    if (!isNewsletterAction(action)) return errorJson(404, "Not found");
    return apiForm(newsletterLinkForm(action))(request, context);
  },
});

export const config: Config = {
  path: "/api/subscribe/:action",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
