import { NEWS_DEFAULTS, NEWS_MAX_PAGE, NEWS_PAGE_SIZE, NEWS_SLUG_PATTERN } from "../news-constants.ts";
import { zm } from "../zod.ts";

export { NEWS_DEFAULTS, NEWS_MAX_PAGE, NEWS_PAGE_SIZE };

export const newsSlugSchema = zm
  .string()
  .check(zm.regex(NEWS_SLUG_PATTERN, "must be lowercase words joined by hyphens"));

export const newsPageNumberSchema = zm.pipe(
  zm.coerce.number(),
  zm.int().check(zm.minimum(1), zm.maximum(NEWS_MAX_PAGE)),
);

// The answers below are parsed in the browser too, so they are written with zod/mini.
const fileSchema = zm.strictObject({
  url: zm.string().check(zm.minLength(1)),
  fileName: zm.string().check(zm.minLength(1)),
});

export const newsItemSchema = zm.strictObject({
  slug: zm.string().check(zm.minLength(1)),
  title: zm.string().check(zm.minLength(1)),
  description: zm.string().check(zm.minLength(1)),
  /** ISO 8601 date-time in UTC, a bare date when the entry has no time, or null when it has none. */
  date: zm.nullable(zm.union([zm.iso.datetime(), zm.iso.date()])),
  image: zm.nullable(
    zm.strictObject({
      url: zm.string().check(zm.minLength(1)),
      alt: zm.string(),
      width: zm.optional(zm.int().check(zm.positive())),
      height: zm.optional(zm.int().check(zm.positive())),
    }),
  ),
  attachment: zm.nullable(fileSchema),
  /** The entry's outside link, when it has one (kept in the API; the ticker opens the item's own page). */
  url: zm.nullable(zm.url()),
});
export type NewsItem = zm.infer<typeof newsItemSchema>;

export const newsPageSchema = zm.strictObject({
  items: zm.array(newsItemSchema).check(zm.maxLength(NEWS_PAGE_SIZE)),
  page: zm.int().check(zm.minimum(1)),
  hasMore: zm.boolean(),
});
export type NewsPage = zm.infer<typeof newsPageSchema>;

/** Reads news: the server's sources and the browser's API client both have this shape. */
export interface NewsApi {
  /** One page of 9 items, newest first. */
  page(page: number): Promise<NewsPage>;
  /** One item by slug, or null when there is none. */
  item(slug: string): Promise<NewsItem | null>;
  /** Every item, newest first: for the prerender and the feed. */
  all(): Promise<NewsItem[]>;
}
