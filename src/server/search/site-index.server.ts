import { readFile } from "node:fs/promises";
import path from "node:path";
import MiniSearch from "minisearch";
import {
  runSearch,
  SEARCH_INDEX_OPTIONS,
  type SearchAnswer,
  type SearchableIndex,
} from "#shared/site-search.ts";

/** Where the build leaves the index (shipped with the server handler through netlify.toml's included_files). */
const INDEX_FILE = "build/client/search-index.json";

let index: Promise<SearchableIndex> | undefined;

/** The site search's index, read once per warm instance; a failed read is tried again next time. */
function siteIndex(root = process.cwd()): Promise<SearchableIndex> {
  index ??= readFile(path.join(root, INDEX_FILE), "utf8").then((json) =>
    MiniSearch.loadJSON(json, SEARCH_INDEX_OPTIONS),
  );
  index.catch(() => {
    index = undefined;
  });
  return index;
}

/** A visitor's query (cleaned) searched over every page of the site: the first results and their count. */
export async function searchSite(query: string, root?: string): Promise<SearchAnswer> {
  return query ? runSearch(await siteIndex(root), query) : { hits: [], total: 0 };
}
