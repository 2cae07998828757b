import { describe, expect, it } from "vitest";
import { localSlides, parseSlidesFile } from "./local-slides.server.ts";

describe("content/slides.json", () => {
  it("is valid, and every slide's images exist under public/", async () => {
    const { existsSync } = await import("node:fs");
    const slides = await localSlides().all();
    expect(slides.length).toBeGreaterThan(1);
    for (const slide of slides) {
      const files = [
        slide.image,
        slide.lightbox,
        ...(slide.srcset ?? "").split(", ").map((c) => c.split(" ")[0]),
      ];
      for (const file of files) if (file) expect(existsSync(`public${file}`), file).toBe(true);
    }
  });

  it("names the field of a bad slide", () => {
    expect(() => parseSlidesFile('[{"image":"//cdn/x.webp"}]')).toThrow(/content\/slides\.json: 0\.image/);
    expect(() => parseSlidesFile("[")).toThrow(/content\/slides\.json: not valid JSON/);
  });
});
