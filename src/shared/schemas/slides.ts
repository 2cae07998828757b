import { zm } from "../zod.ts";

/** A slide image URL: an https URL (Contentful) or a site path (content/slides.json). */
const imageUrl = zm
  .string()
  .check(zm.regex(/^(https:\/\/|\/(?!\/))\S+$/, "must be an https URL or a site path"));

/** One slide of the home page slider, as its loader gives it. */
export const slideSchema = zm.strictObject({
  /** The image shown in the slider (the srcset's fallback). */
  image: imageUrl,
  /** Responsive candidates ("url 480w, url 720w"), or null when there is only `image`. */
  srcset: zm.nullable(zm.string().check(zm.minLength(1))),
  /** Intrinsic size, so the browser reserves the space before the image arrives. */
  width: zm.int().check(zm.positive()),
  height: zm.int().check(zm.positive()),
  alt: zm.string(),
  /** The larger image the lightbox shows, or null when the entry has none. */
  lightbox: zm.nullable(imageUrl),
});
export type Slide = zm.infer<typeof slideSchema>;

export const slidesSchema = zm.array(slideSchema);

/** Reads the slides: the server's sources and the browser's API client both have this shape. */
export interface SlidesApi {
  all(): Promise<Slide[]>;
}
