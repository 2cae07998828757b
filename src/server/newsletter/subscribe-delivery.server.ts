import { signingSecret } from "../env.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import { confirmationMail } from "./newsletter-mails.server.ts";
import { requestSubscription } from "./subscribers.server.ts";

/**
 * A Subscribe that passed the spam guard: the address is stored as pending and mailed its confirm
 * link. `at` is the day it counts as received (a request released from quarantine keeps its own),
 * so its record and its mail's idempotency key are those it would have had.
 */
export async function deliverSubscribeRequest(email: string, origin: string, at = new Date()) {
  if ((await requestSubscription(email)).status !== "pending") return;
  const confirmation = await confirmationMail(email, origin, signingSecret());
  const { submission, duplicate } = await storeSubmission("subscribe", { email }, { confirmation }, at);
  if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
}
