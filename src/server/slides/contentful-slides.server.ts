import type { Asset, Entry, EntryFieldTypes, EntrySkeletonType } from "contentful";
import type { Slide, SlidesApi } from "#shared/schemas/slides.ts";
import { contentfulClient } from "../contentful.server.ts";
import type { ContentfulConfig } from "../env.server.ts";
import { absoluteAssetUrl } from "../news/contentful-news.server.ts";

type SlideSkeleton = EntrySkeletonType<{
  // SPEC section 3: one asset or a list of them; the SDK types cannot say "either", so the list
  // form is declared and a single asset is handled at run time.
  image: EntryFieldTypes.Array<EntryFieldTypes.AssetLink>;
  lightbox: EntryFieldTypes.AssetLink;
}>;
type SlideEntry = Entry<SlideSkeleton, "WITHOUT_UNRESOLVABLE_LINKS">;
type ResolvedAsset = Asset<"WITHOUT_UNRESOLVABLE_LINKS">;

/** Widths offered to the browser through Contentful's Images API. */
const SRCSET_WIDTHS = [480, 720, 1080];
const RASTER = /^image\/(jpeg|png|webp|avif)$/;
/** The slider's shape, assumed when an asset does not say its size. */
const DEFAULT_SIZE = { width: 1600, height: 900 };

function fileUrl(asset: ResolvedAsset | undefined): string | null {
  const url = asset?.fields.file?.url;
  return url ? absoluteAssetUrl(url) : null;
}

/** One slide per image; raster images get WebP renditions at several widths. */
function toSlide(asset: ResolvedAsset, lightbox: string | null): Slide | null {
  const url = fileUrl(asset);
  const file = asset.fields.file;
  if (!url || !file) return null;
  const size = file.details?.image ?? DEFAULT_SIZE;
  const widths = SRCSET_WIDTHS.filter((width) => width < size.width);
  const raster = RASTER.test(file.contentType ?? "") && widths.length > 0;
  const rendition = (width: number) => `${url}?w=${width}&fm=webp&q=75`;
  return {
    image: raster ? rendition(widths.at(-1) as number) : url,
    srcset: raster ? widths.map((width) => `${rendition(width)} ${width}w`).join(", ") : null,
    width: size.width,
    height: size.height,
    alt: asset.fields.description || asset.fields.title || "",
    lightbox,
  };
}

/** SPEC section 3: each image of an entry becomes a slide carrying the entry's lightbox, or none. */
export function toSlides(entry: SlideEntry): Slide[] {
  const images = [entry.fields.image as unknown as ResolvedAsset | ResolvedAsset[] | undefined]
    .flat()
    .filter((asset): asset is ResolvedAsset => Boolean(asset));
  const lightbox = fileUrl(entry.fields.lightbox);
  return images.flatMap((asset) => toSlide(asset, lightbox) ?? []);
}

export function contentfulSlides(config: ContentfulConfig): SlidesApi {
  const client = contentfulClient(config);
  return {
    async all() {
      const result = await client.getEntries<SlideSkeleton>({
        content_type: config.slidesContentType,
        include: 1,
        limit: 100,
      });
      return result.items.flatMap(toSlides);
    },
  };
}
