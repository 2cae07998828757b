import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newsSource } from "../../src/server/news/news-source.server.ts";
import { cdaAsset, contentfulEntries, type FixtureNews } from "../mocks/contentful.ts";
import { setupMsw } from "../support/msw.ts";

/**
 * The news as the pages read it from Contentful (the news pages' loaders, the home page's
 * headlines, the feed): newsSource() with Contentful configured.
 */

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

describe("a page of the news from Contentful", () => {
  it("is the first page: 9 items, newest first, with more to come", async () => {
    const body = await newsSource().page(1);
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
    const body = await newsSource().page(3);
    expect(seen[0]?.get("skip")).toBe("18");
    expect(body).toMatchObject({ page: 3, hasMore: false });
    expect(body.items.map((item: { slug: string }) => item.slug)).toEqual(["news-18", "news-19"]);
  });

  it("resolves linked assets to https URLs, and marks the attachment", async () => {
    const body = await newsSource().page(1);
    const [first, , , fourth] = body.items;
    expect(first?.image).toEqual({
      url: "https://images.ctfassets.net/space/image-0/hash/news-0.jpg",
      alt: "Description of image-0",
      width: 800,
      height: 450,
    });
    expect(first?.url).toBe("https://congress.example.org/");
    expect(fourth?.image).toBeNull();
    expect(fourth?.attachment).toEqual({
      url: "https://images.ctfassets.net/space/brochure/hash/brochure.pdf",
      fileName: "brochure.pdf",
    });
  });
});

describe("one item of the news from Contentful", () => {
  it("filters by slug and gives the one item", async () => {
    const item = await newsSource().item("news-3");
    expect(seen[0]?.get("fields.slug")).toBe("news-3");
    expect(seen[0]?.get("limit")).toBe("1");
    expect(item?.title).toBe("News 3");
  });

  it("gives nothing when no entry has the slug", async () => {
    expect(await newsSource().item("nothing-here")).toBeNull();
  });
});

describe("defaults and broken links", () => {
  it("fills SPEC's defaults and drops an asset link that does not resolve", async () => {
    msw.use(contentfulEntries([{ id: "bare", slug: "bare", thumbnail: "missing-asset" }], []));
    const body = await newsSource().item("bare");
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
    const body = await newsSource().page(1);
    expect(body.items[0]).toMatchObject({ slug: "untitled", title: "Nameless", date: "2026-01-01" });
  });
});
