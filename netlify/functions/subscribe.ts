/**
 * The footer's Subscribe box, step one of double opt-in.
 *   POST /api/subscribe  body: JSON or form-urlencoded { email }
 *   JSON → 200 { message } | 400 { error, fields }
 *   form → 303 to /newsletter?status=pending | /newsletter?status=invalid
 *   403 cross-site, 413, 415, 405 as /api/contact.
 * The request is stored (the address as pending, and the confirmation e-mail as a submission,
 * retried until sent), then the e-mail with the signed confirm link goes out. The same address
 * twice in a day is one e-mail; an address already confirmed gets none. Every case answers the
 * same, so the box never tells who is subscribed. A filled honeypot is quarantined.
 * Env: RESEND_API_KEY, MAIL_FROM, RESEND_TIMEOUT_MS, SIGNING_SECRET, URL (the site's address for links).
 */
import type { Config } from "@netlify/functions";
import { signingSecret, siteUrl } from "../../src/server/env.server.ts";
import { readFormBody, seeOther } from "../../src/server/form-body.server.ts";
import { errorJson, json, methodNotAllowed, NO_STORE } from "../../src/server/http.server.ts";
import { confirmationMail } from "../../src/server/newsletter/newsletter-mails.server.ts";
import { requestSubscription } from "../../src/server/newsletter/subscribers.server.ts";
import { crossSiteRefusal } from "../../src/server/same-origin.server.ts";
import { screenHoneypot } from "../../src/server/spam/form-guard.server.ts";
import {
  deliverPending,
  quarantineSubmission,
  storeSubmission,
} from "../../src/server/submissions.server.ts";
import { NEWSLETTER_OUTCOMES } from "../../src/shared/newsletter.ts";
import { fieldErrors } from "../../src/shared/schemas/contact.ts";
import { subscribeSchema } from "../../src/shared/schemas/subscribe.ts";

const MAX_BODY_BYTES = 2 * 1024;

export default async (request: Request) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const refusal = crossSiteRefusal(request);
  if (refusal) return refusal;
  const body = await readFormBody(request, MAX_BODY_BYTES);
  if (body instanceof Response) return body;
  const { input, isForm } = body;

  const { fields, suspicion } = screenHoneypot(input);
  const parsed = subscribeSchema.safeParse(fields);
  if (!parsed.success) {
    if (isForm) return seeOther("/newsletter?status=invalid");
    return errorJson(400, NEWSLETTER_OUTCOMES.invalid, {}, fieldErrors(parsed.error));
  }
  const { email } = parsed.data;

  if (suspicion) {
    await quarantineSubmission("subscribe", parsed.data, suspicion);
  } else if ((await requestSubscription(email)).status === "pending") {
    const confirmation = await confirmationMail(email, siteUrl(request), signingSecret());
    const { submission, duplicate } = await storeSubmission("subscribe", parsed.data, { confirmation });
    if (!duplicate) await deliverPending(submission);
  }
  if (isForm) return seeOther("/newsletter?status=pending");
  return json({ message: NEWSLETTER_OUTCOMES.pending }, 200, NO_STORE);
};

export const config: Config = {
  path: "/api/subscribe",
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
