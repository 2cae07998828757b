import type { ContactMessage } from "#shared/schemas/contact.ts";
import { readEnv } from "../env.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import { contactMails } from "./contact-mails.server.ts";

/**
 * A contact message that passed the spam guard: stored with its two e-mails, then sent. `at` is
 * the day it counts as received (a message released from quarantine keeps its own), so its record
 * and its mails' idempotency keys are those it would have had.
 */
export async function deliverContactMessage(message: ContactMessage, at = new Date()) {
  const mails = await contactMails(message, readEnv().SECRETARIAT_EMAIL);
  const { submission, duplicate } = await storeSubmission("contact", message, mails, at);
  // Stored: from here the visitor hears success whatever the mail service (or the record of
  // its outcome) does; the retry job finds the mail still pending.
  if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
  return submission;
}
