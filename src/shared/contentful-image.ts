/**
 * An image at the sizes and in the format a place needs, from Contentful's Images API: the `src`,
 * a `srcSet` of widths (`w=`) in AVIF or WebP (`fm=`), and the intrinsic `width` and `height` so the
 * browser reserves the image's space before it arrives. For a `<picture>`, call it once per format:
 *
 *   const avif = responsiveImage(image, { format: "avif" });
 *   const webp = responsiveImage(image, { format: "webp" });
 *   <picture><source type="image/avif" srcSet={avif.srcSet} sizes="…" />
 *     <img src={webp.src} srcSet={webp.srcSet} sizes="…" width={webp.width} height={webp.height} alt="…" /></picture>
 *
 * A site path (the YAML's images), another host or an SVG is given back as it is, with no srcSet:
 * there is nothing to resize.
 */

export type ImageFormat = "avif" | "webp";

export type ResponsiveImage = { src: string; srcSet?: string; width: number; height: number };

/** Widths offered by default: phone to wide desktop, at 1x and 2x. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1600, 1920] as const;

/** The Images API resizes up to this many pixels wide. */
const API_MAX_WIDTH = 4000;

const IMAGES_HOST = "images.ctfassets.net";

export function responsiveImage(
  image: { src: string; width: number; height: number },
  options: { format: ImageFormat; widths?: readonly number[]; quality?: number },
): ResponsiveImage {
  const { width, height } = image;
  const src = image.src.startsWith("//") ? `https:${image.src}` : image.src;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { src, width, height };
  }
  if (url.hostname !== IMAGES_HOST || url.pathname.toLowerCase().endsWith(".svg"))
    return { src, width, height };

  // Never wider than the original (the API would only blur it): its own width closes the list.
  const largest = Math.min(width, API_MAX_WIDTH);
  const widths = [...new Set([...(options.widths ?? IMAGE_WIDTHS).filter((w) => w < largest), largest])].sort(
    (a, b) => a - b,
  );
  const base = `${url.origin}${url.pathname}`;
  const at = (w: number) => `${base}?fm=${options.format}&w=${w}&q=${options.quality ?? 75}`;
  return {
    src: at(largest),
    srcSet: widths.map((w) => `${at(w)} ${w}w`).join(", "),
    width,
    height,
  };
}
