import type { Context } from "@netlify/edge-functions";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import newsMeta, { NEWS_META_TIMEOUT_MS } from "../../netlify/edge-functions/news-meta.ts";
import { setupMsw } from "../support/msw.ts";

const notFoundPage = `<!doctype html><html><head>
    <title>Page not found | ISGPB</title>
    <meta name="description" content="The page you asked for is not on this site." />
    <link rel="canonical" href="https://www.isgpb.org/404" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="Page not found | ISGPB" />
  </head><body><div id="root"><main id="main" tabindex="-1"><h1>Page not found</h1></main></div></body></html>`;

const fresh = {
  slug: "fresh-news",
  title: 'Genetics & "Omics" <day>',
  description: "First paragraph.\n\nSecond <b>paragraph</b>.",
  date: "2026-11-20T05:00:00.000Z",
  image: { url: "https://images.ctfassets.net/x/fresh.jpg", alt: "A field" },
  attachment: { url: "https://assets.ctfassets.net/x/notice.pdf", fileName: "notice.pdf" },
  url: null,
};

setupMsw(
  http.get("https://www.isgpb.org/api/news/:slug", ({ params }) =>
    params.slug === "fresh-news"
      ? HttpResponse.json(fresh)
      : HttpResponse.json({ error: "News item not found." }, { status: 404 }),
  ),
);

function run(path: string, upstream: Response) {
  const context = { next: async () => upstream } as unknown as Context;
  return newsMeta(new Request(`https://www.isgpb.org${path}`), context);
}

const notFound = () => new Response(notFoundPage, { status: 404, headers: { "content-type": "text/html" } });

describe("news-meta edge function", () => {
  it("passes a prerendered page through untouched", async () => {
    const page = new Response("<html>built</html>", { status: 200 });
    expect(await run("/news/old-news", page)).toBe(page);
  });

  it("turns the 404 into the page of an item published after the build", async () => {
    const response = await run("/news/fresh-news", notFound());
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Genetics &amp; &quot;Omics&quot; &lt;day&gt; | ISGPB</title>");
    expect(html).toContain('<link rel="canonical" href="https://www.isgpb.org/news/fresh-news" />');
    expect(html).toContain(
      '<meta name="description" content="First paragraph. Second &lt;b&gt;paragraph&lt;/b&gt;." />',
    );
    expect(html).toContain('<meta property="og:image" content="https://images.ctfassets.net/x/fresh.jpg" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain("<h1>Genetics &amp; &quot;Omics&quot; &lt;day&gt;</h1>");
    expect(html).toContain("<p>Second &lt;b&gt;paragraph&lt;/b&gt;.</p>");
    expect(html).toContain("20 November 2026 10:30 am");
    expect(html).toContain('download="notice.pdf">Download Attachment</a>');
    expect(html).not.toContain("Page not found</h1>");
  });

  it("keeps the 404 and its page for an unknown slug", async () => {
    const response = await run("/news/never-published", notFound());
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("<h1>Page not found</h1>");
  });

  it("does not ask the API about a path that cannot be a slug", async () => {
    const response = await run("/news/Bad_Slug", notFound());
    expect(response.status).toBe(404);
  });

  describe("with a news API that never answers", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("keeps the 404, giving up when its time-out signal fires", async () => {
      const signals: AbortSignal[] = [];
      // A fetch that hangs until its signal aborts, as a stuck upstream connection does.
      vi.stubGlobal("fetch", (_url: unknown, init?: RequestInit) => {
        const signal = init?.signal;
        if (signal) signals.push(signal);
        return new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener("abort", () => reject(signal.reason));
        });
      });
      const response = await run("/news/slow-news", notFound());
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("<h1>Page not found</h1>");
      expect(signals).toHaveLength(1);
      expect(signals[0]?.aborted).toBe(true);
      // Well under the news function's own Contentful budget (about 10 s with its retry).
      expect(NEWS_META_TIMEOUT_MS).toBeLessThanOrEqual(5000);
    });
  });
});
