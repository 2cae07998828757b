/** News constants, apart from the news schemas: the pages' scripts that need only these numbers do not bring zod. */

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

/** Lowercase words joined by hyphens, at most 120 characters. */
export const NEWS_SLUG_PATTERN = /^(?=.{1,120}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
