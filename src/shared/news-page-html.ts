/**
 * Turns the site's 404 page into the page of a news item that was published after the last
 * build: the head gets the item's title, description, canonical link and preview image, and
 * <main> a plain rendering of the item for readers without JavaScript (with it, React renders
 * the real page). Pure string work, so the edge function stays thin and this is unit-tested.
 */
import { escapeHtml } from "./escape-html.ts";
import { formatNewsDate } from "./format-date.ts";
import { NEWS_DEFAULTS } from "./news-constants.ts";
import type { NewsItem } from "./schemas/news.ts";

function setMeta(html: string, attribute: "name" | "property", key: string, value: string): string {
  const tag = new RegExp(`<meta ${attribute}="${key}" content="[^"]*" />`);
  const replacement = `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return tag.test(html)
    ? html.replace(tag, replacement)
    : html.replace("</head>", `  ${replacement}\n  </head>`);
}

export function newsPageHtml(
  notFoundPage: string,
  item: NewsItem,
  pageUrl: string,
  siteName: string,
): string {
  const title = `${item.title} | ${siteName}`;
  const description = item.description.replace(/\s+/g, " ").slice(0, 160);
  const image = item.image ? new URL(item.image.url, pageUrl).href : null;
  let html = notFoundPage
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<link rel="canonical" href="[^"]*" \/>/,
      `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    );
  html = setMeta(html, "name", "description", description);
  html = setMeta(html, "property", "og:type", "article");
  html = setMeta(html, "property", "og:title", title);
  html = setMeta(html, "property", "og:description", description);
  html = setMeta(html, "property", "og:url", pageUrl);
  if (image) html = setMeta(html, "property", "og:image", image);
  return html.replace(
    /(<main[^>]*>)[\s\S]*<\/main>/,
    (_, open: string) => `${open}${articleHtml(item)}</main>`,
  );
}

function articleHtml(item: NewsItem): string {
  const when = formatNewsDate(item.date, NEWS_DEFAULTS.date);
  const paragraphs = item.description
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join("");
  const attachment = item.attachment
    ? `<p><a href="${escapeHtml(item.attachment.url)}" download="${escapeHtml(item.attachment.fileName)}">Download Attachment</a></p>`
    : "";
  const image = item.image
    ? `<img src="${escapeHtml(item.image.url)}" alt="${escapeHtml(item.image.alt)}" width="800" height="450" />`
    : "";
  return `<div class="page"><p><a href="/news-events">Back to News</a></p><article><h1>${escapeHtml(item.title)}</h1><p>${escapeHtml(when.date)}${when.time ? ` ${escapeHtml(when.time)}` : ""}</p>${image}<div class="prose">${paragraphs}</div>${attachment}</article></div>`;
}

/** Enough of a check on the API's answer to render it safely (the API validated it already). */
export function isNewsItem(value: unknown): value is NewsItem {
  const item = value as Partial<NewsItem> | null;
  return (
    typeof item === "object" &&
    item !== null &&
    typeof item.slug === "string" &&
    typeof item.title === "string" &&
    typeof item.description === "string"
  );
}
