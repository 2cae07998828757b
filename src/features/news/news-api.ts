import { ApiError, getJson } from "#client/api-client.ts";
import { isPrerenderContext } from "#shared/page-meta.ts";
import { type NewsApi, newsItemSchema, newsPageSchema } from "#shared/schemas/news.ts";

/** The browser's news client: the /api/news function. */
export const httpNewsApi: NewsApi = {
  page: (page) => getJson(`/api/news?page=${page}`, newsPageSchema),
  async item(slug) {
    try {
      return await getJson(`/api/news/${encodeURIComponent(slug)}`, newsItemSchema);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  all: () => Promise.reject(new Error("the browser reads news a page at a time")),
};

/**
 * The news API a loader should use, and whether to wait for it: the prerender reads the server's
 * source and must wait (the HTML needs the data); the browser fetches and shows 'Loading...'.
 */
export function newsApiFor(context: unknown): { api: NewsApi; wait: boolean } {
  return isPrerenderContext(context) ? { api: context.news, wait: true } : { api: httpNewsApi, wait: false };
}
