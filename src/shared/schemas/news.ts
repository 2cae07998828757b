import { z } from "zod";

/** SPEC section 9: news pages hold 9 items. */
export const NEWS_PAGE_SIZE = 9;
/** The last page number the API accepts: far beyond any real archive, small enough to be cheap. */
export const NEWS_MAX_PAGE = 1000;

/** SPEC section 3's defaults for a news entry with missing fields. */
export const NEWS_DEFAULTS = {
  slug: "untitled",
  title: "Untitled",
  description: "No description available",
  date: "No date available",
} as const;

export const newsSlugSchema = z
  .string()
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase words joined by hyphens");

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
  /** The outside link the home page ticker opens, when the entry has one. */
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
