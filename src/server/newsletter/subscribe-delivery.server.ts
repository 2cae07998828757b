import { inTransaction } from "../db/database.server.ts";
import { signingSecret } from "../env.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import { confirmationMail } from "./newsletter-mails.server.ts";
import { requestSubscription } from "./subscribers.server.ts";

/**
 * A Subscribe that passed the spam guard: the address is stored as pending and mailed its confirm
 * link, in one transaction (no pending address without its mail queued, nor a mail for a request
 * that was not kept). `at` is the day it counts as received (a request released from quarantine
 * keeps its own), so its record and its mail's idempotency key are those it would have had.
 */
export async function deliverSubscribeRequest(email: string, origin: string, at = new Date()) {
  // Rendered before the transaction, which then holds no connection while React renders.
  const confirmation = await confirmationMail(email, origin, signingSecret());
  const stored = await inTransaction(async (tx) => {
    if ((await requestSubscription(email, new Date(), tx)).status !== "pending") return null;
    return storeSubmission("subscribe", { email }, { confirmation }, at, tx);
  });
  if (stored && !stored.duplicate)
    await deliverPending(stored.submission).catch((error) => logMailFailure(stored.submission.id, error));
}
