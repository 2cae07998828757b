/**
 * News API.
 *   GET /api/news?page=N  → 200 { items, page, hasMore }: 9 items a page, newest first (N defaults to 1)
 *   GET /api/news/:slug   → 200 one item | 404 { error }
 * A bad page (negative, huge, not a number) or slug answers 400 without calling upstream. When
 * upstream fails, the last good copy is served (X-Data-Stale: true); with none, 503 + Retry-After.
 * Env: CONTENTFUL_SPACE_ID, CONTENTFUL_ACCESS_TOKEN (both, or the files in content/news/),
 *      CONTENTFUL_ENVIRONMENT, CONTENTFUL_HOST, CONTENTFUL_NEWS_CONTENT_TYPE.
 */
import type { Config, Context } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json, PUBLIC_CACHE, STALE_CACHE } from "../../src/server/http/responses.server.ts";
import { UpstreamUnavailableError, withLastGoodCopy } from "../../src/server/last-good-copy.server.ts";
import { newsSource } from "../../src/server/news/news-source.server.ts";
import { newsPageNumberSchema, newsSlugSchema } from "../../src/shared/schemas/news.ts";

const NEWS_CACHE = { ...PUBLIC_CACHE, "Netlify-Cache-Tag": "news", "Netlify-Vary": "query=page" };

export default endpoint({
  GET: async (request: Request, context: Context) => {
    const slug = context.params.slug;
    try {
      if (slug !== undefined) {
        const parsed = newsSlugSchema.safeParse(slug);
        if (!parsed.success) return errorJson(400, "Invalid news slug");
        const { data, stale } = await withLastGoodCopy(`news/item/${parsed.data}`, () =>
          newsSource().item(parsed.data),
        );
        if (!data) return errorJson(404, "News item not found.");
        return json(data, 200, stale ? STALE_CACHE : NEWS_CACHE);
      }
      const pageParam = new URL(request.url).searchParams.get("page") ?? "1";
      const page = /^\d{1,4}$/.test(pageParam) ? newsPageNumberSchema.safeParse(pageParam) : null;
      if (!page?.success) return errorJson(400, "Invalid page number");
      const { data, stale } = await withLastGoodCopy(`news/page/${page.data}`, () =>
        newsSource().page(page.data),
      );
      return json(data, 200, stale ? STALE_CACHE : NEWS_CACHE);
    } catch (error) {
      if (error instanceof UpstreamUnavailableError) {
        return errorJson(503, "News is unavailable right now. Please try again shortly.", {
          "Retry-After": "60",
        });
      }
      throw error;
    }
  },
});

export const config: Config = { path: ["/api/news", "/api/news/:slug"] };
