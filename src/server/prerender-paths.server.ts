import { DIRECTORY_PAGE_SIZE } from "#shared/directory-constants.ts";
import { NEWS_PAGE_SIZE } from "#shared/news-constants.ts";
import { pageCount } from "#shared/paging.ts";
import { assertBuildSecret } from "./build-secret.server.ts";
import { checkAllContent, pageContent } from "./content/page-content.server.ts";
import { publicDirectory } from "./directory/directory-source.server.ts";
import { eventsSource } from "./events/events-source.server.ts";
import { newsSource } from "./news/news-source.server.ts";

/** The pages that are the same for every visitor, apart from those of the lists below. */
export const STATIC_PAGES = [
  "/",
  "/about-us",
  "/rules",
  "/office-bearers",
  "/directory",
  "/executive-council",
  "/editorial-board",
  "/fellowship",
  "/awards",
  "/news-events",
  "/events",
  "/congress",
  "/privacy",
  "/account/closed",
] as const;

/**
 * The pages rendered per request that anyone may open and a search engine should know: the forms'
 * own pages. Not their outcomes (`?status=…`, marked noindex), the signed-in pages, the
 * secretariat's workspace or search results.
 */
export const PUBLIC_PAGES_PER_REQUEST = ["/contact-us", "/sign-up", "/login"] as const;

/** The files made from the content, prerendered beside the pages. */
export const STATIC_FILES = ["/robots.txt", "/sitemap.xml", "/news/feed.xml"] as const;

/**
 * Every path the build writes as a static file (react-router.config.ts): the fixed pages, each
 * year's office bearers, every page of the directory and of the news, every news item and event,
 * and the files. Reads every content file first, so a broken one stops the build naming its field.
 */
export async function prerenderPaths(): Promise<string[]> {
  // The directory's member ids are keyed with SIGNING_SECRET: a deploy must not prerender without it.
  assertBuildSecret();
  await checkAllContent();
  const [members, news, events] = await Promise.all([
    publicDirectory().members(),
    newsSource().all(),
    eventsSource().all(),
  ]);
  const laterPages = (count: number, path: string) =>
    Array.from({ length: count - 1 }, (_, index) => `${path}/page/${index + 2}`);
  return [
    ...STATIC_PAGES,
    ...(await pageContent("office-bearers.yaml")).years.map((year) => `/office-bearers/${year}`),
    ...laterPages(pageCount(members.length, DIRECTORY_PAGE_SIZE), "/directory"),
    ...laterPages(pageCount(news.length, NEWS_PAGE_SIZE), "/news-events"),
    ...news.map((item) => `/news/${item.slug}`),
    ...events.map((event) => `/events/${event.slug}`),
    ...STATIC_FILES,
  ];
}
