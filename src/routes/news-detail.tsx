import { type LoaderFunctionArgs, useLoaderData } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { DetailPage } from "#components/layout/detail-page.tsx";
import { newsApiFor } from "#features/news/news-api.ts";
import { NewsArticle, newsArticleMeta } from "#features/news/news-article.tsx";

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
    <DetailPage
      back={{ to: "/news-events", label: "Back to News" }}
      item={data.item}
      failed="Failed to load news details."
      notFound="News item not found."
    >
      {(item) => <NewsArticle item={item} />}
    </DetailPage>
  );
}
