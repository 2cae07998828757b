import { Link } from "react-router";
import { formatNewsDate } from "#shared/format-date.ts";
import { NEWS_DEFAULTS } from "#shared/news-constants.ts";
import type { Headline } from "./headlines.ts";
import { HOME_NEWS_COUNT } from "./headlines.ts";
import styles from "./home.module.css";

type Props = { items: Headline[] };

/** The newest news items, newest first, and the way to the rest. */
export function NewsPreview({ items }: Props) {
  return (
    <section className={styles.newsPreview} aria-labelledby="news-preview-title">
      <h3 id="news-preview-title">Recent news</h3>
      {items.length > 0 ? (
        <ul className={styles.newsList}>
          {items.slice(0, HOME_NEWS_COUNT).map((item) => {
            const when = formatNewsDate(item.date, NEWS_DEFAULTS.date);
            return (
              <li key={item.slug}>
                <Link to={`/news/${item.slug}`} className={styles.newsTitle}>
                  {item.title}
                </Link>
                <span className={styles.newsDate}>{when.date}</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>There is no news yet.</p>
      )}
      <p>
        <Link to="/news-events">View More..</Link>
      </p>
    </section>
  );
}
