import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { NewsItem, NewsPage } from "#shared/schemas/news.ts";
import styles from "./news.module.css";
import { httpNewsApi } from "./news-api.ts";
import { NewsCard } from "./news-card.tsx";

/** How close to the bottom of the page (in px) the next page starts loading (SPEC section 9). */
export const SCROLL_THRESHOLD_PX = 100;

type Props = { first: NewsPage; refresh?: boolean };

/**
 * The news grid from `first` on. Scrolling near the end, or the Load more button, appends the
 * next page; plain ?page=N links let crawlers and readers without JavaScript page through.
 */
export function NewsList({ first, refresh = false }: Props) {
  const [items, setItems] = useState<NewsItem[]>(first.items);
  const [nextPage, setNextPage] = useState(first.page + 1);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const [status, setStatus] = useState<"idle" | "loading" | "failed">("idle");
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  // A prerendered page may predate the newest items: ask for the current page once.
  useEffect(() => {
    if (!refresh) return;
    httpNewsApi.page(first.page).then(
      (fresh) => {
        setItems((current) => (current.length === first.items.length ? fresh.items : current));
        setHasMore((current) => current || fresh.hasMore);
      },
      () => {},
    );
  }, [refresh, first]);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus("loading");
    try {
      const page = await httpNewsApi.page(nextPage);
      setItems((current) => [
        ...current,
        ...page.items.filter((item) => !current.some((c) => c.slug === item.slug)),
      ]);
      setHasMore(page.hasMore);
      setNextPage(page.page + 1);
      setStatus("idle");
    } catch {
      setStatus("failed");
    } finally {
      busy.current = false;
    }
  }, [nextPage]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || status === "failed") return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && loadMore(),
      {
        rootMargin: `0px 0px ${SCROLL_THRESHOLD_PX}px 0px`,
      },
    );
    observer.observe(target);
    return () => observer.disconnect();
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
        {hasMore && status !== "loading" && (
          <button type="button" className="button" onClick={loadMore}>
            Load more
          </button>
        )}
      </div>
      <nav aria-label="News pages" className={styles.pager}>
        {first.page > 1 && (
          <Link to={first.page === 2 ? "/news-events" : `/news-events?page=${first.page - 1}`}>
            Newer news
          </Link>
        )}
        {first.hasMore && (
          <Link to={`/news-events?page=${first.page + 1}`} className={styles.older}>
            Older news
          </Link>
        )}
      </nav>
    </>
  );
}
