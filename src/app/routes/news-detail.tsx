import { data, Link } from "react-router";
import { NewsArticle, newsArticleMeta } from "#features/news/news-article.tsx";
import { newsSource } from "#server/news/news-source.server.ts";
import { NEWS_SLUG_PATTERN } from "#shared/news-constants.ts";
import { routeMeta, siteOf } from "../page-meta.ts";
import type { Route } from "./+types/news-detail";

/**
 * One news item: prerendered for every item the build knew; an item published since is rendered
 * by the server handler until the next build. An unknown slug says so (404), and a news service
 * that fails says that (503), in SPEC's words.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!NEWS_SLUG_PATTERN.test(params.slug)) return data({ item: null, failed: false }, { status: 404 });
  try {
    const item = await newsSource().item(params.slug);
    return item ? { item, failed: false } : data({ item: null, failed: false }, { status: 404 });
  } catch (error) {
    console.error(`news: item ${params.slug} could not be read`, error);
    return data({ item: null, failed: true }, { status: 503, headers: { "Retry-After": "60" } });
  }
}

/** The heading and title of a page with no item to show: its name says why. */
const missing = (failed: boolean) => (failed ? "News item unavailable" : "News item not found");

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (loaded && !loaded.item)
    return routeMeta(args, { ...newsArticleMeta(undefined, undefined), title: missing(loaded.failed) });
  return routeMeta(args, newsArticleMeta(loaded?.item ?? undefined, siteOf(args.matches)));
};

export default function NewsDetail({ loaderData: { item, failed } }: Route.ComponentProps) {
  return (
    <div className="page">
      <p>
        <Link to="/news-events">Back to News</Link>
      </p>
      {item ? (
        <NewsArticle item={item} />
      ) : (
        <>
          <h1>{missing(failed)}</h1>
          <p role="alert" className="error-text">
            {failed ? "Failed to load news details." : "News item not found."}
          </p>
        </>
      )}
    </div>
  );
}
