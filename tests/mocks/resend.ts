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

/** Resend's batch endpoint: up to 100 e-mails a call, answered with an id for each. */
export const RESEND_BATCH = "https://api.resend.com/emails/batch";

export type SentBatch = { emails: Record<string, unknown>[]; idempotencyKey: string | null };

/**
 * The batch endpoint accepting every call, each recorded in `batches` (and each of its e-mails in
 * `each`, as the single endpoint records them). Like Resend: a repeated idempotency key with the
 * same e-mails answers the first call's ids and sends nothing; with other e-mails it is refused (409).
 */
export function resendBatchAccepts(batches: SentBatch[], each: SentMail[] = []) {
  const seen = new Map<string, { body: string; ids: string[] }>();
  return http.post(RESEND_BATCH, async ({ request }) => {
    const idempotencyKey = request.headers.get("idempotency-key");
    const body = await request.text();
    const known = idempotencyKey ? seen.get(idempotencyKey) : undefined;
    if (known && known.body !== body)
      return HttpResponse.json(
        { statusCode: 409, name: "invalid_idempotent_request", message: "Same key, other e-mails" },
        { status: 409 },
      );
    if (known) return HttpResponse.json({ data: known.ids.map((id) => ({ id })) });
    const emails = JSON.parse(body) as Record<string, unknown>[];
    const ids = emails.map((_, index) => `batch-${batches.length + 1}-${index + 1}`);
    batches.push({ emails, idempotencyKey });
    for (const email of emails) each.push({ body: email, idempotencyKey });
    if (idempotencyKey) seen.set(idempotencyKey, { body, ids });
    return HttpResponse.json({ data: ids.map((id) => ({ id })) });
  });
}

/**
 * The batch endpoint taking the call (recorded in `batches`, and remembered under its key) but
 * never answering: a call that timed out after Resend had sent it.
 */
export function resendBatchTakesButHangs(batches: SentBatch[]) {
  return http.post(RESEND_BATCH, async ({ request }) => {
    batches.push({
      emails: (await request.json()) as Record<string, unknown>[],
      idempotencyKey: request.headers.get("idempotency-key"),
    });
    return new Promise<never>(() => {});
  });
}

/** The batch endpoint refusing every call with `status` (and these headers: a 429's Retry-After). */
export const resendBatchFails = (
  status: number,
  headers: Record<string, string> = {},
  calls: { count: number } = { count: 0 },
) =>
  http.post(RESEND_BATCH, () => {
    calls.count++;
    return HttpResponse.json(
      {
        statusCode: status,
        name: status === 429 ? "rate_limit_exceeded" : "application_error",
        message: `failed with ${status}`,
      },
      { status, headers },
    );
  });

export const resendFails = (status: number, name = "application_error") =>
  http.post(RESEND_EMAILS, () =>
    HttpResponse.json({ statusCode: status, name, message: `failed with ${status}` }, { status }),
  );

/** Resend's rate limit: 429 with the headers that say when to come back (`retry-after`, `ratelimit-reset`). */
export const resendRateLimited = (headers: Record<string, string>, calls: { count: number } = { count: 0 }) =>
  http.post(RESEND_EMAILS, () => {
    calls.count++;
    return HttpResponse.json(
      { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" },
      { status: 429, headers },
    );
  });

/** Resend never answers; `onRequest` hears each send as it arrives. */
export const resendHangs = (onRequest: () => void = () => {}) =>
  http.post(RESEND_EMAILS, () => {
    onRequest();
    return new Promise<never>(() => {});
  });

export type ContactCall = { method: string; path: string; body: Record<string, unknown> | null };

/** Resend's contacts API: records each call; a contact created twice answers 409 like Resend. */
export function resendContacts(calls: ContactCall[]) {
  const known = new Set<string>();
  const record = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
    return path;
  };
  return [
    http.post("https://api.resend.com/contacts", async ({ request }) => {
      await record(request);
      const email = String(calls.at(-1)?.body?.email);
      if (known.has(email))
        return HttpResponse.json(
          { statusCode: 409, name: "conflict", message: "Contact already exists" },
          { status: 409 },
        );
      known.add(email);
      return HttpResponse.json({ object: "contact", id: `contact-${known.size}` });
    }),
    http.patch("https://api.resend.com/contacts/:email", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ object: "contact", id: "contact-updated" });
    }),
    http.post("https://api.resend.com/contacts/:email/segments/:segment", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ id: "membership" });
    }),
  ];
}

/** The contacts API never answers; `onRequest` hears each call as it arrives. */
export const resendContactsHang = (onRequest: () => void = () => {}) =>
  http.all("https://api.resend.com/contacts*", () => {
    onRequest();
    return new Promise<never>(() => {});
  });

export const resendContactsFail = () =>
  http.all("https://api.resend.com/contacts*", () =>
    HttpResponse.json({ statusCode: 500, name: "application_error", message: "down" }, { status: 500 }),
  );

export type BroadcastCall = { method: string; path: string; body: Record<string, unknown> | null };

/**
 * Resend's broadcasts API: create (a draft), read, send. `failSends` sends answer 500 first, as a
 * send interrupted before its answer; a broadcast sent twice answers 422, as Resend would.
 */
export function resendBroadcasts(calls: BroadcastCall[], options: { failSends?: number } = {}) {
  const status = new Map<string, string>();
  let failSends = options.failSends ?? 0;
  const record = async (request: Request) => {
    const text = request.method === "GET" ? "" : await request.text();
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    });
  };
  return [
    http.post("https://api.resend.com/broadcasts", async ({ request }) => {
      await record(request);
      const id = `broadcast-${status.size + 1}`;
      status.set(id, "draft");
      return HttpResponse.json({ id });
    }),
    http.get("https://api.resend.com/broadcasts/:id", async ({ request, params }) => {
      await record(request);
      const found = status.get(String(params.id));
      if (!found)
        return HttpResponse.json(
          { statusCode: 404, name: "not_found", message: "no such broadcast" },
          { status: 404 },
        );
      return HttpResponse.json({ object: "broadcast", id: params.id, status: found });
    }),
    http.post("https://api.resend.com/broadcasts/:id/send", async ({ request, params }) => {
      await record(request);
      if (failSends > 0) {
        failSends--;
        return HttpResponse.json(
          { statusCode: 500, name: "application_error", message: "down" },
          { status: 500 },
        );
      }
      if (status.get(String(params.id)) !== "draft")
        return HttpResponse.json(
          { statusCode: 422, name: "validation_error", message: "already sent" },
          { status: 422 },
        );
      status.set(String(params.id), "sent");
      return HttpResponse.json({ id: params.id });
    }),
  ];
}
