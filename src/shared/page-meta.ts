import type { PublicDirectory } from "./schemas/directory.ts";
import type { EventsApi } from "./schemas/events.ts";
import type { NewsApi } from "./schemas/news.ts";
import type { SlidesApi } from "./schemas/slides.ts";

/** What a page tells search engines and link previews about itself. */
export type PageMeta = {
  title: string;
  description: string;
  /** Absolute or site-relative URL of the page's preview image. */
  image?: string;
  type?: "website" | "article";
  /** Structured data (schema.org), written as a non-executable JSON-LD block. */
  jsonLd?: Record<string, unknown>;
  /** A page only reached as the result of an action (a form's outcome): kept out of search and the sitemap. */
  noindex?: boolean;
};

/** What the prerender hands route loaders (as their `context`) and `handle.prerender`. */
export type PrerenderContext = {
  prerender: true;
  news: NewsApi;
  slides: SlidesApi;
  directory: PublicDirectory;
  events: EventsApi;
  /** The clock that decides which events are upcoming in the HTML; injectable for tests. */
  now: () => Date;
};

export function isPrerenderContext(context: unknown): context is PrerenderContext {
  return typeof context === "object" && context !== null && "prerender" in context;
}
