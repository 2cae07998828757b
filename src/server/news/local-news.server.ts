import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { NEWS_PAGE_SIZE, type NewsItem } from "#shared/schemas/news.ts";
import { z } from "#shared/zod.ts";
import { newsItemWithDefaults } from "./news-defaults.server.ts";
import type { NewsSource } from "./news-source.server.ts";

/** Where the site serves content/news/media/ (copied there by the build, served by the dev server). */
export const NEWS_MEDIA_PATH = "/news-media/";

const mediaFile = z.string().regex(/^media\/[\w.-]+$/, "must be a file in content/news/media/");
const frontMatterSchema = z
  .strictObject({
    title: z.string().optional(),
    date: z.string().optional(),
    image: mediaFile.optional(),
    imageAlt: z.string().optional(),
    attachment: mediaFile.optional(),
    url: z.url().optional(),
  })
  .refine((data) => !data.image || data.imageAlt, { message: "an image needs imageAlt", path: ["imageAlt"] });

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Parses one news file: YAML front matter between `---` lines, then the body text. */
export function parseNewsFile(slug: string, text: string): NewsItem {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`content/news/${slug}.md: no front matter`);
  const result = frontMatterSchema.safeParse(parse(match[1] ?? ""));
  if (!result.success) {
    const problem = result.error.issues[0];
    throw new Error(`content/news/${slug}.md: ${problem?.path.join(".")}: ${problem?.message}`);
  }
  const meta = result.data;
  const mediaUrl = (file: string) => NEWS_MEDIA_PATH + file.slice("media/".length);
  return newsItemWithDefaults({
    slug,
    title: meta.title,
    description: match[2],
    date: meta.date,
    image: meta.image ? { url: mediaUrl(meta.image), alt: meta.imageAlt ?? "" } : null,
    attachment: meta.attachment
      ? { url: mediaUrl(meta.attachment), fileName: path.basename(meta.attachment) }
      : null,
    url: meta.url,
  });
}

/** Newest first; items without a date last. */
export function byDateDescending(a: NewsItem, b: NewsItem): number {
  return (b.date ?? "").localeCompare(a.date ?? "");
}

/** News from the Markdown files under content/news/: the embedded default. */
export function localNews(directory = path.resolve("content/news")): NewsSource {
  // Read afresh on every call: a few dozen small files, and the CDN caches the answers anyway.
  const all = async () => {
    const files = (await readdir(directory)).filter((file) => file.endsWith(".md"));
    const items = await Promise.all(
      files.map(async (file) =>
        parseNewsFile(file.slice(0, -3), await readFile(path.join(directory, file), "utf8")),
      ),
    );
    return items.sort(byDateDescending);
  };
  return {
    async page(page) {
      const items = await all();
      const start = (page - 1) * NEWS_PAGE_SIZE;
      return {
        items: items.slice(start, start + NEWS_PAGE_SIZE),
        page,
        hasMore: start + NEWS_PAGE_SIZE < items.length,
      };
    },
    async item(slug) {
      return (await all()).find((item) => item.slug === slug) ?? null;
    },
    all,
  };
}
