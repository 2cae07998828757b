/**
 * Contact form.
 *   POST /api/contact  body: JSON or form-urlencoded { first_name, last_name, email, phone_number, message }
 *   JSON   → 200 { message, id } | 400 { error, fields }
 *   form   → 303 to /contact-us?status=sent | /contact-us?status=invalid (the form works without JavaScript)
 *   403 sent from another site, 413 body over 16 KB, 415 other content types, 405 (Allow: POST) other methods.
 * The message is stored in Blobs before success is reported; the secretariat's copy and the
 * sender's acknowledgement follow, and a failed e-mail stays pending (same id = one record).
 * Spam (a filled honeypot, a missing, forged, old or too-fresh form token) is quarantined with its
 * reason and answered exactly like real mail.
 * Env: RESEND_API_KEY (unset: mail goes to the Blobs outbox), MAIL_FROM, SECRETARIAT_EMAIL,
 *      RESEND_TIMEOUT_MS, SIGNING_SECRET.
 */
import type { Config } from "@netlify/functions";
import { contactMails } from "../../src/server/contact/contact-mails.server.ts";
import { readEnv, signingSecret } from "../../src/server/env.server.ts";
import { readFormBody, seeOther } from "../../src/server/form-body.server.ts";
import { errorJson, json, methodNotAllowed, NO_STORE } from "../../src/server/http.server.ts";
import { crossSiteRefusal } from "../../src/server/same-origin.server.ts";
import { screenSubmission } from "../../src/server/spam/form-guard.server.ts";
import {
  deliverPending,
  quarantineSubmission,
  storeSubmission,
} from "../../src/server/submissions.server.ts";
import { contactMessageSchema, fieldErrors } from "../../src/shared/schemas/contact.ts";

const MAX_BODY_BYTES = 16 * 1024;

export default async (request: Request) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const refusal = crossSiteRefusal(request);
  if (refusal) return refusal;
  const body = await readFormBody(request, MAX_BODY_BYTES);
  if (body instanceof Response) return body;
  const { input, isForm } = body;

  const { fields, suspicion } = await screenSubmission(input, signingSecret());
  const parsed = contactMessageSchema.safeParse(fields);
  if (!parsed.success) {
    if (isForm) return seeOther("/contact-us?status=invalid");
    return errorJson(400, "Please correct the highlighted fields.", {}, fieldErrors(parsed.error));
  }

  if (suspicion) {
    const { id } = await quarantineSubmission("contact", parsed.data, suspicion);
    return sent(isForm, id);
  }
  const mails = contactMails(parsed.data, readEnv().SECRETARIAT_EMAIL);
  const { submission, duplicate } = await storeSubmission("contact", parsed.data, mails);
  // Stored: from here the visitor hears success whatever the mail service does.
  if (!duplicate) await deliverPending(submission);
  return sent(isForm, submission.id);
};

function sent(isForm: boolean, id: string): Response {
  if (isForm) return seeOther("/contact-us?status=sent");
  return json({ message: "Thank you. Your message has been sent to the secretariat.", id }, 200, NO_STORE);
}

export const config: Config = {
  path: "/api/contact",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
