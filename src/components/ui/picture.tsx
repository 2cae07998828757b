import { responsiveImage } from "#shared/contentful-image.ts";

type Props = {
  image: { src: string; width: number; height: number };
  alt: string;
  /** The width the image takes at each viewport width (`sizes`). */
  sizes: string;
  className?: string;
  loading?: "lazy" | "eager";
};

/**
 * An image from Contentful at the widths the place needs, AVIF where the browser takes it and WebP
 * otherwise (the Images API, src/shared/contentful-image.ts), with its intrinsic size set so
 * nothing moves when it arrives. Any other image (a site path, an SVG) is a plain `<img>`.
 */
export function Picture({ image, alt, sizes, className, loading }: Props) {
  const webp = responsiveImage(image, { format: "webp" });
  const img = (
    <img
      className={className}
      src={webp.src}
      srcSet={webp.srcSet}
      sizes={webp.srcSet ? sizes : undefined}
      alt={alt}
      width={webp.width}
      height={webp.height}
      loading={loading}
    />
  );
  if (!webp.srcSet) return img;
  const avif = responsiveImage(image, { format: "avif" });
  return (
    <picture>
      <source type="image/avif" srcSet={avif.srcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
