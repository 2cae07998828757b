/**
 * The emulator hands an edge function's answer back with fetch, which follows a redirect: a page
 * POST's 303 (the form's result page) reached the browser as that page's 200, at the POST's
 * address, and a redirect to a path under an edge function went round until fetch gave up. So an
 * answer that goes back through the edge runtime carries its Location under another name
 * (hideRedirect, on serve.ts's answer to the edge runtime's context.next()), and gets it back on
 * the way out (showRedirect, on every answer to the visitor).
 */

/** Where a redirect's Location waits while the answer goes back through the edge runtime. */
export const HELD_LOCATION = "x-local-location";

export function hideRedirect(response: Response): Response {
  const location = response.headers.get("location");
  if (!location) return response;
  const headers = new Headers(response.headers);
  headers.delete("location");
  headers.set(HELD_LOCATION, location);
  return new Response(response.body, { status: response.status, headers });
}

export function showRedirect(response: Response): Response {
  const location = response.headers.get(HELD_LOCATION);
  if (!location) return response;
  const headers = new Headers(response.headers);
  headers.delete(HELD_LOCATION);
  headers.set("location", location);
  return new Response(response.body, { status: response.status, headers });
}
