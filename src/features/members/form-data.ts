/** The fields of a form as the server reads a posted one: a repeated name becomes an array. */
export function formFields(form: HTMLFormElement): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string") continue;
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [previous, value].flat();
  }
  return fields;
}

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
