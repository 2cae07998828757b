import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { slidesSource } from "../../src/server/slides/slides-source.server.ts";
import { cdaAsset, contentfulSlides } from "../mocks/contentful.ts";
import { setupMsw } from "../support/msw.ts";

/** The home page's slides as its loader reads them from Contentful: slidesSource() configured. */

const assets = [
  cdaAsset("field", "field.jpg"),
  cdaAsset("seeds", "seeds.png", "image/png"),
  cdaAsset("lab", "lab.jpg"),
  cdaAsset("field-large", "field-large.jpg"),
  cdaAsset("emblem", "emblem.svg", "image/svg+xml"),
];
const seen: URLSearchParams[] = [];
const msw = setupMsw(
  contentfulSlides(
    [
      // One entry with a list of two images and a lightbox: two slides, both with that lightbox.
      { id: "harvest", image: ["field", "seeds"], lightbox: "field-large" },
      // One entry with a single image and no lightbox.
      { id: "lab", image: "lab" },
    ],
    assets,
    seen,
  ),
);

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

const get = () => slidesSource().all();
const base = "https://images.ctfassets.net/space";

describe("slides from Contentful", () => {
  it("asks for sliderShow entries and makes one slide per image, with https URLs", async () => {
    const body = await get();
    expect(seen[0]?.get("content_type")).toBe("sliderShow");
    expect(body.map((slide: { image: string }) => slide.image)).toEqual([
      `${base}/field/hash/field.jpg?w=720&fm=webp&q=75`,
      `${base}/seeds/hash/seeds.png?w=720&fm=webp&q=75`,
      `${base}/lab/hash/lab.jpg?w=720&fm=webp&q=75`,
    ]);
    expect(body[0]).toEqual({
      image: `${base}/field/hash/field.jpg?w=720&fm=webp&q=75`,
      srcset: `${base}/field/hash/field.jpg?w=480&fm=webp&q=75 480w, ${base}/field/hash/field.jpg?w=720&fm=webp&q=75 720w`,
      width: 800,
      height: 450,
      alt: "Description of field",
      lightbox: `${base}/field-large/hash/field-large.jpg`,
    });
    expect(body[1]?.lightbox).toBe(`${base}/field-large/hash/field-large.jpg`);
    expect(body[2]?.lightbox).toBeNull();
  });

  it("serves an image the Images API cannot convert as it is", async () => {
    msw.use(contentfulSlides([{ id: "logo", image: "emblem" }], assets));
    const [slide] = await get();
    expect(slide).toMatchObject({ image: `${base}/emblem/hash/emblem.svg`, srcset: null });
  });

  it("skips an entry without images and an image link that does not resolve", async () => {
    msw.use(
      contentfulSlides(
        [{ id: "empty" }, { id: "broken", image: ["missing", "lab"] }, { id: "lab2", image: "field" }],
        assets,
      ),
    );
    const body = await get();
    expect(body.map((slide: { alt: string }) => slide.alt)).toEqual([
      "Description of lab",
      "Description of field",
    ]);
  });
});
