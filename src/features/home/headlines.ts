import type { NewsItem } from "#shared/schemas/news.ts";

/** What the home page shows of a news item: the ticker and the preview need no more. */
export type Headline = Pick<NewsItem, "slug" | "title" | "date" | "url">;

/** How many of the newest items the home page lists (SPEC section 9). */
export const HOME_NEWS_COUNT = 9;

/** The newest items as headlines, so the page's hydration data carries no article text. */
export const headlines = (items: NewsItem[]): Headline[] =>
  items.slice(0, HOME_NEWS_COUNT).map(({ slug, title, date, url }) => ({ slug, title, date, url }));
