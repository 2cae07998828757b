/** Response helpers shared by the functions: JSON bodies and pages, each with its own security headers. */

// netlify.toml's [[headers]] reach static files only, so every function answer carries these.
const COMMON_HEADERS = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** An API answer is data: it may load nothing and be framed by no one. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * A page a function answers (a refused form filled in again) gets the static pages' policy; a
 * test keeps this equal to netlify.toml's.
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https://images.ctfassets.net; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** Browsers keep a public answer a minute; Netlify's CDN five, then revalidates in the background. */
export const PUBLIC_CACHE = {
  "Cache-Control": "public, max-age=60",
  "Netlify-CDN-Cache-Control": "public, durable, max-age=300, stale-while-revalidate=86400",
};

/** A stale copy is served briefly, so the fresh answer replaces it as soon as upstream is back. */
export const STALE_CACHE = {
  "Cache-Control": "public, max-age=0, must-revalidate",
  "Netlify-CDN-Cache-Control": "public, durable, max-age=30",
  "X-Data-Stale": "true",
};

export const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Gives an answer the security headers it lacks: every answer of a function, redirects and
 * errors included. A page keeps the pages' CSP; anything else gets the API's.
 */
export function secured(response: Response): Response {
  const isPage = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  const wanted: Record<string, string> = {
    ...COMMON_HEADERS,
    "Content-Security-Policy": isPage ? PAGE_CSP : API_CSP,
  };
  const missing = Object.entries(wanted).filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of missing) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return secured(
    new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
    }),
  );
}

export const errorJson = (
  status: number,
  error: string,
  headers: Record<string, string> = {},
  fields?: Partial<Record<string, string>>,
) => json(fields ? { error, fields } : { error }, status, { ...NO_STORE, ...headers });

export function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return secured(
    new Response(body, {
      status,
      headers: { "Content-Type": "text/html; charset=utf-8", ...NO_STORE, ...headers },
    }),
  );
}

/** The answer to a plain form post that worked: back to a page (Post/Redirect/Get). */
export const seeOther = (location: string, headers: Record<string, string> = {}) =>
  secured(new Response(null, { status: 303, headers: { Location: location, ...NO_STORE, ...headers } }));

export function methodNotAllowed(allowed: readonly string[]): Response {
  return errorJson(405, "Method not allowed", { Allow: allowed.join(", ") });
}

/** How long a client should wait before trying again after a storage or service failure. */
export const RETRY_AFTER_SECONDS = 30;
export const UNAVAILABLE = "The service is unavailable for a moment. Please try again in a minute.";

export const unavailable = () => errorJson(503, UNAVAILABLE, { "Retry-After": String(RETRY_AFTER_SECONDS) });

/** A text answer (a calendar file, a page) with the functions' security headers. */
export function textResponse(
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
  status = 200,
): Response {
  return secured(new Response(body, { status, headers: { "Content-Type": contentType, ...headers } }));
}
