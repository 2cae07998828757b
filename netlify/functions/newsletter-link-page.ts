/**
 * The newsletter links' own address, posted to without JavaScript.
 *   POST /newsletter/confirm?token=… | /newsletter/unsubscribe?token=…  (the link page's form, and
 *        mail programs' one-click unsubscribe, RFC 8058: body List-Unsubscribe=One-Click)
 *        → 303 to /newsletter?status=confirmed | unsubscribed | link
 *   403 for a browser's cross-site post (mail programs post from their servers, without Origin or
 *   Sec-Fetch-Site, and pass).
 * Only POST: a GET of the same address is the prerendered page with the button. So this is the one
 * function with a `method` in its config.
 * Env: SIGNING_SECRET; RESEND_API_KEY and RESEND_SEGMENT_ID to keep the Resend segment in step.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { newsletterLinkPost } from "../../src/server/newsletter/link-post.server.ts";

export default endpoint({ POST: newsletterLinkPost });

export const config: Config = {
  path: "/newsletter/:action",
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
