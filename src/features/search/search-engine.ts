import { runSearch, SEARCH_INDEX_OPTIONS, SEARCH_INDEX_PATH, type SearchHit } from "#shared/site-search.ts";

export type SiteSearch = (query: string) => SearchHit[];

let loading: Promise<SiteSearch> | null = null;

/**
 * The site search, loaded on first use: MiniSearch (its own chunk) and the index file are fetched
 * only when a visitor searches, so no page's first load carries either.
 */
export function loadSiteSearch(): Promise<SiteSearch> {
  loading ??= (async () => {
    const [{ default: MiniSearch }, json] = await Promise.all([
      import("minisearch"),
      fetch(SEARCH_INDEX_PATH).then((response) => {
        if (!response.ok) throw new Error(`${SEARCH_INDEX_PATH} answered ${response.status}`);
        return response.text();
      }),
    ]);
    const index = MiniSearch.loadJSON(json, SEARCH_INDEX_OPTIONS);
    return (query: string) => runSearch(index, query);
  })();
  // A failed load (offline for a moment) is tried again on the next keystroke.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
