/**
 * Edge function on the pages that a form sent without JavaScript comes back to with an
 * application id: /sign-up?status=sent&id=…, /approve-payment?status=…&id=…, /account?status=…&id=….
 * They are prerendered and cannot read their URL; this writes the id into the page's placeholder,
 * so it shows without JavaScript too. Only an id of the exact form EN- and ten hex digits is
 * written (nothing else from the URL reaches the page). Env: none.
 */
import type { Config, Context } from "@netlify/edge-functions";
import { APPLICATION_ID_PATTERN, stampApplicationId } from "../../src/shared/enrolment-receipt.ts";

export default async (request: Request, context: Context) => {
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (!url.searchParams.has("status") || !id || !APPLICATION_ID_PATTERN.test(id)) return;
  const response = await context.next();
  if (!response.ok || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = stampApplicationId(await response.text(), id);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("etag");
  headers.set("cache-control", "private, no-cache");
  return new Response(html, { status: response.status, headers });
};

// GET only: a form posting to /approve-payment needs nothing written, and a POST passed through
// an edge function hangs in the local emulator.
export const config: Config = {
  path: ["/sign-up", "/approve-payment", "/account"],
  method: "GET",
  onError: "bypass",
};
