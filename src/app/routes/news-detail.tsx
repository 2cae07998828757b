import { data, Link } from "react-router";
import { NewsArticle, newsArticleMeta } from "#features/news/news-article.tsx";
import { newsSource } from "#server/news/news-source.server.ts";
import { NEWS_SLUG_PATTERN } from "#shared/news-constants.ts";
import { routeMeta, siteOf } from "../page-meta.ts";
import type { Route } from "./+types/news-detail";

/**
 * One news item: prerendered for every item the build knew; an item published since is rendered
 * by the server handler until the next build, and an unknown slug is the not-found page.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const item = NEWS_SLUG_PATTERN.test(params.slug) ? await newsSource().item(params.slug) : null;
  if (!item) throw data(null, { status: 404 });
  return { item };
}

export const meta: Route.MetaFunction = (args) => {
  return routeMeta(args, newsArticleMeta(args.loaderData?.item, siteOf(args.matches)));
};

export default function NewsDetail({ loaderData: { item } }: Route.ComponentProps) {
  return (
    <div className="page">
      <p>
        <Link to="/news-events">Back to News</Link>
      </p>
      <NewsArticle item={item} />
    </div>
  );
}
