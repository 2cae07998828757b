import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import slides from "../../netlify/functions/slides.ts";
import { cdaAsset, contentfulFails, contentfulHangs, contentfulSlides } from "../mocks/contentful.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole } from "../support/console.ts";
import { setupMsw } from "../support/msw.ts";

allowConsole("error", /^last-good-copy: slides failed upstream, serving the last good copy /);

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

const get = () => slides(new Request("http://localhost/api/slides"));
const base = "https://images.ctfassets.net/space";

describe("GET /api/slides from Contentful", () => {
  it("asks for sliderShow entries and makes one slide per image, with https URLs", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(seen[0]?.get("content_type")).toBe("sliderShow");
    const body = await response.json();
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
    expect(body[1].lightbox).toBe(`${base}/field-large/hash/field-large.jpg`);
    expect(body[2].lightbox).toBeNull();
  });

  it("sends public caching headers", async () => {
    const response = await get();
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(response.headers.get("netlify-cache-tag")).toBe("slides");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves an image the Images API cannot convert as it is", async () => {
    msw.use(contentfulSlides([{ id: "logo", image: "emblem" }], assets));
    const [slide] = await (await get()).json();
    expect(slide).toMatchObject({ image: `${base}/emblem/hash/emblem.svg`, srcset: null });
  });

  it("skips an entry without images and an image link that does not resolve", async () => {
    msw.use(
      contentfulSlides(
        [{ id: "empty" }, { id: "broken", image: ["missing", "lab"] }, { id: "lab2", image: "field" }],
        assets,
      ),
    );
    const body = await (await get()).json();
    expect(body.map((slide: { alt: string }) => slide.alt)).toEqual([
      "Description of lab",
      "Description of field",
    ]);
  });
});

describe("when Contentful fails", () => {
  it.each([
    ["a 500", () => contentfulFails(500)],
    ["a timeout", () => contentfulHangs()],
    ["no slides", () => contentfulSlides([], [])],
  ])("serves the last good copy, marked stale, on %s", async (_, failure) => {
    const fresh = await (await get()).json();
    msw.use(failure());
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-data-stale")).toBe("true");
    expect(await response.json()).toEqual(fresh);
  });
});
