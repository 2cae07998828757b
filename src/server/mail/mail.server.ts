import { getStore } from "@netlify/blobs";
import { Resend } from "resend";
import { readEnv } from "../env.server.ts";

export type Mail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers from our own code (List-Unsubscribe), never from user input. */
  headers?: Record<string, string>;
};

export type MailResult = { sent: true; id: string } | { sent: false; error: string };

/** Every mail the site would send, kept in Blobs when no RESEND_API_KEY is set (development). */
export const outbox = () => getStore({ name: "outbox", consistency: "strong" });

function timeout(ms: number): Promise<MailResult> {
  return new Promise((resolve) =>
    setTimeout(() => resolve({ sent: false, error: `no answer in ${ms} ms` }), ms),
  );
}

/**
 * Sends one mail. With RESEND_API_KEY it goes through Resend with `idempotencyKey`, so a retry
 * of the same mail is delivered once; without it, into the outbox. Never throws: a failure,
 * a rate limit or a hang comes back as `{ sent: false }` and the caller keeps the mail pending.
 */
export async function sendMail(mail: Mail, idempotencyKey: string): Promise<MailResult> {
  const env = readEnv();
  if (!env.RESEND_API_KEY) {
    const key = `${new Date().toISOString()}-${idempotencyKey.replace(/[^\w.-]/g, "_")}`;
    await outbox().setJSON(key, {
      ...mail,
      from: env.MAIL_FROM,
      idempotencyKey,
      at: new Date().toISOString(),
    });
    return { sent: true, id: `outbox:${key}` };
  }
  const resend = new Resend(env.RESEND_API_KEY);
  const attempt = resend.emails
    .send(
      {
        from: env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
        headers: mail.headers,
      },
      { idempotencyKey },
    )
    .then(
      ({ data, error }): MailResult =>
        data ? { sent: true, id: data.id } : { sent: false, error: error?.message ?? "unknown" },
    )
    .catch((error: unknown): MailResult => ({ sent: false, error: String(error) }));
  return Promise.race([attempt, timeout(env.RESEND_TIMEOUT_MS)]);
}
