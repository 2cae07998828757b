/**
 * Edge function on /news/*: a news item published after the last build has no prerendered page,
 * so the request falls through to the 404 page. This asks the news API for the item and, when it
 * exists, answers 200 with the 404 page rewritten into the item's page (title, description,
 * canonical, og:image and a plain rendering of the item). An unknown slug keeps the 404, and so
 * does a news API that has not answered within NEWS_META_TIMEOUT_MS: a reader (or a crawler
 * probing slugs) gets the not-found page at once rather than after the API's own timeouts.
 * Env: none of its own (the news function reads Contentful's).
 */
import type { Config, Context } from "@netlify/edge-functions";
import { NEWS_SLUG_PATTERN } from "../../src/shared/news-constants.ts";
import { isNewsItem, newsPageHtml } from "../../src/shared/news-page-html.ts";

const SITE_NAME = "ISGPB";
/**
 * How long the 404 may wait on the news API: bounded, so an unknown slug never waits on Contentful's
 * retries (about 10 s), yet long enough for a news function that has to start first.
 */
export const NEWS_META_TIMEOUT_MS = 4000;

/** The item the news API knows by this slug, or null: unknown, failing, or too slow. */
async function fetchItem(url: URL): Promise<unknown> {
  try {
    const api = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(NEWS_META_TIMEOUT_MS),
    });
    return api.ok ? await api.json() : null;
  } catch {
    return null;
  }
}

export default async (request: Request, context: Context) => {
  const response = await context.next();
  if (response.status !== 404) return response;
  const slug = new URL(request.url).pathname.split("/")[2] ?? "";
  if (!NEWS_SLUG_PATTERN.test(slug)) return response;
  const item = await fetchItem(new URL(`/api/news/${slug}`, request.url));
  if (!isNewsItem(item)) return response;
  const pageUrl = new URL(`/news/${slug}`, request.url).href;
  const html = newsPageHtml(await response.text(), item, pageUrl, SITE_NAME);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("cache-control", "public, max-age=0, must-revalidate");
  return new Response(html, { status: 200, headers });
};

export const config: Config = {
  path: "/news/*",
  excludedPath: ["/news/feed.xml"],
  onError: "bypass",
};
