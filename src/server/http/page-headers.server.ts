import { createContext, type MiddlewareFunction } from "react-router";
import { isPrerendering } from "../prerendering.server.ts";
import { RETRY_AFTER_SECONDS } from "./responses.server.ts";

/**
 * The headers of every answer of the framework's server handler (pages, their data, resource
 * routes): netlify.toml's [[headers]] reach static files only. A page rendered per request gets a
 * fresh nonce for the framework's inline scripts and the page's styles; a prerendered page's are
 * allowed by their hashes instead, which the build writes into build/client/_headers
 * (scripts/build/page-headers.ts), since a nonce written into a static file would be no secret.
 */
export const SECURITY_HEADERS = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "X-Frame-Options": "DENY",
} as const;

/**
 * The policy of every page. `scripts`: what lets the framework's inline scripts run; `styles`: what
 * lets the page's stylesheets, written into its head (decision 0045), apply. Both are the request's
 * nonce on a page rendered for it, and hashes on a prerendered one. Under `npm start` Vite hands
 * each stylesheet to the page as a <style> element of its own once the page runs, so the
 * development server allows inline styles (a nonce or a hash beside 'unsafe-inline' would turn it
 * off); a build never does.
 */
export function pageCsp(scripts: string, styles: string, checkout = false): string {
  // No `import.meta.env` at all where plain Node loads this file (the build's own scripts).
  const development = import.meta.env?.MODE === "development";
  // The payment page only (decision 0052): Razorpay's script, its checkout's frame and calls, and
  // the form that opens its hosted page. No other page may load or post to Razorpay.
  const razorpay = checkout ? CHECKOUT_SOURCES : null;
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts}${razorpay ? ` ${razorpay.script}` : ""}`,
    development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' ${styles}`,
    `img-src 'self' https://images.ctfassets.net${razorpay ? ` ${razorpay.img}` : ""}`,
    "font-src 'self'",
    `connect-src 'self'${razorpay ? ` ${razorpay.connect}` : ""}`,
    ...(razorpay ? [`frame-src ${razorpay.frame}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${razorpay ? ` ${razorpay.form}` : ""}`,
    "frame-ancestors 'none'",
  ]
    .map((directive) => directive.trimEnd())
    .join("; ");
}

/** Where Razorpay's Standard Checkout and hosted checkout come from (their documented hosts). */
const CHECKOUT_SOURCES = {
  script: "https://checkout.razorpay.com",
  frame: "https://api.razorpay.com https://checkout.razorpay.com",
  connect: "https://api.razorpay.com https://lumberjack.razorpay.com",
  img: "https://cdn.razorpay.com",
  form: "https://api.razorpay.com",
};

/** Set by the payment page's loader when it offers Razorpay's checkout: its policy allows it. */
export const checkoutPageContext = createContext(false);

/** What anything that is not a page may do: nothing (data, files, redirects). */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The request's nonce, set here before the page renders and read by entry.server.tsx. */
export const nonceContext = createContext<string | null>(null);

/** The methods the matched route takes, for a 405's `Allow`: a page's form action adds POST. */
export const allowedMethodsContext = createContext("GET, HEAD");

const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");

/**
 * The security headers, the policy and the cache rule of an answer rendered for one request, where
 * its route has not set them. `nonce`: the one the page's inline scripts and styles carry; null
 * for none.
 */
export function addAnswerHeaders(headers: Headers, nonce: string | null, checkout = false) {
  const isPage = headers.get("content-type")?.startsWith("text/html") ?? false;
  // Razorpay's checkout may open a window of its own (a bank's page) and hear back from it.
  if (isPage && checkout && !headers.has("Cross-Origin-Opener-Policy"))
    headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (!headers.has(name)) headers.set(name, value);
  if (!headers.has("Content-Security-Policy"))
    headers.set(
      "Content-Security-Policy",
      isPage && nonce ? pageCsp(`'nonce-${nonce}'`, `'nonce-${nonce}'`, checkout) : NON_PAGE_CSP,
    );
  if (isPage && nonce) {
    // A page carrying this request's nonce is never shared, whatever its route said: a cache would
    // hand the same nonce, no secret any more, to every visitor of the address. Its data (`.data`)
    // carries no nonce, and may be shared where its route says so.
    for (const name of SHARED_CACHE_HEADERS) headers.delete(name);
    headers.set("Cache-Control", "private, no-store");
  }
  // Anything else made for this request (who is signed in, what was typed) is never kept by a
  // cache either, unless its route said otherwise.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

/** The rules a CDN follows before Cache-Control (Netlify's own, then the standard one), and Netlify's key. */
const SHARED_CACHE_HEADERS = ["Netlify-CDN-Cache-Control", "CDN-Cache-Control", "Netlify-Vary"];

export const pageHeaders: MiddlewareFunction<Response> = async ({ context }, next) => {
  const prerendering = isPrerendering();
  const nonce = prerendering ? null : newNonce();
  context.set(nonceContext, nonce);
  const response = await next();
  if (prerendering) return response;
  const headers = response.headers;
  addAnswerHeaders(headers, nonce, context.get(checkoutPageContext));
  // The framework answers a method a route does not take with 405; say which ones it does.
  if (response.status === 405 && !headers.has("Allow"))
    headers.set("Allow", context.get(allowedMethodsContext));
  // A form refused while storage fails (503) says when to try again: of the headers an action
  // sets, the framework passes on only its cookies.
  if (response.status === 503 && !headers.has("Retry-After"))
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return response;
};
