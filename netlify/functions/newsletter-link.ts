/**
 * Step two of double opt-in, and unsubscribing, for the page's script: the links in our e-mails
 * open a page whose button posts back here, so a mail scanner fetching the link changes nothing.
 *   POST /api/subscribe/confirm | /api/subscribe/unsubscribe  body: JSON { token }
 *        → 200 { message } | 400 { error } (a forged, mangled or expired link)
 *   (POST /newsletter/:action, the links' own address, is newsletter-link-page.ts)
 *   403 for a browser's cross-site post (mail programs post from their servers, without
 *   Origin or Sec-Fetch-Site, and pass).
 * Env: SIGNING_SECRET; RESEND_API_KEY and RESEND_SEGMENT_ID to keep the Resend segment in step.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { newsletterLinkPost } from "../../src/server/newsletter/link-post.server.ts";

export default endpoint({ POST: newsletterLinkPost });

export const config: Config = {
  path: "/api/subscribe/:action",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
