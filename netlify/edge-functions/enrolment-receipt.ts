/**
 * Edge function on /sign-up: the enrolment form sent without JavaScript comes back to
 * /sign-up?status=sent&id=<application id>, a prerendered page that cannot read its URL; this
 * writes the id into the page's placeholder, so the applicant sees it without JavaScript too.
 * Only an id of the exact form EN- and ten hex digits is written (nothing else from the URL
 * reaches the page). Env: none.
 */
import type { Config, Context } from "@netlify/edge-functions";
import { stampApplicationId } from "../../src/shared/enrolment-receipt.ts";

export default async (request: Request, context: Context) => {
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (url.searchParams.get("status") !== "sent" || !id) return;
  const response = await context.next();
  if (!response.ok || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = stampApplicationId(await response.text(), id);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("etag");
  headers.set("cache-control", "private, no-cache");
  return new Response(html, { status: response.status, headers });
};

export const config: Config = { path: "/sign-up", onError: "bypass" };
