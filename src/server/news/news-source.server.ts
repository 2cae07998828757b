import type { NewsApi } from "#shared/schemas/news.ts";
import { contentfulSourceConfig } from "../content/content-scope.server.ts";
import { contentfulNews } from "./contentful-news.server.ts";
import { localNews } from "./local-news.server.ts";

/** Where news comes from on the server. */
export type NewsSource = NewsApi;

/** Contentful when it is configured, else the files under content/news/. */
export function newsSource(): NewsSource {
  // In the secretariat's preview, the drafts too (src/server/content/preview.server.ts).
  const contentful = contentfulSourceConfig();
  return contentful ? contentfulNews(contentful) : localNews();
}
