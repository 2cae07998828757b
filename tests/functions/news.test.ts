import { getStore } from "@netlify/blobs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import news from "../../netlify/functions/news.ts";
import {
  cdaAsset,
  contentfulEntries,
  contentfulFails,
  contentfulHangs,
  type FixtureNews,
} from "../mocks/contentful.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole } from "../support/console.ts";
import { functionContext } from "../support/function-context.ts";
import { setupMsw } from "../support/msw.ts";

allowConsole("error", /^last-good-copy: news\/[\w/-]+ failed upstream, serving the last good copy /);

// 20 entries: three pages of 9, 9 and 2. Dates run back one day at a time from 2026-11-10.
const entries: FixtureNews[] = Array.from({ length: 20 }, (_, index) => ({
  id: `entry-${index}`,
  name: `News ${index}`,
  slug: `news-${index}`,
  description: `About item ${index}`,
  date: new Date(Date.UTC(2026, 10, 10 - index, 5, 0)).toISOString(),
  thumbnail: index % 2 === 0 ? `image-${index}` : undefined,
  screenshot: index === 3 ? "brochure" : undefined,
  url: index === 0 ? "https://congress.example.org/" : undefined,
}));
const assets = [
  ...entries
    .filter((entry) => entry.thumbnail)
    .map((entry) => cdaAsset(entry.thumbnail as string, `${entry.slug}.jpg`)),
  cdaAsset("brochure", "brochure.pdf", "application/pdf"),
];
// Shuffled, so only the query's order can put them newest first.
const shuffled = [...entries].sort((a, b) => a.id.localeCompare(b.id));

const seen: URLSearchParams[] = [];
const msw = setupMsw(contentfulEntries(shuffled, assets, seen));
startBlobsServer();

beforeAll(() => {
  vi.stubEnv("CONTENTFUL_SPACE_ID", "space");
  vi.stubEnv("CONTENTFUL_ACCESS_TOKEN", "token");
  vi.stubEnv("CONTENTFUL_TIMEOUT_MS", "300");
  vi.stubEnv("CONTENTFUL_RETRY_LIMIT", "0");
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  seen.length = 0;
});

const get = (path: string, params: Record<string, string> = {}) =>
  news(new Request(`http://localhost${path}`), functionContext(params));

describe("GET /api/news from Contentful", () => {
  it("answers the first page: 9 items, newest first, with more to come", async () => {
    const response = await get("/api/news");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.page).toBe(1);
    expect(body.hasMore).toBe(true);
    expect(body.items.map((item: { slug: string }) => item.slug)).toEqual(
      Array.from({ length: 9 }, (_, index) => `news-${index}`),
    );
    const query = seen[0];
    expect(query?.get("content_type")).toBe("isgpbNews");
    expect(query?.get("include")).toBe("2");
    expect(query?.get("limit")).toBe("9");
    expect(query?.get("skip")).toBe("0");
    expect(query?.get("order")).toBe("-fields.date");
  });

  it("pages with skip, and the last page says there is no more", async () => {
    const body = await (await get("/api/news?page=3")).json();
    expect(seen[0]?.get("skip")).toBe("18");
    expect(body).toMatchObject({ page: 3, hasMore: false });
    expect(body.items.map((item: { slug: string }) => item.slug)).toEqual(["news-18", "news-19"]);
  });

  it("resolves linked assets to https URLs, and marks the attachment", async () => {
    const body = await (await get("/api/news?page=1")).json();
    const [first, , , fourth] = body.items;
    expect(first.image).toEqual({
      url: "https://images.ctfassets.net/space/image-0/hash/news-0.jpg",
      alt: "Description of image-0",
      width: 800,
      height: 450,
    });
    expect(first.url).toBe("https://congress.example.org/");
    expect(fourth.image).toBeNull();
    expect(fourth.attachment).toEqual({
      url: "https://images.ctfassets.net/space/brochure/hash/brochure.pdf",
      fileName: "brochure.pdf",
    });
  });

  it("sends public caching headers", async () => {
    const response = await get("/api/news?page=2");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(response.headers.get("netlify-cdn-cache-control")).toContain("stale-while-revalidate");
    expect(response.headers.get("netlify-vary")).toBe("query=page");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it.each(["0", "-1", "1001", "99999999999", "two", "1.5", "1e2", ""])(
    "answers 400 to page=%s without calling Contentful",
    async (page) => {
      const response = await get(`/api/news?page=${encodeURIComponent(page)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid page number" });
      expect(seen).toHaveLength(0);
    },
  );
});

describe("GET /api/news/:slug from Contentful", () => {
  it("filters by slug and answers the one item", async () => {
    const response = await get("/api/news/news-3", { slug: "news-3" });
    expect(response.status).toBe(200);
    expect(seen[0]?.get("fields.slug")).toBe("news-3");
    expect(seen[0]?.get("limit")).toBe("1");
    expect((await response.json()).title).toBe("News 3");
  });

  it("answers 404 when no entry has the slug", async () => {
    const response = await get("/api/news/nothing-here", { slug: "nothing-here" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "News item not found." });
  });

  it.each(["UPPER", "a_b", "x".repeat(121), "../etc", "a--b", "-a"])(
    "answers 400 to the slug %s without calling Contentful",
    async (slug) => {
      const response = await get(`/api/news/${encodeURIComponent(slug)}`, { slug });
      expect(response.status).toBe(400);
      expect(seen).toHaveLength(0);
    },
  );
});

describe("defaults and broken links", () => {
  it("fills SPEC's defaults and drops an asset link that does not resolve", async () => {
    msw.use(contentfulEntries([{ id: "bare", slug: "bare", thumbnail: "missing-asset" }], []));
    const body = await (await get("/api/news/bare", { slug: "bare" })).json();
    expect(body).toEqual({
      slug: "bare",
      title: "Untitled",
      description: "No description available",
      date: null,
      image: null,
      attachment: null,
      url: null,
    });
  });

  it("gives the slug 'untitled' to an entry without one", async () => {
    msw.use(contentfulEntries([{ id: "no-slug", name: "Nameless", date: "2026-01-01" }], []));
    const body = await (await get("/api/news")).json();
    expect(body.items[0]).toMatchObject({ slug: "untitled", title: "Nameless", date: "2026-01-01" });
  });
});

describe("when Contentful fails", () => {
  it.each([
    ["a 500", () => contentfulFails(500)],
    ["a 429", () => contentfulFails(429)],
    ["a timeout", () => contentfulHangs()],
  ])("serves the last good copy, marked stale, on %s", async (_, failure) => {
    const fresh = await (await get("/api/news?page=2")).json();
    msw.use(failure());
    const response = await get("/api/news?page=2");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-data-stale")).toBe("true");
    expect(await response.json()).toEqual(fresh);
  });

  it("answers 503 with Retry-After when there is no copy yet", async () => {
    msw.use(contentfulFails(500));
    const response = await get("/api/news?page=7");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
  });

  it("keeps the copy in Blobs", async () => {
    await get("/api/news?page=1");
    const copy = await getStore({ name: "last-good-copy", consistency: "strong" }).get("news/page/1", {
      type: "json",
    });
    expect(copy).toMatchObject({ page: 1, hasMore: true });
  });
});
