import { Suspense } from "react";
import { Await, Link, type LoaderFunctionArgs, useLoaderData } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { newsApiFor } from "#features/news/news-api.ts";
import { NewsArticle, newsArticleMeta } from "#features/news/news-article.tsx";
import type { NewsItem } from "#shared/schemas/news.ts";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api, wait } = newsApiFor(context);
  const item = api.item(params.slug ?? "");
  // <Await> reports a failure; until it renders, mark the promise handled so no rejection
  // reaches the console as unhandled.
  item.catch(() => {});
  return { item: wait ? await item : item };
}

export const handle: RouteHandle = {
  meta: ({ data }) => newsArticleMeta((data as { item?: unknown } | undefined)?.item),
  async prerender({ news }) {
    return (await news.all()).map((item) => `/news/${item.slug}`);
  },
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <p>
        <Link to="/news-events">Back to News</Link>
      </p>
      <Suspense fallback={<p role="status">Loading...</p>}>
        <Await
          resolve={data.item}
          errorElement={
            <p role="alert" className="error-text">
              Failed to load news details.
            </p>
          }
        >
          {(item: NewsItem | null) =>
            item ? (
              <NewsArticle item={item} />
            ) : (
              <p role="alert" className="error-text">
                News item not found.
              </p>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}
