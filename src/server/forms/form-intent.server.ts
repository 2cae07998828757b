import { INTENT_FIELD } from "#shared/form-guard.ts";

/**
 * Which of a page's forms a post is, by its `intent` field (a page with two forms posting to
 * its one action: the link's own button, and "send me a fresh link"). Read from a copy, so the
 * form's spec still reads the whole body.
 */
export async function formIntent(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  const body = await request
    .clone()
    .text()
    .catch(() => "");
  return new URLSearchParams(body).get(INTENT_FIELD);
}
