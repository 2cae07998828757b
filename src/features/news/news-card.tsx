import { Link } from "react-router";
import { Picture } from "#components/ui/picture.tsx";
import { formatNewsDate } from "#shared/format-date.ts";
import { NEWS_DEFAULTS } from "#shared/news-constants.ts";
import type { NewsItem } from "#shared/schemas/news.ts";
import styles from "./news.module.css";

/** A card's width: the grid's one, two or three columns (news.module.css) in the page's 72rem. */
const CARD_SIZES = "(min-width: 64em) 23rem, (min-width: 40em) 50vw, 100vw";

/** One news item in the grid: image, title, summary, date, time and attachment. */
export function NewsCard({ item }: { item: NewsItem }) {
  const when = formatNewsDate(item.date, NEWS_DEFAULTS.date);
  const href = `/news/${item.slug}`;
  return (
    <article className={styles.card} aria-labelledby={`news-${item.slug}`}>
      {item.image ? (
        // The title link below is the card's main link; this one repeats it for pointer users.
        <Link to={href} tabIndex={-1} aria-hidden="true" className={styles.imageLink}>
          <Picture
            image={{ src: item.image.url, width: item.image.width ?? 800, height: item.image.height ?? 450 }}
            alt=""
            sizes={CARD_SIZES}
            loading="lazy"
          />
        </Link>
      ) : (
        <div className={styles.noImage}>No Image Available</div>
      )}
      <div className={styles.body}>
        <h2 id={`news-${item.slug}`} className={styles.title}>
          <Link to={href}>{item.title}</Link>
        </h2>
        <p className={styles.summary}>{item.description}</p>
        <p className={styles.when}>
          <span>{when.date}</span>
          {when.time && <span>{when.time}</span>}
        </p>
        {item.attachment && <AttachmentLink attachment={item.attachment} />}
      </div>
    </article>
  );
}

export function AttachmentLink({ attachment }: { attachment: NonNullable<NewsItem["attachment"]> }) {
  return (
    <a className="button button-outline" href={attachment.url} download={attachment.fileName}>
      Download Attachment<span className="visually-hidden"> ({attachment.fileName})</span>
    </a>
  );
}
