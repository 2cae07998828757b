/**
 * The search results as HTML: one function for the browser (the page shows this markup) and the
 * no-JavaScript function (it fills this markup into the prerendered page), so both look alike.
 * Every piece of text is escaped; links are the index's own site paths, never the query.
 */
import { escapeHtml } from "./escape-html.ts";
import { SEARCH_KINDS, type SearchHit, type Segment } from "./site-search.ts";

const segmentsHtml = (segments: readonly Segment[]) =>
  segments
    .map((segment) => (segment.mark ? `<mark>${escapeHtml(segment.text)}</mark>` : escapeHtml(segment.text)))
    .join("");

/** Only site paths from the index are linked; anything else falls back to the home page. */
const safeHref = (url: string) => (/^\/(?!\/)[^\s"'<>]*$/.test(url) ? url : "/");

export function searchResultsHtml(query: string, hits: readonly SearchHit[] | null): string {
  if (!query)
    return `<p role="status" class="search-status">Type a word or a name to search the whole site.</p>`;
  if (hits === null) return `<p role="status" class="search-status">Searching…</p>`;
  const quoted = `“${escapeHtml(query)}”`;
  if (hits.length === 0) {
    return `<p role="status" class="search-status">No results for ${quoted}. Try fewer or shorter words.</p>`;
  }
  const items = hits
    .map(
      (hit) =>
        `<li class="search-hit"><a href="${escapeHtml(safeHref(hit.url))}">${segmentsHtml(hit.title)}</a>` +
        `<p class="search-where">${escapeHtml(SEARCH_KINDS[hit.kind])} · ${escapeHtml(hit.page)}</p>` +
        `<p class="search-snippet">${segmentsHtml(hit.snippet)}</p></li>`,
    )
    .join("");
  const count = hits.length === 1 ? "1 result" : `${hits.length} results`;
  return `<p role="status" class="search-status">${count} for ${quoted}</p><ol class="search-list">${items}</ol>`;
}
