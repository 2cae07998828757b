import { readFile } from "node:fs/promises";
import path from "node:path";
import MiniSearch from "minisearch";
import { escapeHtml } from "#shared/escape-html.ts";
import { searchResultsHtml } from "#shared/search-results-html.ts";
import {
  runSearch,
  SEARCH_INDEX_OPTIONS,
  type SearchableIndex,
  type SearchHit,
} from "#shared/site-search.ts";

/** Where the build leaves the prerendered search page and the index (shipped with the function). */
const SHELL_FILE = "dist/search/index.html";
const INDEX_FILE = "dist/search-index.json";
const RESULTS_ID = "search-results";
const INPUT_ID = "search-page-q";

let shell: Promise<string> | undefined;
let index: Promise<SearchableIndex> | undefined;

/** The prerendered /search page and the index, read once per warm instance. */
export function searchAssets(root = process.cwd()): {
  shell: Promise<string>;
  index: Promise<SearchableIndex>;
} {
  shell ??= readFile(path.join(root, SHELL_FILE), "utf8");
  index ??= readFile(path.join(root, INDEX_FILE), "utf8").then((json) =>
    MiniSearch.loadJSON(json, SEARCH_INDEX_OPTIONS),
  );
  // A failed read is tried again by the next request rather than kept.
  shell.catch(() => {
    shell = undefined;
  });
  index.catch(() => {
    index = undefined;
  });
  return { shell, index };
}

/**
 * The prerendered search page with a query's results filled in, for visitors without
 * JavaScript: the query in the box and the title, the results where the page shows them. Every
 * piece of the query is escaped. The hydration data is dropped, so a browser that does run the
 * script renders the page afresh for this query instead of hydrating markup made for none.
 */
export function fillSearchPage(page: string, query: string, hits: readonly SearchHit[]): string {
  const results = new RegExp(`(<div[^>]*\\bid="${RESULTS_ID}"[^>]*>)([\\s\\S]*?)(</div>)`);
  if (!results.test(page)) throw new Error(`the search page has no #${RESULTS_ID} element`);
  const escaped = escapeHtml(query);
  return page
    .replace(
      results,
      (_, open: string, _old: string, close: string) => `${open}${searchResultsHtml(query, hits)}${close}`,
    )
    .replace(new RegExp(`<input[^>]*\\bid="${INPUT_ID}"[^>]*>`), (input) =>
      input.includes('value="')
        ? input.replace(/value="[^"]*"/, `value="${escaped}"`)
        : input.replace(/\/?>$/, ` value="${escaped}"$&`),
    )
    .replace(/<title>([^<]*)<\/title>/, (_, title: string) => `<title>${escaped} - ${title}</title>`)
    .replace(/<script type="application\/json" id="hydration-data">[\s\S]*?<\/script>/, "");
}

/** Searches the site's index for a query (already cleaned) and fills the page. */
export async function searchPage(query: string, root?: string): Promise<string> {
  const assets = searchAssets(root);
  const page = await assets.shell;
  if (!query) return page;
  const hits = runSearch(await assets.index, query);
  return fillSearchPage(page, query, hits);
}
