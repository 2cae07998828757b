import type { Fellow } from "#shared/schemas/directory.ts";
import { foldText, matchesTerms, queryTerms } from "#shared/search-text.ts";

export type SearchableFellow = { fellow: Fellow; folded: string };

export function searchableFellows(fellows: readonly Fellow[]): SearchableFellow[] {
  return fellows.map((fellow) => ({
    fellow,
    folded: foldText([fellow.name, fellow.university, fellow.address].join(" ")),
  }));
}

/** Fellows matching every word of `query` (name, institution or address), of `year` if given. */
export function findFellows(index: readonly SearchableFellow[], query: string, year: string): Fellow[] {
  const terms = queryTerms(query);
  return index
    .filter(({ fellow, folded }) => (!year || fellow.fellowOfTheYear === year) && matchesTerms(folded, terms))
    .map(({ fellow }) => fellow);
}

/**
 * The years fellows were elected, newest first. Compared as numbers by hand: a locale-aware
 * compare builds an ICU collator, and the first one costs a phone tens of milliseconds as the
 * page hydrates.
 */
export function yearsOf(fellows: readonly Fellow[]): string[] {
  const year = (text: string) => Number.parseInt(text, 10) || 0;
  return [...new Set(fellows.map((fellow) => fellow.fellowOfTheYear).filter(Boolean))].sort(
    (a, b) => year(b) - year(a) || (a < b ? 1 : a > b ? -1 : 0),
  );
}
