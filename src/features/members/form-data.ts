// Posted fields are read the way the API client reads them (one definition, in src/client).
export { formFields } from "#client/api-client.ts";

export type Answer = { ok: boolean; status: number; body: Record<string, unknown> };

/** POSTs JSON to one of the site's functions and reads its JSON answer (an empty one if none). */
export async function postJson(url: string, data: unknown): Promise<Answer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(data),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, body };
}

export const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
