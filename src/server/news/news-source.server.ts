import type { NewsItem, NewsPage } from "#shared/schemas/news.ts";
import { contentfulConfig } from "../env.server.ts";
import { contentfulNews } from "./contentful-news.server.ts";
import { localNews } from "./local-news.server.ts";

/** Where news comes from: Contentful when configured, else the files under content/news/. */
export interface NewsSource {
  /** One page of 9 items, newest first. */
  page(page: number): Promise<NewsPage>;
  /** One item by slug, or null when there is none. */
  item(slug: string): Promise<NewsItem | null>;
  /** Every item, newest first: for the prerender and the feed. */
  all(): Promise<NewsItem[]>;
}

export function newsSource(): NewsSource {
  const contentful = contentfulConfig();
  return contentful ? contentfulNews(contentful) : localNews();
}
