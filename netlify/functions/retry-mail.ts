/**
 * Scheduled every 10 minutes: sends the e-mails of stored form submissions that are still
 * pending (Resend failed, was rate-limited or hung when the form was sent). Each keeps its
 * submission's idempotency key, so a retry never delivers a mail twice.
 * Env: as /api/contact (RESEND_API_KEY, MAIL_FROM, RESEND_TIMEOUT_MS).
 */
import type { Config } from "@netlify/functions";
import { retryPendingMail } from "../../src/server/submissions.server.ts";

export default async () => {
  const { sent, pending } = await retryPendingMail();
  console.log(`retry-mail: ${sent} sent, ${pending} still pending`);
};

export const config: Config = { schedule: "*/10 * * * *" };
