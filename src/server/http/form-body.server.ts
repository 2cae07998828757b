import { errorJson } from "./responses.server.ts";

export type FormBody = { isForm: boolean; input: Record<string, unknown> };

/** More than any field takes (bodyLimitFor): a paste far longer than the field, or no form of ours. */
export const TOO_LARGE = "The form is too large to send. Please shorten the longest text and try again.";

/**
 * Reads a form post sent as JSON or form-urlencoded (the no-JavaScript path). A field posted
 * several times (a multi-select) becomes an array. Answers a ready error Response for a body that
 * is too large (413), of another type (415) or not an object (400).
 */
export async function readFormBody(
  request: Request,
  maxBytes: number,
  { files = false }: { files?: boolean } = {},
): Promise<FormBody | Response> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (files && type === "multipart/form-data") return readMultipart(request, maxBytes);
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

/**
 * A form that sends a file (the register's import: `files` in its spec) posts multipart/form-data,
 * with JavaScript and without. Each field as the other forms read it; a file becomes its text
 * (UTF-8), the only kind of file a form of ours takes. Too large: 413, unreadable: 400.
 */
async function readMultipart(request: Request, maxBytes: number): Promise<FormBody | Response> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return errorJson(413, TOO_LARGE);
  const body = await request.arrayBuffer();
  if (body.byteLength > maxBytes) return errorJson(413, TOO_LARGE);
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    return errorJson(400, "The form could not be read");
  }
  const input: Record<string, unknown> = Object.create(null);
  for (const [name, value] of form.entries()) {
    const text = typeof value === "string" ? value : await value.text();
    const previous = input[name];
    input[name] = previous === undefined ? text : [previous, text].flat();
  }
  return { isForm: true, input };
}
