import { z } from "../zod.ts";

/** A slide image URL: an https URL (Contentful) or a site path (content/slides.json). */
const imageUrl = z.string().regex(/^(https:\/\/|\/(?!\/))\S+$/, "must be an https URL or a site path");

/** One slide of the home page slider, as GET /api/slides answers it. */
export const slideSchema = z.strictObject({
  /** The image shown in the slider (the srcset's fallback). */
  image: imageUrl,
  /** Responsive candidates ("url 480w, url 720w"), or null when there is only `image`. */
  srcset: z.string().min(1).nullable(),
  /** Intrinsic size, so the browser reserves the space before the image arrives. */
  width: z.int().positive(),
  height: z.int().positive(),
  alt: z.string(),
  /** The larger image the lightbox shows, or null when the entry has none. */
  lightbox: imageUrl.nullable(),
});
export type Slide = z.infer<typeof slideSchema>;

export const slidesSchema = z.array(slideSchema);

/** Reads the slides: the server's sources and the browser's API client both have this shape. */
export interface SlidesApi {
  all(): Promise<Slide[]>;
}
