import { byCodeUnits } from "#shared/code-unit-order.ts";
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

/** The years fellows were elected, newest first, compared as numbers ("999" after "2010"). */
export function yearsOf(fellows: readonly Fellow[]): string[] {
  const year = (text: string) => Number.parseInt(text, 10) || 0;
  return [...new Set(fellows.map((fellow) => fellow.fellowOfTheYear).filter(Boolean))].sort(
    (a, b) => year(b) - year(a) || byCodeUnits(b, a),
  );
}
