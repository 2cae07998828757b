import { Picture } from "#components/ui/picture.tsx";
import { formatNewsDate } from "#shared/format-date.ts";
import { NEWS_DEFAULTS } from "#shared/news-constants.ts";
import type { PageMeta } from "#shared/page-meta.ts";
import type { NewsItem } from "#shared/schemas/news.ts";
import styles from "./news.module.css";
import { AttachmentLink } from "./news-card.tsx";

/** Shown on a news page whose item has no image of its own. */
export const DEFAULT_NEWS_IMAGE = { url: "/images/about-field-trial.svg", alt: "", width: 640, height: 400 };

/** The article is at most 48rem wide (news.module.css). */
const ARTICLE_SIZES = "(min-width: 52rem) 48rem, 100vw";

export function NewsArticle({ item }: { item: NewsItem }) {
  const when = formatNewsDate(item.date, NEWS_DEFAULTS.date);
  const image = item.image ?? DEFAULT_NEWS_IMAGE;
  return (
    <article className={styles.article}>
      <h1>{item.title}</h1>
      <p className={styles.when}>
        <span>{when.date}</span>
        {when.time && <span>{when.time}</span>}
      </p>
      <Picture
        className={styles.articleImage}
        image={{ src: image.url, width: image.width ?? 800, height: image.height ?? 450 }}
        alt={image.alt}
        sizes={ARTICLE_SIZES}
      />
      <div className="prose">
        {item.description.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {item.attachment && <AttachmentLink attachment={item.attachment} />}
    </article>
  );
}

/** Title, description, preview image and NewsArticle structured data of a news page. */
export function newsArticleMeta(
  item: NewsItem | undefined,
  site: { url: string; name: string } | undefined,
): PageMeta {
  if (!item || !site) {
    return {
      title: "News & Events",
      description: "News of the Indian Society of Genetics and Plant Breeding.",
    };
  }
  const news = item;
  const description = news.description.replace(/\s+/g, " ").slice(0, 160);
  const image = new URL(news.image?.url ?? DEFAULT_NEWS_IMAGE.url, site.url).href;
  return {
    title: news.title,
    description,
    type: "article",
    image,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: news.title,
      description,
      ...(news.date ? { datePublished: news.date } : {}),
      image: [image],
      mainEntityOfPage: new URL(`/news/${news.slug}`, site.url).href,
      publisher: { "@type": "Organization", name: site.name, url: site.url },
    },
  };
}
