/**
 * Edge function on the pages with a protected form: stamps a fresh signed form token into the
 * prerendered HTML, so the minimum fill time is checked for visitors without JavaScript too
 * (with JavaScript, the page also fetches /api/form-token after client-side navigation).
 * Env: SIGNING_SECRET (unset: the development secret locally; on a deploy the page is served
 * without a token, as the functions then refuse to sign too).
 */
import type { Config, Context } from "@netlify/edge-functions";
import { resolveSigningSecret } from "../../src/server/signed-token.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { TOKEN_FIELD } from "../../src/shared/form-guard.ts";

// The form renders its token input with no value (see src/components/forms/form-guard.tsx).
const TOKEN_INPUT = `name="${TOKEN_FIELD}"`;

export default async (_request: Request, context: Context) => {
  const response = await context.next();
  if (!response.ok || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  const secret = resolveSigningSecret(Netlify.env.get("SIGNING_SECRET"), context.deploy?.context);
  const token = await issueFormToken(secret);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  // Each visit gets its own token: no shared caching, and no revalidation back to an old one.
  headers.delete("etag");
  headers.set("cache-control", "private, no-cache");
  return new Response(html.replaceAll(TOKEN_INPUT, `${TOKEN_INPUT} value="${token}"`), {
    status: response.status,
    headers,
  });
};

export const config: Config = {
  path: ["/contact-us", "/sign-up"],
  onError: "bypass",
};
