/**
 * Scheduled every 10 minutes: the outbox's sender. Sends every e-mail still waiting in the outbox
 * (queued by a change whose request could not send it: Resend failed, was rate-limited or hung),
 * in Resend's batches of up to 100, and passes newsletter confirmations and unsubscriptions Resend
 * missed on to its segment. A mail keeps its idempotency key, and a batch that failed goes again
 * whole under its own, so a retry never delivers a mail twice. A mail Resend refused with 429 waits
 * for its Retry-After, and the run stops there. A newsletter issue whose copies have all gone is
 * marked sent, and a broadcast left unsent is taken up again (decision 0017). The run starts no
 * send after 20 s, each send bounded by what is left, so it ends well inside the 30 s a scheduled
 * function is given.
 * Env: as the forms that send mail (RESEND_API_KEY, MAIL_FROM, RESEND_TIMEOUT_MS, RESEND_SEGMENT_ID).
 */
import type { Config } from "@netlify/functions";
import { finishSends } from "../../src/server/newsletter/issues.server.ts";
import { syncPendingSegments } from "../../src/server/newsletter/segment.server.ts";
import { RETRY_RUN_BUDGET_MS, retryPendingMail } from "../../src/server/submissions.server.ts";

export default async () => {
  // One deadline for the whole run (a scheduled function is stopped at 30 s): the mails get it
  // first, the segment sync what is left; whatever is not reached waits for the next run.
  const deadline = Date.now() + RETRY_RUN_BUDGET_MS;
  const { sent, pending, left } = await retryPendingMail({ budgetMs: RETRY_RUN_BUDGET_MS });
  const segment = await syncPendingSegments(deadline);
  // A newsletter issue's copies were queued with its send and went out above with the other mails:
  // an issue whose copies have all gone is marked sent, and a broadcast left unsent goes on.
  const sends = await finishSends(deadline);
  console.log(
    `retry-mail: ${sent} sent, ${pending} still pending, ${left} due left for the next run; segment: ${segment.synced} synced, ${segment.pending} pending; newsletter sends: ${sends.finished} finished, ${sends.broadcasts} broadcasts sent`,
  );
};

export const config: Config = { schedule: "*/10 * * * *" };
