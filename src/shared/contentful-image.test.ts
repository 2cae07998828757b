import { describe, expect, it } from "vitest";
import { responsiveImage } from "./contentful-image.ts";

const photo = { src: "//images.ctfassets.net/space1/asset1/token/field-trial.jpg", width: 1000, height: 600 };

describe("responsive images from Contentful", () => {
  it("offers each width up to the original's, in the format asked for, at its intrinsic size", () => {
    expect(responsiveImage(photo, { format: "avif" })).toEqual({
      src: "https://images.ctfassets.net/space1/asset1/token/field-trial.jpg?fm=avif&w=1000&q=75",
      srcSet: [320, 480, 640, 960, 1000]
        .map(
          (w) => `https://images.ctfassets.net/space1/asset1/token/field-trial.jpg?fm=avif&w=${w}&q=75 ${w}w`,
        )
        .join(", "),
      width: 1000,
      height: 600,
    });
  });

  it("takes the widths and quality a place needs, and an https URL as well", () => {
    const image = responsiveImage(
      { ...photo, src: `https:${photo.src}?w=50`, width: 4800, height: 2700 },
      { format: "webp", widths: [720, 480], quality: 60 },
    );
    expect(image.srcSet).toBe(
      ["480", "720", "4000"]
        .map(
          (w) => `https://images.ctfassets.net/space1/asset1/token/field-trial.jpg?fm=webp&w=${w}&q=60 ${w}w`,
        )
        .join(", "),
    );
    expect(image.src).toMatch(/w=4000&q=60$/);
    expect([image.width, image.height]).toEqual([4800, 2700]);
  });

  it.each([
    ["a site path", "/images/about-field-trial.svg"],
    ["an SVG on Contentful", "//images.ctfassets.net/space1/asset2/token/chromosomes.svg"],
    ["a file on another host", "https://assets.ctfassets.net/space1/asset3/token/photo.jpg"],
  ])("gives %s back as it is", (_name, src) => {
    expect(responsiveImage({ src, width: 640, height: 400 }, { format: "webp" })).toEqual({
      src: src.startsWith("//") ? `https:${src}` : src,
      width: 640,
      height: 400,
    });
  });
});
