import { data, type MiddlewareFunction } from "react-router";
import { errorJson } from "./responses.server.ts";

/** What a request another site sent is told: nothing it asked for was done. */
export const CROSS_SITE = "Requests from other sites are not accepted";

/**
 * Whether a browser sent this request from another site (CSRF): when the browser says where the
 * request comes from (Sec-Fetch-Site, or else Origin), it must be this site. A request with
 * neither header does not come from a modern browser page and carries no visitor's cookies in a
 * way another site could abuse, so it is let through.
 */
function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const own = new URL(request.url).origin;
  return site ? site !== "same-origin" && site !== "none" : origin !== null && origin !== own;
}

/** Refuses a state-changing request that a browser sent from another site, as JSON (403). */
export function crossSiteRefusal(request: Request): Response | null {
  return isCrossSite(request) ? errorJson(403, CROSS_SITE) : null;
}

/**
 * The root's middleware: a request that may change something (any method but GET and HEAD), sent
 * from another site, reaches no route's action. It is answered 403 with the site's own error page
 * and the headers of every page. This check stands in for the framework's own (an Origin that is
 * not the request's host), which answered plain text before any middleware could give it the
 * site's page or headers, and which react-router.config.ts therefore turns off
 * (allowedActionOrigins).
 */
export const sameOriginActions: MiddlewareFunction<Response> = ({ request }, next) => {
  if (request.method === "GET" || request.method === "HEAD" || !isCrossSite(request)) return next();
  throw data({ message: CROSS_SITE }, { status: 403 });
};
