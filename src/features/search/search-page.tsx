import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { pendingMark } from "#components/layout/pending.tsx";
import { searchResultsHtml } from "#shared/search-results-html.ts";
import { cleanQuery, SEARCH_QUERY_MAX, type SearchHit } from "#shared/site-search.ts";
import styles from "./search.module.css";
import { loadSiteSearch } from "./search-engine.ts";

/** Id of the results container: the no-JavaScript function fills the same element. */
export const SEARCH_RESULTS_ID = "search-results";
export const SEARCH_INPUT_ID = "search-page-q";

const URL_UPDATE_DELAY_MS = 400;

/**
 * `hits` is null when there are none to show yet: the index is still loading for `query` and no
 * earlier query's hits are kept. (With no query, the page shows its prompt whatever `hits` is.)
 */
type Results = { query: string; hits: SearchHit[] | null; failed: boolean };

/** The search page: results as you type, from the index loaded on the first search. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get("q") ?? "";
  const [query, setQuery] = useState(fromUrl);
  const [results, setResults] = useState<Results>({ query: "", hits: null, failed: false });
  const navigate = useNavigate();
  const resultsRef = useRef<HTMLDivElement>(null);

  // A search from the header box while already here changes the URL: follow it. Only a change:
  // on the first render the box may hold words typed before hydration (below).
  const urlQuery = useRef(fromUrl);
  useEffect(() => {
    if (fromUrl === urlQuery.current) return;
    urlQuery.current = fromUrl;
    setQuery(fromUrl);
  }, [fromUrl]);

  useEffect(() => {
    const cleaned = cleanQuery(query);
    if (!cleaned) {
      setResults({ query: "", hits: null, failed: false });
      return;
    }
    let live = true;
    setResults((current) =>
      current.query === cleaned ? current : { query: cleaned, hits: current.hits, failed: false },
    );
    loadSiteSearch().then(
      (search) => live && setResults({ query: cleaned, hits: search(cleaned), failed: false }),
      () => live && setResults({ query: cleaned, hits: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [query]);

  // Keep the URL shareable without a history entry per keystroke, once typing pauses: a router
  // navigation per key would cost more than the search itself.
  const urlTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(urlTimer.current), []);
  const change = (value: string) => {
    setQuery(value);
    clearTimeout(urlTimer.current);
    urlTimer.current = setTimeout(
      () => setParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true }),
      URL_UPDATE_DELAY_MS,
    );
  };

  // Words typed into the served page's box before its script arrived are the search: adopt them
  // before anything renders the box again from the URL's (empty) query, which would erase them.
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render after hydration
  useLayoutEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed !== fromUrl) change(typed);
  }, []);

  // Results are plain links in shared markup; follow them inside the app (Enter on a link clicks it).
  useEffect(() => {
    const container = resultsRef.current;
    const follow = (event: globalThis.MouseEvent) => {
      const link = (event.target as HTMLElement).closest("a");
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      navigate(link.getAttribute("href") ?? "/");
    };
    container?.addEventListener("click", follow);
    return () => container?.removeEventListener("click", follow);
  }, [navigate]);

  const html = results.failed
    ? `<p role="alert" class="error-text">The search could not be loaded. Please try again.</p>`
    : searchResultsHtml(results.query, results.query && results.hits === null ? null : (results.hits ?? []));
  // Pending until the hits for what the box holds are in: /search?q=…, filled in by the
  // no-JavaScript function and rendered afresh, keeps its served results on screen until then.
  const cleaned = cleanQuery(query);
  const pending = !results.failed && cleaned !== "" && (results.query !== cleaned || results.hits === null);
  return (
    <>
      <search>
        <form
          className={styles.form}
          action="/search"
          method="get"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={SEARCH_INPUT_ID}>Search the whole site</label>
          <input
            ref={input}
            id={SEARCH_INPUT_ID}
            type="search"
            name="q"
            value={query}
            maxLength={SEARCH_QUERY_MAX}
            autoComplete="off"
            onChange={(event) => change(event.target.value)}
          />
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </search>
      <div
        id={SEARCH_RESULTS_ID}
        className={styles.results}
        ref={resultsRef}
        {...(pending ? pendingMark : {})}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: searchResultsHtml escapes every text it writes (tested), and this same markup is what the no-JavaScript function serves
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
