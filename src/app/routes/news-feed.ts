import { pageContent } from "#server/content/page-content.server.ts";
import { rssFeed } from "#server/news/news-feed.server.ts";
import { newsSource } from "#server/news/news-source.server.ts";
import { fileResponse } from "#server/pages/site-files.server.ts";

export async function loader() {
  const site = await pageContent("site.yaml");
  return fileResponse(rssFeed(site, await newsSource().all()), "application/rss+xml; charset=utf-8");
}
