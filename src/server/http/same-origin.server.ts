import { errorJson } from "./responses.server.ts";

/** What a request another site sent is told: nothing it asked for was done. */
export const CROSS_SITE = "Requests from other sites are not accepted";

/**
 * Whether a browser sent this request from another site (CSRF): when the browser says where the
 * request comes from (Sec-Fetch-Site, or else Origin), it must be this site. A request with
 * neither header does not come from a modern browser page and carries no visitor's cookies in a
 * way another site could abuse, so it is let through. (No import of the framework here: the
 * functions use it too, and are not bundled with the pages' router.)
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const own = new URL(request.url).origin;
  return site ? site !== "same-origin" && site !== "none" : origin !== null && origin !== own;
}

/** Refuses a state-changing request that a browser sent from another site, as JSON (403). */
export function crossSiteRefusal(request: Request): Response | null {
  return isCrossSite(request) ? errorJson(403, CROSS_SITE) : null;
}
