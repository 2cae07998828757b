/** Response helpers shared by the functions: JSON bodies with their own security headers. */

// netlify.toml's [[headers]] reach static files only, so every function sets these itself.
const SECURITY_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
};

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

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...SECURITY_HEADERS, ...headers },
  });
}

export const errorJson = (
  status: number,
  error: string,
  headers: Record<string, string> = {},
  fields?: Partial<Record<string, string>>,
) => json(fields ? { error, fields } : { error }, status, { ...NO_STORE, ...headers });

export function methodNotAllowed(allowed: string[]): Response {
  return errorJson(405, "Method not allowed", { Allow: allowed.join(", ") });
}

/** A text answer (a calendar file, a page) with the functions' security headers. */
export function textResponse(
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
  status = 200,
): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": contentType, ...SECURITY_HEADERS, ...headers },
  });
}

/**
 * Headers of an HTML page a function answers: the same policy netlify.toml gives static pages
 * (scripts only from the site; JSON blocks are data, not scripts), kept in step with it by hand.
 */
export const PAGE_HEADERS = {
  "Content-Security-Policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https://images.ctfassets.net; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};
