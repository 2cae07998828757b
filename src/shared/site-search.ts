/**
 * The site search's shared rules: what a document of the index is, how words are folded (the
 * same for the index, the query and the highlighting), and how a result is shown. Used by the
 * build (scripts/build/search-index.ts), the browser (loaded on demand) and the no-JavaScript function.
 */
import type { Options, SearchOptions, SearchResult } from "minisearch";

export const SEARCH_KINDS = {
  page: "Society",
  rules: "Rules",
  "office-bearers": "Office bearers",
  council: "Council and board",
  awards: "Awards",
  news: "News",
  event: "Event",
  congress: "Congress",
  member: "Member",
  fellow: "Fellow",
} as const;
export type SearchKind = keyof typeof SEARCH_KINDS;

/** One searchable section of a prerendered page (or one member or fellow). */
export type SearchDoc = {
  id: number;
  /** Where the result leads: the page, with the section's anchor when it has one. */
  url: string;
  /** The page's title. */
  page: string;
  /** The section's heading, or the person's name. */
  title: string;
  kind: SearchKind;
  /** The section's words, for matching and for the snippet. */
  text: string;
};

/** The index file the build writes and both the browser and the function read. */
export const SEARCH_INDEX_PATH = "/search-index.json";
/** Longer queries are cut here: no one types more, and it bounds the work a request can cause. */
export const SEARCH_QUERY_MAX = 200;
/** At most this many results are shown (the page says how many matched in all). */
export const SEARCH_RESULTS_MAX = 50;

/**
 * Folds a word so that case, accents and the usual variants of romanised Indian spellings do not
 * matter: Swaminathan/Svaminathan, Vishwavidyalaya/Viswavidyalaya/Vishvavidyalaya,
 * Deepak/Dipak, Chhabra/Chabra all fold to one form.
 */
export function foldTerm(word: string): string {
  const plain = word
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
  const folded = plain
    .replace(/ee/g, "i")
    .replace(/oo/g, "u")
    .replace(/w/g, "v")
    .replace(/([a-z])\1+/g, "$1")
    .replace(/([bcdgjkpst])h/g, "$1");
  // Never below two letters: "aaaa", "bbbb" or "eeee" folded to "a", "b" or "i" would match every
  // such word of the site, which no one typing four letters meant. A letter typed alone stays one.
  return folded.length < 2 && plain.length >= 2 ? plain : folded;
}

/** MiniSearch's settings: the index is built and loaded with the same ones. */
export const SEARCH_INDEX_OPTIONS: Options<SearchDoc> = {
  fields: ["title", "page", "text"],
  storeFields: ["url", "page", "title", "kind", "text"],
  processTerm: (term) => foldTerm(term) || null,
};

export const SEARCH_QUERY_OPTIONS: SearchOptions = {
  // Every word must match; the last may be a beginning ("swami"), and long words forgive a typo.
  combineWith: "AND",
  prefix: (term) => term.length >= 2,
  fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
  boost: { title: 3, page: 1.5 },
};

/**
 * The query as searched and shown: control characters dropped (`q=%00` would put a NUL into the
 * page), spaces folded, trimmed, bounded.
 */
export function cleanQuery(query: string | null | undefined): string {
  return (query ?? "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_QUERY_MAX);
}

export type Segment = { text: string; mark: boolean };
export type SearchHit = {
  url: string;
  page: string;
  title: Segment[];
  kind: SearchKind;
  snippet: Segment[];
};

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Splits text into runs, marking the words whose folded form is one of `terms`. */
export function highlight(text: string, terms: ReadonlySet<string>): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    if (!terms.has(foldTerm(match[0]))) continue;
    if (match.index > last) segments.push({ text: text.slice(last, match.index), mark: false });
    segments.push({ text: match[0], mark: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), mark: false });
  return segments;
}

/** About this many characters of text around the first match. */
const SNIPPET_LENGTH = 180;

/** The part of a section's text around its first matching word, highlighted. */
export function snippet(text: string, terms: ReadonlySet<string>): Segment[] {
  let first = 0;
  for (const match of text.matchAll(WORD)) {
    if (terms.has(foldTerm(match[0]))) {
      first = match.index;
      break;
    }
  }
  let start = Math.max(0, first - SNIPPET_LENGTH / 3);
  // Start and end on a word boundary.
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  const body = text.slice(start, end);
  return [
    ...(start > 0 ? [{ text: "… ", mark: false }] : []),
    ...highlight(body, terms),
    ...(end < text.length ? [{ text: " …", mark: false }] : []),
  ];
}

/** Turns MiniSearch's results into what the results list shows. */
export function toHits(results: readonly SearchResult[]): SearchHit[] {
  return results.slice(0, SEARCH_RESULTS_MAX).map((result) => {
    const terms = new Set(result.terms);
    return {
      url: result.url as string,
      page: result.page as string,
      kind: result.kind as SearchKind,
      title: highlight(result.title as string, terms),
      snippet: snippet(result.text as string, terms),
    };
  });
}

/** A loaded index, as far as running a query needs it. */
export type SearchableIndex = { search(query: string, options?: SearchOptions): SearchResult[] };

/** A query's answer: the first SEARCH_RESULTS_MAX results, and how many matched in all. */
export type SearchAnswer = { hits: SearchHit[]; total: number };

/** Runs a visitor's query: cleaned, bounded, never throwing on odd input (markup, regex syntax). */
export function runSearch(index: SearchableIndex, query: string): SearchAnswer {
  let cleaned = cleanQuery(query);
  // A lone letter after other words is a word being typed ("krishi v"): leave it out rather
  // than show no results until the next key.
  cleaned = cleaned.replace(/(\S)\s+[\p{L}\p{N}]$/u, "$1");
  if (!cleaned) return { hits: [], total: 0 };
  const results = index.search(cleaned, SEARCH_QUERY_OPTIONS);
  return { hits: toHits(results), total: results.length };
}
