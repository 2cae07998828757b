/**
 * Edge function on /login?next=…: writes the return path into the login form's hidden `next`
 * field, so a member signing in without JavaScript is sent back where they came from (the page is
 * prerendered and cannot read its URL). Only a path on this site is written (safeReturnPath:
 * no absolute or protocol-relative URL), escaped for an attribute. Env: none.
 */
import type { Config, Context } from "@netlify/edge-functions";
import { escapeHtml } from "../../src/shared/escape-html.ts";
import { RETURN_FIELD, safeReturnPath } from "../../src/shared/return-path.ts";

// The form renders its hidden input with an empty value (src/features/account/login-form.tsx).
const EMPTY_INPUT = `name="${RETURN_FIELD}" value=""`;

export default async (request: Request, context: Context) => {
  const next = safeReturnPath(new URL(request.url).searchParams.get(RETURN_FIELD));
  if (!next) return;
  const response = await context.next();
  if (!response.ok || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = (await response.text()).replace(
    EMPTY_INPUT,
    `name="${RETURN_FIELD}" value="${escapeHtml(next)}"`,
  );
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("etag");
  headers.set("cache-control", "private, no-cache");
  return new Response(html, { status: response.status, headers });
};

// GET only: a POST passed through an edge function hangs in the local emulator.
export const config: Config = { path: "/login", method: "GET", onError: "bypass" };
