import { inTransaction, type Tx } from "../db/database.server.ts";
import { signingSecret } from "../env.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { deliverPending, logMailFailure, type Submission, storeSubmission } from "../submissions.server.ts";
import { confirmationMail } from "./newsletter-mails.server.ts";
import { requestSubscription } from "./subscribers.server.ts";

/**
 * A Subscribe request, stored in `tx`: the address as pending and its confirm link queued, or
 * nothing (null) when the address is confirmed already or the request was stored before. `at` is
 * the day it counts as received (a request released from quarantine keeps its own), so its record
 * and its mail's idempotency key are those it would have had. The mail is rendered by the caller,
 * so the transaction holds no connection while React renders.
 */
export async function storeSubscribeRequest(
  email: string,
  confirmation: Mail,
  at: Date,
  tx: Tx,
): Promise<Submission<{ email: string }> | null> {
  if ((await requestSubscription(email, new Date(), tx)).status !== "pending") return null;
  const { submission, duplicate } = await storeSubmission("subscribe", { email }, { confirmation }, at, tx);
  return duplicate ? null : submission;
}

/** The confirm-link mail of a Subscribe request, rendered before its transaction. */
export const subscribeConfirmation = (email: string, origin: string) =>
  confirmationMail(email, origin, signingSecret());

/**
 * A Subscribe that passed the spam guard: stored with its mail in one transaction (no pending
 * address without its mail queued, nor a mail for a request that was not kept), sent after it.
 */
export async function deliverSubscribeRequest(email: string, origin: string, at = new Date()) {
  const confirmation = await subscribeConfirmation(email, origin);
  const submission = await inTransaction((tx) => storeSubscribeRequest(email, confirmation, at, tx));
  if (submission) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
}
