import { data, type MiddlewareFunction } from "react-router";
import { CROSS_SITE, isCrossSite } from "./same-origin.server.ts";

/** The payment page's checkout result (`/pay?return=checkout`), as a plain post. */
function isCheckoutReturn(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname === "/pay" && url.search === "?return=checkout";
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
  // Razorpay's hosted checkout posts its result from its own site (decision 0052): that one post
  // is taken for Razorpay's signature in it, and changes nothing without one.
  if (isCheckoutReturn(request)) return next();
  throw data({ message: CROSS_SITE }, { status: 403 });
};
