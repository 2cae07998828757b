import { describe, expect, it } from "vitest";
import { rssFeed } from "./news-feed.server.ts";

describe("rssFeed", () => {
  const xml = rssFeed({ name: "Society", url: "https://example.org" }, [
    { slug: "a-b", title: 'Genetics & "Omics" <new>', description: "Text", date: "2026-03-14T05:00:00.000Z" },
    { slug: "undated", title: "Undated", description: "No date", date: null },
  ]);

  it("is RSS 2.0 with a self link", () => {
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<atom:link href="https://example.org/news/feed.xml" rel="self"');
  });

  it("escapes titles and gives each item its page and date", () => {
    expect(xml).toContain("<title>Genetics &amp; &quot;Omics&quot; &lt;new&gt;</title>");
    expect(xml).toContain("<link>https://example.org/news/a-b</link>");
    expect(xml).toContain("<pubDate>Sat, 14 Mar 2026 05:00:00 GMT</pubDate>");
  });

  it("leaves out pubDate when the item has no date", () => {
    const undated = xml.slice(xml.indexOf("<title>Undated"));
    expect(undated.slice(0, undated.indexOf("</item>"))).not.toContain("pubDate");
  });
});
