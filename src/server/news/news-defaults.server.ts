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
/**
 * Midnight written out in the entry's own zone: how a date-only field comes back from an editor
 * that always stores a time (Contentful's "date only" format, a front matter written the same
 * way). It names a day, not an instant: converted to UTC it would read "12:00 am".
 */
const MIDNIGHT_AS_WRITTEN = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.0+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** An ISO date-time in UTC, the bare date when there is no time, or null when unreadable. */
export function normalizeDate(value: string | null | undefined): string | null {
  if (!value) return null;
  if (DATE_ONLY.test(value)) return value;
  const midnight = MIDNIGHT_AS_WRITTEN.exec(value);
  if (midnight?.[1] && !Number.isNaN(Date.parse(midnight[1]))) return midnight[1];
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
