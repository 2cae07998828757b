import { getJson, objectWith } from "#client/api-client.ts";
import type { NewsPage } from "#shared/schemas/news.ts";

const newsPage = objectWith<NewsPage>("items", "page", "hasMore");

/** The browser's news client: the next pages of the list, from the /api/news function. */
export const httpNewsApi = {
  page: (page: number): Promise<NewsPage> => getJson(`/api/news?page=${page}`, newsPage),
};
