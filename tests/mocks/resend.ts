import { HttpResponse, http } from "msw";

/** msw handlers for Resend's API. `sent` records every e-mail the API accepted. */
export const RESEND_EMAILS = "https://api.resend.com/emails";

export type SentMail = { body: Record<string, unknown>; idempotencyKey: string | null };

export function resendAccepts(sent: SentMail[]) {
  const seenKeys = new Map<string, string>();
  return http.post(RESEND_EMAILS, async ({ request }) => {
    const idempotencyKey = request.headers.get("idempotency-key");
    // Like Resend: a repeated idempotency key answers the first e-mail's id and sends nothing.
    const known = idempotencyKey ? seenKeys.get(idempotencyKey) : undefined;
    if (known) return HttpResponse.json({ id: known });
    const id = `email-${sent.length + 1}`;
    sent.push({ body: (await request.json()) as Record<string, unknown>, idempotencyKey });
    if (idempotencyKey) seenKeys.set(idempotencyKey, id);
    return HttpResponse.json({ id });
  });
}

export const resendFails = (status: number, name = "application_error") =>
  http.post(RESEND_EMAILS, () =>
    HttpResponse.json({ statusCode: status, name, message: `failed with ${status}` }, { status }),
  );

export const resendHangs = () => http.post(RESEND_EMAILS, () => new Promise<never>(() => {}));
