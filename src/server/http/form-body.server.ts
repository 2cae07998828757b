import { errorJson } from "./responses.server.ts";

export type FormBody = { isForm: boolean; input: Record<string, unknown> };

/** More than any field takes (bodyLimitFor): a paste far longer than the field, or no form of ours. */
export const TOO_LARGE = "The form is too large to send. Please shorten the longest text and try again.";

/**
 * Reads a form post sent as JSON or form-urlencoded (the no-JavaScript path). A field posted
 * several times (a multi-select) becomes an array. Answers a ready error Response for a body that
 * is too large (413), of another type (415) or not an object (400).
 */
export async function readFormBody(request: Request, maxBytes: number): Promise<FormBody | Response> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  const isForm = type === "application/x-www-form-urlencoded";
  if (type !== "application/json" && !isForm)
    return errorJson(415, "Send the form as JSON or form-urlencoded");
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return errorJson(413, TOO_LARGE);
  const body = await request.text();
  if (new TextEncoder().encode(body).length > maxBytes) return errorJson(413, TOO_LARGE);
  if (isForm) {
    // No prototype: a field named __proto__ is then a field like any other (and refused as unknown).
    const input: Record<string, unknown> = Object.create(null);
    for (const [name, value] of new URLSearchParams(body)) {
      const previous = input[name];
      input[name] = previous === undefined ? value : [previous, value].flat();
    }
    return { isForm, input };
  }
  try {
    const input: unknown = JSON.parse(body);
    if (typeof input === "object" && input !== null && !Array.isArray(input))
      return { isForm, input: input as Record<string, unknown> };
  } catch {}
  return errorJson(400, "The request body is not a JSON object");
}
