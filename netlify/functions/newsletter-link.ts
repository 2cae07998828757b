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
import type { Config, Context } from "@netlify/functions";
import { signingSecret } from "../../src/server/env.server.ts";
import { readFormBody, seeOther } from "../../src/server/form-body.server.ts";
import { errorJson, json, methodNotAllowed, NO_STORE } from "../../src/server/http.server.ts";
import { emailFromLink } from "../../src/server/newsletter/newsletter-mails.server.ts";
import { syncSegment } from "../../src/server/newsletter/segment.server.ts";
import { changeSubscription } from "../../src/server/newsletter/subscribers.server.ts";
import { crossSiteRefusal } from "../../src/server/same-origin.server.ts";
import { isNewsletterAction, NEWSLETTER_OUTCOMES } from "../../src/shared/newsletter.ts";

const MAX_BODY_BYTES = 4 * 1024;

export default async (request: Request, context: Context) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const action = context.params.action;
  if (!isNewsletterAction(action)) return errorJson(404, "Not found");
  const refusal = crossSiteRefusal(request);
  if (refusal) return refusal;
  const body = await readFormBody(request, MAX_BODY_BYTES);
  if (body instanceof Response) return body;
  const { input, isForm } = body;
  // The page's script sends the token in the body; a plain form and mail programs keep it in the URL.
  const token =
    (input as { token?: unknown } | null)?.token ?? new URL(request.url).searchParams.get("token");

  const email = await emailFromLink(action, token, signingSecret());
  if (!email) {
    if (isForm) return seeOther("/newsletter?status=link");
    return errorJson(400, NEWSLETTER_OUTCOMES.link);
  }
  const subscriber = await changeSubscription(email, action === "confirm" ? "subscribed" : "unsubscribed");
  await syncSegment(subscriber); // a failure is left for the retry job
  const outcome = action === "confirm" ? "confirmed" : "unsubscribed";
  if (isForm) return seeOther(`/newsletter?status=${outcome}`);
  return json({ message: NEWSLETTER_OUTCOMES[outcome] }, 200, NO_STORE);
};

export const config: Config = {
  path: ["/api/subscribe/:action", "/newsletter/:action"],
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
