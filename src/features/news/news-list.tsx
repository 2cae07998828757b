import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import type { NewsItem, NewsPage } from "#shared/schemas/news.ts";
import styles from "./news.module.css";
import { NewsCard } from "./news-card.tsx";

/** How close to the end of the list (in px) the reader must be for the next page to load (SPEC section 9). */
export const SCROLL_THRESHOLD_PX = 100;

/** The address of a page of the news: each is a page of its own, prerendered. */
export const newsPagePath = (page: number) => (page === 1 ? "/news-events" : `/news-events/page/${page}`);

/**
 * The query that marks Load more's read of a page (`/news-events/page/3?more`): the page's route
 * answers its failure as data (`{ failed: true }`, its clientLoader) instead of showing its error
 * page, so the list stays and says so. The CDN serves the prerendered page data whatever the query.
 */
export const LOAD_MORE = "more";

/** What Load more's read of a page gives: the page's data, or its failure. */
export type NextPage = { page: NewsPage } | { failed: true };

/**
 * Whether the end of the list is at most SCROLL_THRESHOLD_PX below the bottom of the window, or
 * already above it. Measured rather than observed: a reader who jumps to the foot of the page
 * (End, a flick on a phone) passes the end of the list without it ever being in view, and on a
 * narrow screen the footer alone is taller than the window.
 */
const nearEnd = (end: Element) => end.getBoundingClientRect().top <= window.innerHeight + SCROLL_THRESHOLD_PX;

type Props = { first: NewsPage };

/**
 * The news grid from `first` on. Scrolling near the end, or the Load more button, appends the
 * next page (its prerendered page data, read by a fetcher); the plain page links let crawlers and
 * readers without JavaScript page through (Load more is one of them until the page has hydrated).
 */
export function NewsList({ first }: Props) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<NewsItem[]>(first.items);
  const [nextPage, setNextPage] = useState(first.page + 1);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const fetcher = useFetcher<NextPage>();
  // The page's answer once it is in: a failure stays until Load more is pressed again.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = answer !== undefined && "failed" in answer;
  const status = fetcher.state !== "idle" ? "loading" : failed ? "failed" : "idle";
  const sentinel = useRef<HTMLDivElement>(null);
  // The last page asked for: a scroll and a press in one frame, or a page in but not yet appended,
  // ask for it once.
  const asked = useRef(0);

  const loadMore = useCallback(() => {
    if (asked.current >= nextPage && !failed) return;
    asked.current = nextPage;
    void fetcher.load(`${newsPagePath(nextPage)}?${LOAD_MORE}`);
  }, [fetcher.load, nextPage, failed]);

  // A page that has come is appended once (its items not already listed), then the next is due.
  // A page already appended is left alone: the router reads a fetcher's page again after any form
  // is posted (the footer's newsletter box), and that copy must not set the list back.
  useEffect(() => {
    if (!answer || "failed" in answer) return;
    const { page } = answer;
    if (page.page < nextPage) return;
    setItems((current) => [
      ...current,
      ...page.items.filter((item) => !current.some((c) => c.slug === item.slug)),
    ]);
    setHasMore(page.hasMore);
    setNextPage(page.page + 1);
  }, [answer, nextPage]);

  // Checked on every scroll and resize, and again once a page has arrived: a reader still at the
  // foot of the page then gets the next one too.
  useEffect(() => {
    const end = sentinel.current;
    if (!end || !hasMore || status !== "idle") return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (nearEnd(end)) loadMore();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [hasMore, status, loadMore]);

  return (
    <>
      {items.length === 0 ? (
        <p>There is no news yet.</p>
      ) : (
        <ul className={styles.grid}>
          {items.map((item) => (
            <li key={item.slug}>
              <NewsCard item={item} />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} aria-hidden="true" />
      <div className={styles.more}>
        {status === "loading" && <p role="status">Loading more items...</p>}
        {status === "failed" && (
          <p role="alert" className="error-text">
            Failed to load news items.
          </p>
        )}
        {hasMore &&
          status !== "loading" &&
          (hydrated ? (
            <button type="button" className="button" onClick={loadMore}>
              Load more
            </button>
          ) : (
            <a className="button" href={newsPagePath(first.page + 1)}>
              Load more
            </a>
          ))}
      </div>
      <nav aria-label="News pages" className={styles.pager}>
        {first.page > 1 && <Link to={newsPagePath(first.page - 1)}>Newer news</Link>}
        {first.hasMore && (
          <Link to={newsPagePath(first.page + 1)} className={styles.older}>
            Older news
          </Link>
        )}
      </nav>
    </>
  );
}
