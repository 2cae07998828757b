import type { SlidesApi } from "#shared/schemas/slides.ts";
import { contentfulSourceConfig } from "../content/content-scope.server.ts";
import { contentfulSlides } from "./contentful-slides.server.ts";
import { localSlides } from "./local-slides.server.ts";

/** Contentful's sliderShow entries when it is configured, else content/slides.json. */
export function slidesSource(): SlidesApi {
  // In the secretariat's preview, the drafts too (src/server/content/preview.server.ts).
  const contentful = contentfulSourceConfig();
  return contentful ? contentfulSlides(contentful) : localSlides();
}
