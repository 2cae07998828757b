import { z } from "zod";

import { NEWS_DEFAULTS, NEWS_MAX_PAGE, NEWS_PAGE_SIZE, NEWS_SLUG_PATTERN } from "../news-constants.ts";

export { NEWS_DEFAULTS, NEWS_MAX_PAGE, NEWS_PAGE_SIZE };

export const newsSlugSchema = z
  .string()
  .regex(NEWS_SLUG_PATTERN, "must be lowercase words joined by hyphens");

export const newsPageNumberSchema = z.coerce.number().int().min(1).max(NEWS_MAX_PAGE);

const fileSchema = z.strictObject({
  url: z.string().min(1),
  fileName: z.string().min(1),
});

export const newsItemSchema = z.strictObject({
  slug: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  /** ISO 8601 date-time in UTC, a bare date when the entry has no time, or null when it has none. */
  date: z.union([z.iso.datetime(), z.iso.date()]).nullable(),
  image: z
    .strictObject({
      url: z.string().min(1),
      alt: z.string(),
      width: z.int().positive().optional(),
      height: z.int().positive().optional(),
    })
    .nullable(),
  attachment: fileSchema.nullable(),
  /** The entry's outside link, when it has one (kept in the API; the ticker opens the item's own page). */
  url: z.url().nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsPageSchema = z.strictObject({
  items: z.array(newsItemSchema).max(NEWS_PAGE_SIZE),
  page: z.int().min(1),
  hasMore: z.boolean(),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

/** Reads news: the server's sources and the browser's API client both have this shape. */
export interface NewsApi {
  /** One page of 9 items, newest first. */
  page(page: number): Promise<NewsPage>;
  /** One item by slug, or null when there is none. */
  item(slug: string): Promise<NewsItem | null>;
  /** Every item, newest first: for the prerender and the feed. */
  all(): Promise<NewsItem[]>;
}
