/**
 * Scheduled every 10 minutes: sends the e-mails of stored form submissions that are still
 * pending (Resend failed, was rate-limited or hung when the form was sent), and passes newsletter
 * confirmations and unsubscriptions Resend missed on to its segment. Each mail keeps its
 * submission's idempotency key, so a retry never delivers a mail twice.
 * Env: as /api/contact and /api/subscribe (RESEND_API_KEY, MAIL_FROM, RESEND_TIMEOUT_MS, RESEND_SEGMENT_ID).
 */
import type { Config } from "@netlify/functions";
import { syncPendingSegments } from "../../src/server/newsletter/segment.server.ts";
import { retryPendingMail } from "../../src/server/submissions.server.ts";

export default async () => {
  const { sent, pending } = await retryPendingMail();
  const segment = await syncPendingSegments();
  console.log(
    `retry-mail: ${sent} sent, ${pending} still pending; segment: ${segment.synced} synced, ${segment.pending} pending`,
  );
};

export const config: Config = { schedule: "*/10 * * * *" };
