import type { SlidesApi } from "#shared/schemas/slides.ts";
import { contentfulConfig } from "../env.server.ts";
import { contentfulSlides } from "./contentful-slides.server.ts";
import { localSlides } from "./local-slides.server.ts";

/** Contentful's sliderShow entries when it is configured, else content/slides.json. */
export function slidesSource(): SlidesApi {
  const contentful = contentfulConfig();
  return contentful ? contentfulSlides(contentful) : localSlides();
}
