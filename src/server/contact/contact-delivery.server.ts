import type { ContactMessage } from "#shared/schemas/contact.ts";
import type { Tx } from "../db/database.server.ts";
import { readEnv } from "../env.server.ts";
import { deliverPending, logMailFailure, type Submission, storeSubmission } from "../submissions.server.ts";
import { contactMails } from "./contact-mails.server.ts";

/**
 * Stores a contact message with its two e-mails queued, in one transaction (the caller's, when
 * it gives one: a message released from quarantine is stored with the release). `at` is the day
 * it counts as received (a released message keeps its own), so its record and its mails'
 * idempotency keys are those it would have had. Answers the submission, or null when it was
 * stored already (a double click: nothing more to send).
 */
export async function storeContactMessage(
  message: ContactMessage,
  at = new Date(),
  tx?: Tx,
): Promise<Submission<ContactMessage> | null> {
  const mails = await contactMails(message, readEnv().SECRETARIAT_EMAIL);
  const { submission, duplicate } = await storeSubmission("contact", message, mails, at, tx);
  return duplicate ? null : submission;
}

/**
 * A contact message that passed the spam guard: stored with its two e-mails, then sent once the
 * store has committed. Stored: from here the visitor hears success whatever the mail service (or
 * the record of its outcome) does; the scheduled sender finds the mail still waiting.
 */
export async function deliverContactMessage(message: ContactMessage, at = new Date()) {
  const submission = await storeContactMessage(message, at);
  if (submission) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
  return submission;
}
