import { NEWS_DEFAULTS, type NewsItem } from "#shared/schemas/news.ts";

type RawNews = {
  slug?: string | null;
  title?: string | null;
  description?: string | null;
  date?: string | null;
  image?: NewsItem["image"];
  attachment?: NewsItem["attachment"];
  url?: string | null;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO date-time in UTC, the bare date when there is no time, or null when unreadable. */
export function normalizeDate(value: string | null | undefined): string | null {
  if (!value) return null;
  if (DATE_ONLY.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Fills SPEC section 3's defaults into whatever a source found. */
export function newsItemWithDefaults(raw: RawNews): NewsItem {
  const text = (value: string | null | undefined, fallback: string) => value?.trim() || fallback;
  return {
    slug: text(raw.slug, NEWS_DEFAULTS.slug),
    title: text(raw.title, NEWS_DEFAULTS.title),
    description: text(raw.description, NEWS_DEFAULTS.description),
    date: normalizeDate(raw.date),
    image: raw.image ?? null,
    attachment: raw.attachment ?? null,
    url: safeUrl(raw.url),
  };
}
