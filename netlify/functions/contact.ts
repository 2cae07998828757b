/**
 * Contact form.
 *   POST /api/contact  body: JSON or form-urlencoded { first_name, last_name, email, phone_number,
 *        message } plus the spam guard's fields
 *   JSON → 200 { message, id } | 400 { error, fields } | 503 { error } with Retry-After
 *   form → 303 to /contact-us?status=sent | 400/503: the contact page again, filled in as typed,
 *          each error beside its field (the form works without JavaScript)
 *   403 sent from another site, 413 body over 16 KB, 415 other content types, 405 other methods.
 * The message is stored in Blobs before success is reported; the secretariat's copy and the
 * sender's acknowledgement follow, and a mail not sent within the request's budget stays pending
 * for the retry job (same id = one record). Spam (a filled honeypot; a missing, forged, old,
 * too fresh or already used form token) is quarantined with its reason and answered like real mail.
 * Env: RESEND_API_KEY (unset: mail goes to the Blobs outbox), MAIL_FROM, SECRETARIAT_EMAIL,
 *      RESEND_TIMEOUT_MS, SIGNING_SECRET.
 */
import type { Config } from "@netlify/functions";
import { contactMails } from "../../src/server/contact/contact-mails.server.ts";
import { readEnv } from "../../src/server/env.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../../src/server/submissions.server.ts";
import { CONTACT_SENT } from "../../src/shared/forms/contact-fields.ts";
import { contactMessageSchema } from "../../src/shared/schemas/contact.ts";

const sent = (id: string): FormAnswer => ({
  ok: true,
  body: { message: CONTACT_SENT, id },
  redirect: "/contact-us?status=sent",
});

export default endpoint({
  POST: formPost({
    action: "/api/contact",
    page: "/contact-us",
    schema: contactMessageSchema,
    maxBytes: 16 * 1024,
    guard: { screen: "token", kind: "contact", disguise: sent },
    unavailable: "Your message was not sent: we could not store it just now. Please try again in a minute.",
    async handle(message) {
      const mails = await contactMails(message, readEnv().SECRETARIAT_EMAIL);
      const { submission, duplicate } = await storeSubmission("contact", message, mails);
      // Stored: from here the visitor hears success whatever the mail service (or the record of
      // its outcome) does; the retry job finds the mail still pending.
      if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
      return sent(submission.id);
    },
  }),
});

export const config: Config = {
  path: "/api/contact",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
