import { errorJson, NO_STORE } from "./http.server.ts";

/** A form's body, read the same way by every form function. */
export type FormBody = { ok: true; input: unknown; isForm: boolean } | { ok: false; response: Response };

/**
 * Reads a POSTed form as JSON (sent by the page's script) or form-urlencoded (a plain form post,
 * without JavaScript). Answers 415 for another content type, 413 past `maxBytes` and 400 for
 * JSON that does not parse.
 */
export async function readFormBody(request: Request, maxBytes: number): Promise<FormBody> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  const isForm = type === "application/x-www-form-urlencoded";
  if (type !== "application/json" && !isForm)
    return { ok: false, response: errorJson(415, "Send the form as JSON or form-urlencoded") };
  const tooLarge = { ok: false, response: errorJson(413, "The message is too large") } as const;
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return tooLarge;
  const body = await request.text();
  if (new TextEncoder().encode(body).length > maxBytes) return tooLarge;
  try {
    return {
      ok: true,
      input: isForm ? Object.fromEntries(new URLSearchParams(body)) : JSON.parse(body),
      isForm,
    };
  } catch {
    return { ok: false, response: errorJson(400, "The request body is not valid JSON") };
  }
}

/** Sends a browser that posted a form without JavaScript on to the page that shows the outcome. */
export const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, ...NO_STORE } });
