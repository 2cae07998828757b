/** Accent- and case-blind text matching for the directory's and fellows' instant search. */

/** Lowercase, without accents, spaces collapsed: "Renée  Iyer" → "renee iyer". */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a query; every one must appear for a record to match. */
export function queryTerms(query: string): string[] {
  return foldText(query).split(" ").filter(Boolean);
}

/** Whether every term occurs in `folded` (a record's fields, already folded). */
export function matchesTerms(folded: string, terms: readonly string[]): boolean {
  return terms.every((term) => folded.includes(term));
}
