import { Resend } from "resend";
import { readEnv } from "../env.server.ts";
import type { ReceiptDocument } from "../receipts/receipts.server.ts";
import { withinTime } from "../time-limit.server.ts";

/**
 * A file a mail carries, kept in its outbox row as the data it is drawn from (a receipt's: a few
 * hundred bytes) and drawn when the mail is sent (decision 0055). Resend's batch call takes no
 * attachments: a mail with one is always sent on its own.
 */
export type MailAttachment = { filename: string; receipt: ReceiptDocument };

export type Mail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers from our own code (List-Unsubscribe), never from user input. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};

/** Whether a mail must go on its own call (Resend's batch takes no attachments). */
export const sentAlone = (mail: Mail) => (mail.attachments?.length ?? 0) > 0;

/** The mail's attachments as Resend takes them: each file drawn now, from its data. */
async function renderedAttachments(mail: Mail) {
  if (!mail.attachments?.length) return undefined;
  // Loaded only when a mail carries a receipt: the PDF renderer is large, and every request that
  // sends mail would otherwise load it at start.
  const { renderReceiptPdf } = await import("../receipts/receipt-pdf.server.ts");
  return Promise.all(
    mail.attachments.map(async (attachment) => ({
      filename: attachment.filename,
      content: await renderReceiptPdf(attachment.receipt),
      contentType: "application/pdf",
    })),
  );
}

/** A mail as Resend's API takes it, alone or in a batch. */
export const resendEmail = (mail: Mail, from: string) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  replyTo: mail.replyTo,
  headers: mail.headers,
});

/** The id of a mail kept in the local outbox, where no Resend key is set. */
export const LOCAL_SENT_PREFIX = "local:";

export type MailResult =
  | { sent: true; id: string }
  /** `retryAfter`: Resend refused with 429 and said when to come back (Retry-After, ratelimit-reset). */
  | { sent: false; error: string; retryAfter?: Date };

/**
 * When a 429 says to come back: `retry-after` (seconds or an HTTP date), else `ratelimit-reset`
 * (seconds). Undefined when neither header is there or readable.
 */
export function retryAfterFrom(
  headers: Record<string, string> | null | undefined,
  now = new Date(),
): Date | undefined {
  const retryAfter = headers?.["retry-after"]?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return new Date(now.getTime() + Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return new Date(date);
  }
  const reset = headers?.["ratelimit-reset"]?.trim();
  if (reset && /^\d+$/.test(reset)) return new Date(now.getTime() + Number(reset) * 1000);
  return undefined;
}

/**
 * Sends one mail. With RESEND_API_KEY it goes through Resend with `idempotencyKey`, so a retry
 * of the same mail is delivered once; without it (development, the tests) nothing leaves: the
 * outbox's row is the record (`npm run outbox` prints them), and its id says so. Resend is given `timeoutMs`
 * (RESEND_TIMEOUT_MS unless the caller has less time left). Never throws: a failure, a rate limit
 * or a hang comes back as `{ sent: false }` and the caller keeps the mail pending.
 */
export async function sendMail(
  mail: Mail,
  idempotencyKey: string,
  timeoutMs = readEnv().RESEND_TIMEOUT_MS,
): Promise<MailResult> {
  const env = readEnv();
  const budget = Math.max(1, Math.ceil(timeoutMs));
  if (!env.RESEND_API_KEY) return { sent: true, id: `${LOCAL_SENT_PREFIX}${idempotencyKey}` };
  const resend = new Resend(env.RESEND_API_KEY);
  const lateError = `no answer in ${budget} ms`;
  let attachments: Awaited<ReturnType<typeof renderedAttachments>>;
  try {
    attachments = await renderedAttachments(mail);
  } catch (error) {
    return { sent: false, error: `the attachment could not be drawn: ${String(error)}` };
  }
  const signal = AbortSignal.timeout(budget);
  const attempt = resend.emails
    .send(
      { ...resendEmail(mail, env.MAIL_FROM), ...(attachments ? { attachments } : {}) },
      // The signal frees the connection of a hung request; the race below answers in time either way.
      { idempotencyKey, signal },
    )
    .then(({ data, error, headers }): MailResult => {
      if (data) return { sent: true, id: data.id };
      if (signal.aborted) return { sent: false, error: lateError };
      const message = error?.message ?? "unknown";
      const retryAfter = error?.statusCode === 429 ? retryAfterFrom(headers) : undefined;
      return retryAfter ? { sent: false, error: message, retryAfter } : { sent: false, error: message };
    })
    .catch((error: unknown): MailResult => ({ sent: false, error: String(error) }));
  // `attempt` never rejects, so a rejection here is the time limit.
  return withinTime(attempt, budget, "Resend").catch((): MailResult => ({ sent: false, error: lateError }));
}
