import { isPrerenderContext } from "#shared/page-meta.ts";
import type { NewsApi, NewsItem, NewsPage } from "#shared/schemas/news.ts";

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The browser's news client: the /api/news function. */
export const httpNewsApi: NewsApi = {
  page: (page) => getJson<NewsPage>(`/api/news?page=${page}`),
  async item(slug) {
    try {
      return await getJson<NewsItem>(`/api/news/${encodeURIComponent(slug)}`);
    } catch (error) {
      if (error instanceof Error && error.message.endsWith("answered 404")) return null;
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
