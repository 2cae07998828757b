/** RSS 2.0 for the news: pure, so the build writes it (src/routes/news-feed.ts) and tests read it. */
import { escapeXml } from "../pages/escape-xml.server.ts";

type FeedItem = { slug: string; title: string; description: string; date: string | null };

const rfc822 = (iso: string) => new Date(iso).toUTCString();

export function rssFeed(site: { name: string; url: string }, items: FeedItem[], limit = 50): string {
  const link = (path: string) => escapeXml(new URL(path, site.url).href);
  const entries = items.slice(0, limit).map(
    (item) => `    <item>
      <title>${escapeXml(item.title)}</title>
      <link>${link(`/news/${item.slug}`)}</link>
      <guid isPermaLink="true">${link(`/news/${item.slug}`)}</guid>
      <description>${escapeXml(item.description)}</description>${item.date ? `\n      <pubDate>${rfc822(item.date)}</pubDate>` : ""}
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(site.name)}: News &amp; Events</title>
    <link>${link("/news-events")}</link>
    <atom:link href="${link("/news/feed.xml")}" rel="self" type="application/rss+xml" />
    <description>News, notices and events of the ${escapeXml(site.name)}</description>
    <language>en-in</language>
${entries.join("\n")}
  </channel>
</rss>
`;
}
