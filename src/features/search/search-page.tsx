import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { SEARCH_KINDS, SEARCH_QUERY_MAX, type SearchHit, type Segment } from "#shared/site-search.ts";
import styles from "./search.module.css";

/** How long typing must pause before the search is asked again. */
const TYPING_PAUSE_MS = 300;

/** `total`: how many results matched in all, of which `hits` are the first (at most 50). */
type Props = { query: string; hits: SearchHit[]; total: number; failed: boolean };

/**
 * The search page: a plain GET form to /search, answered by its loader. With JavaScript, results
 * follow the typing: once it pauses, the form is submitted in place (the router replaces the
 * history entry), and the server's answer replaces the results.
 */
export function SearchPage({ query, hits, total, failed }: Props) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  const [typed, setTyped] = useState(query);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const box = useRef<HTMLInputElement>(null);
  // A search from the header's box while already here brings a new query: the box follows it.
  useEffect(() => setTyped(query), [query]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Words typed into the box before the page hydrated are in it but were never searched for (no
  // change event reached React): the page searches for them now, as typing would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration, against the query served
  useEffect(() => {
    const input = box.current;
    if (!input?.form || input.value === query) return;
    setTyped(input.value);
    submit(input.form, { replace: true, preventScrollReset: true });
  }, []);

  return (
    <>
      <search>
        <Form className={styles.form} action="/search" method="get" replace preventScrollReset>
          <label htmlFor="search-page-q">Search the whole site</label>
          <input
            id="search-page-q"
            ref={box}
            type="search"
            name="q"
            value={typed}
            maxLength={SEARCH_QUERY_MAX}
            autoComplete="off"
            onChange={(event) => {
              const form = event.currentTarget.form;
              setTyped(event.target.value);
              clearTimeout(timer.current);
              timer.current = setTimeout(
                () => submit(form, { replace: true, preventScrollReset: true }),
                TYPING_PAUSE_MS,
              );
            }}
          />
          <button type="submit" className="button">
            Search
          </button>
        </Form>
      </search>
      <div className={styles.results} aria-busy={searching || undefined}>
        <SearchResults query={query} hits={hits} total={total} failed={failed} />
      </div>
    </>
  );
}

function SearchResults({ query, hits, total, failed }: Props) {
  if (failed)
    return (
      <p role="alert" className="error-text">
        The search is unavailable right now. Please try again shortly.
      </p>
    );
  if (!query) return <p role="status">Type a word or a name to search the whole site.</p>;
  const quoted = `“${query}”`;
  if (hits.length === 0)
    return (
      <p role="status" className={styles.status}>
        No results for {quoted}. Try fewer or shorter words.
      </p>
    );
  return (
    <>
      <p role="status" className={styles.status}>
        {total > hits.length
          ? `First ${hits.length} of ${total.toLocaleString("en-IN")} results`
          : hits.length === 1
            ? "1 result"
            : `${hits.length} results`}{" "}
        for {quoted}
        {/* A list cut short says so, and how to find the rest: the results are best first. */}
        {total > hits.length && ". Add a word to narrow them, such as a name, an institution or a city."}
      </p>
      <ol className={styles.list}>
        {hits.map((hit, index) => (
          // Several hits may share a URL (two members on one directory page): the place in the
          // list makes each key unique, so a new answer's list replaces the old one whole.
          // biome-ignore lint/suspicious/noArrayIndexKey: hits hold no state, and one URL may come twice
          <li key={`${index}:${hit.url}`} className={styles.hit}>
            <Link to={sitePath(hit.url)}>
              <Marked segments={hit.title} />
            </Link>
            <p className={styles.where}>
              {SEARCH_KINDS[hit.kind]} · {hit.page}
            </p>
            <p className={styles.snippet}>
              <Marked segments={hit.snippet} />
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}

/** Words of a result, the ones matching the query marked. */
function Marked({ segments }: { segments: readonly Segment[] }) {
  return segments.map((segment, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the segments are fixed runs of one text, in order
    segment.mark ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
  );
}

/** Only site paths from the index are linked; anything else falls back to the home page. */
const sitePath = (url: string) => (/^\/(?!\/)[^\s"'<>]*$/.test(url) ? url : "/");
