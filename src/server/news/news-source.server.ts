import type { NewsApi } from "#shared/schemas/news.ts";
import { contentfulConfig } from "../env.server.ts";
import { contentfulNews } from "./contentful-news.server.ts";
import { localNews } from "./local-news.server.ts";

/** Where news comes from on the server. */
export type NewsSource = NewsApi;

/** Contentful when it is configured, else the files under content/news/. */
export function newsSource(): NewsSource {
  const contentful = contentfulConfig();
  return contentful ? contentfulNews(contentful) : localNews();
}
