/**
 * Edge function on the pages a single-use account link opens: /reset-password?token=… and
 * /account/confirm-email?token=…. They are prerendered and cannot read their URL; this writes the
 * token into the page's form (a hidden field), so the form posts it without JavaScript too. Only a
 * token of the signed-token shape is written; nothing else from the URL reaches the page. Opening
 * the page spends nothing: only the form's POST does. Env: none.
 */
import type { Config, Context } from "@netlify/edge-functions";
import { LINK_TOKEN_PATTERN, stampLinkToken } from "../../src/shared/account-recovery.ts";

export default async (request: Request, context: Context) => {
  const token = new URL(request.url).searchParams.get("token");
  if (!token || !LINK_TOKEN_PATTERN.test(token)) return;
  const response = await context.next();
  if (!response.ok || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = stampLinkToken(await response.text(), token);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("etag");
  // The token is the visitor's own: never kept by a shared cache.
  headers.set("cache-control", "private, no-store");
  return new Response(html, { status: response.status, headers });
};

// GET only: a POST passed through an edge function hangs in the local emulator.
export const config: Config = {
  path: ["/reset-password", "/account/confirm-email"],
  method: "GET",
  onError: "bypass",
};
