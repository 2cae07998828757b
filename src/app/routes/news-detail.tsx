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

export const meta: Route.MetaFunction = (args) => {
  return routeMeta(args, newsArticleMeta(args.loaderData?.item ?? undefined, siteOf(args.matches)));
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
        <p role="alert" className="error-text">
          {failed ? "Failed to load news details." : "News item not found."}
        </p>
      )}
    </div>
  );
}
