/**
 * Edge function on /news-events: `?page=N` is served from the prerendered
 * /news-events/page/N/index.html (a rewrite in netlify.toml). A page past the last one has no
 * such file, and the rewrite then falls through to the first page, which reads as if page N were
 * page 1. This answers those with the not-found page and 404 instead; with JavaScript the page
 * then asks the news API, which may know a page published since the build, or says that there
 * is no such page. The first page, and `page` values the page treats as the first, pass through.
 * Env: none.
 */
import type { Config, Context } from "@netlify/edge-functions";

/** How long to wait on the site's own static files before serving the request as it is. */
const TIMEOUT_MS = 1500;

/** The page number asked for, when it names a page after the first. */
function laterPage(request: Request): number | null {
  const page = new URL(request.url).searchParams.get("page");
  return page !== null && /^\d{1,6}$/.test(page) && Number(page) > 1 ? Number(page) : null;
}

export default async (request: Request, context: Context) => {
  const page = laterPage(request);
  const response = await context.next();
  if (page === null || response.status !== 200) return response;
  try {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    const built = await fetch(new URL(`/news-events/page/${page}/index.html`, request.url), {
      method: "HEAD",
      signal,
    });
    if (built.status !== 404) return response;
    const notFound = await fetch(new URL("/404.html", request.url), { signal });
    if (!notFound.ok) return response;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    headers.delete("etag");
    headers.set("cache-control", "public, max-age=0, must-revalidate");
    return new Response(await notFound.text(), { status: 404, headers });
  } catch {
    return response;
  }
};

export const config: Config = {
  path: "/news-events",
  onError: "bypass",
};
