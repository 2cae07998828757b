import { byCodeUnits } from "#shared/code-unit-order.ts";
import type { PublicMember } from "#shared/schemas/directory.ts";
import { foldText, matchesTerms, queryTerms } from "#shared/search-text.ts";

export type SearchableMember = { member: PublicMember; folded: string };

/** Folds each member's searchable fields once, so a keystroke only compares strings. */
export function searchable(members: readonly PublicMember[]): SearchableMember[] {
  return members.map((member) => ({
    member,
    folded: foldText([member.name, member.university, member.city, member.state].join(" ")),
  }));
}

/** Members matching every word of `query` (name, institution, city or state) in `state`, if given. */
export function findMembers(
  index: readonly SearchableMember[],
  query: string,
  state: string,
): PublicMember[] {
  const terms = queryTerms(query);
  const matches: PublicMember[] = [];
  for (const { member, folded } of index) {
    if ((!state || member.state === state) && matchesTerms(folded, terms)) matches.push(member);
  }
  return matches;
}

/** The states members live in, for the filter, in alphabetical order (their names are plain letters). */
export function statesOf(members: readonly PublicMember[]): string[] {
  const states = [...new Set(members.map((member) => member.state).filter(Boolean))];
  return states.sort((a, b) => byCodeUnits(a.toLowerCase(), b.toLowerCase()));
}
