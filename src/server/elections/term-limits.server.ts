import { postOf } from "#shared/elections/elections.ts";
import { ZONE_LABELS, ZONES } from "#shared/elections/zones.ts";
import type { OfficeBearers } from "#shared/schemas/office-bearers.ts";
import { pageContent } from "../content/page-content.server.ts";

/**
 * The constitution's limits on re-election, checked against the office bearers' history the site
 * holds (content/office-bearers.yaml, by term): no one holds the same office for more than two
 * consecutive terms (the Editor three), and a former President stands again only once, after three
 * terms have passed since the presidency. People are matched by name, as the history records them,
 * so a match is a flag for the Returning Officer to decide, never a refusal.
 */

const TITLES = /^(dr|prof|professor|shri|smt|sri|mr|mrs|ms|miss)\.?\s+/;

/** A name folded for matching: case, titles, punctuation and spacing do not matter. */
export function foldName(name: string): string {
  let folded = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z\s]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  while (TITLES.test(folded)) folded = folded.replace(TITLES, "");
  return folded;
}

const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim();
const ZONE_BY_LABEL = new Map(ZONES.map((zone) => [fold(ZONE_LABELS[zone]), zone]));

/** The post a title of the history names: "Vice Presidents" → vice-president, "Councillor (North Zone)" → councillor-nz. */
export function postOfTitle(title: string): string | null {
  const folded = fold(title);
  if (folded === "president") return "president";
  if (/^vice presidents?$/.test(folded)) return "vice-president";
  if (["secretary", "treasurer", "editor"].includes(folded)) return folded;
  const zone = /^councillor (.+)$/.exec(folded)?.[1];
  const code = zone ? ZONE_BY_LABEL.get(zone) : undefined;
  return code ? `councillor-${code.toLowerCase()}` : null;
}

const startYear = (term: string) => Number(term.slice(0, 4));

/** The terms before `term`, the latest first. */
export const termsBefore = (history: OfficeBearers, term: string) =>
  history.years
    .filter((year) => startYear(year) < startYear(term))
    .sort((a, b) => startYear(b) - startYear(a));

/** Whether the history has `name` holding `post` in `term` (a title may list several names, one a line). */
function held(history: OfficeBearers, term: string, post: string, name: string): boolean | null {
  const bearers = history.terms[term];
  if (!bearers) return null;
  return bearers.some(
    (bearer) =>
      postOfTitle(bearer.title) === post && bearer.name.split("\n").some((line) => foldName(line) === name),
  );
}

/**
 * Why standing for `office` in the election for `term` would break a limit on re-election, in
 * words for the Returning Officer; null when the history shows no such thing.
 */
export function termLimitIssue(
  history: OfficeBearers,
  office: string,
  label: string,
  candidate: string,
  term: string,
): string | null {
  const post = postOf(office);
  const name = foldName(candidate);
  if (!name) return null;
  const before = termsBefore(history, term);
  const limit = post === "editor" ? 3 : 2;
  const run: string[] = [];
  for (const past of before) {
    if (held(history, past, post, name) !== true) break;
    run.push(past);
  }
  if (run.length >= limit)
    return `The office bearers' record shows ${candidate} as ${label} in the ${run.length} terms before this one (${[...run].reverse().join(", ")}): no one may hold the same office for more than ${limit === 3 ? "three" : "two"} consecutive terms.`;
  if (post === "president") {
    const presidencies = before.filter((past) => held(history, past, "president", name) === true);
    const recent = presidencies.filter((past) => before.indexOf(past) < 3);
    if (recent.length > 0)
      return `The office bearers' record shows ${candidate} as President in ${recent.join(", ")}: a former President may stand again only after three terms have passed since the presidency.`;
    // A presidency of consecutive terms is one; two apart are the once more the rules allow.
    const stints = presidencies.filter((past) => {
      const later = before[before.indexOf(past) - 1];
      return !later || !presidencies.includes(later);
    });
    if (stints.length > 1)
      return `The office bearers' record shows ${candidate} as President in ${presidencies.join(", ")}: a former President may be elected President once more only.`;
  }
  return null;
}

/** The same, against the history in the site's content now. */
export async function termLimitFlag(office: string, label: string, candidate: string, term: string) {
  return termLimitIssue(await pageContent("office-bearers.yaml"), office, label, candidate, term);
}
