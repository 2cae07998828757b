import type { Asset, Entry, EntryFieldTypes, EntrySkeletonType } from "contentful";
import { NEWS_PAGE_SIZE, type NewsItem } from "#shared/schemas/news.ts";
import { allEntries, contentfulClient } from "../contentful.server.ts";
import type { ContentfulConfig } from "../env.server.ts";
import { newsItemWithDefaults } from "./news-defaults.server.ts";
import type { NewsSource } from "./news-source.server.ts";

type NewsSkeleton = EntrySkeletonType<{
  name: EntryFieldTypes.Symbol;
  slug: EntryFieldTypes.Symbol;
  description: EntryFieldTypes.Text;
  date: EntryFieldTypes.Date;
  thumbnail: EntryFieldTypes.AssetLink;
  screenshot: EntryFieldTypes.AssetLink;
  url: EntryFieldTypes.Symbol;
}>;
type NewsEntry = Entry<NewsSkeleton, "WITHOUT_UNRESOLVABLE_LINKS">;

/** Contentful asset URLs are protocol-relative (//images.ctfassets.net/...). */
export function absoluteAssetUrl(url: string): string {
  return url.startsWith("//") ? `https:${url}` : url;
}

function assetFields(asset: Asset<"WITHOUT_UNRESOLVABLE_LINKS"> | undefined) {
  const file = asset?.fields.file;
  if (!asset || !file?.url) return null;
  return { asset, file, url: absoluteAssetUrl(file.url) };
}

/** Maps one CDA entry to a news item, applying SPEC's defaults to missing fields. */
export function toNewsItem(entry: NewsEntry): NewsItem {
  const { fields } = entry;
  const thumbnail = assetFields(fields.thumbnail);
  const screenshot = assetFields(fields.screenshot);
  return newsItemWithDefaults({
    slug: fields.slug,
    title: fields.name,
    description: fields.description,
    date: fields.date,
    image: thumbnail && {
      url: thumbnail.url,
      alt: thumbnail.asset.fields.description || thumbnail.asset.fields.title || "",
      width: thumbnail.file.details?.image?.width,
      height: thumbnail.file.details?.image?.height,
    },
    attachment: screenshot && { url: screenshot.url, fileName: screenshot.file.fileName || "attachment" },
    url: fields.url,
  });
}

export function contentfulNews(config: ContentfulConfig): NewsSource {
  const client = contentfulClient(config);

  const query = (limit: number, skip: number, slug?: string) =>
    client.getEntries<NewsSkeleton>({
      content_type: config.newsContentType,
      include: 2,
      limit,
      skip,
      order: ["-fields.date"],
      ...(slug ? { "fields.slug": slug } : {}),
    });

  return {
    async page(page) {
      const result = await query(NEWS_PAGE_SIZE, (page - 1) * NEWS_PAGE_SIZE);
      return { items: result.items.map(toNewsItem), page, hasMore: page * NEWS_PAGE_SIZE < result.total };
    },
    async item(slug) {
      const result = await query(1, 0, slug);
      const entry = result.items[0];
      return entry ? toNewsItem(entry) : null;
    },
    async all() {
      return (await allEntries(query, 100)).map(toNewsItem);
    },
  };
}
