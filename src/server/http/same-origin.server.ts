import { errorJson } from "./responses.server.ts";

/**
 * Refuses a state-changing request that a browser sent from another site (CSRF): when the
 * browser says where the request comes from (Sec-Fetch-Site, or else Origin), it must be this
 * site. A request with neither header does not come from a modern browser page and carries no
 * visitor's cookies in a way another site could abuse, so it is let through.
 */
export function crossSiteRefusal(request: Request): Response | null {
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const own = new URL(request.url).origin;
  const crossSite = site ? site !== "same-origin" && site !== "none" : origin !== null && origin !== own;
  return crossSite ? errorJson(403, "Requests from other sites are not accepted") : null;
}
