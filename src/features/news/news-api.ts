import { getJson } from "#client/api-client.ts";
import { type NewsPage, newsPageSchema } from "#shared/schemas/news.ts";

/** The browser's news client: the next pages of the list, from the /api/news function. */
export const httpNewsApi = {
  page: (page: number): Promise<NewsPage> => getJson(`/api/news?page=${page}`, newsPageSchema),
};
