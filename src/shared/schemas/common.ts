import { z } from "../zod.ts";

/** A non-empty, trimmed line of text: names, titles, labels. */
export const line = z.string().trim().min(1).max(300);

/** A paragraph of prose. */
export const paragraph = z.string().trim().min(1).max(4000);

/** A site-absolute path to a file under public/ (e.g. /downloads/x.pdf). */
export const publicPath = z.string().regex(/^\/[a-z0-9/_.-]+$/, "must be a site path like /images/x.svg");

/**
 * A file's address: a site path (the YAML's files, under public/) or an https URL (a file on
 * Contentful's CDN).
 */
export const assetUrl = z
  .string()
  .regex(/^(https:\/\/\S+|\/(?!\/)[a-z0-9/_.-]+)$/, "must be an https URL or a site path like /images/x.svg");

export const externalUrl = z.url({ protocol: /^https$/ });

/** An image with its intrinsic size, so the page keeps its place before it arrives. */
export const image = z.strictObject({
  src: assetUrl,
  alt: line,
  width: z.int().positive(),
  height: z.int().positive(),
  caption: line.optional(),
});

export const person = z.strictObject({ name: line, institute: line });
