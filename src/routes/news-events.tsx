import { Suspense } from "react";
import { Await, type LoaderFunctionArgs, useLoaderData } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { newsApiFor } from "#features/news/news-api.ts";
import { NewsList } from "#features/news/news-list.tsx";
import { NEWS_MAX_PAGE, NEWS_PAGE_SIZE } from "#shared/news-constants.ts";
import type { NewsPage } from "#shared/schemas/news.ts";

function pageNumber(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= NEWS_MAX_PAGE ? page : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, wait } = newsApiFor(context);
  const page = api.page(pageNumber(new URL(request.url)));
  // <Await> reports a failure; until it renders, mark the promise handled so no rejection
  // reaches the console as unhandled.
  page.catch(() => {});
  return { page: wait ? await page : page };
}

export const handle: RouteHandle = {
  meta: ({ search }) => {
    const page = search.get("page");
    return {
      title: page && page !== "1" ? `News & Events, page ${page}` : "News & Events",
      description: "News, notices and events of the Indian Society of Genetics and Plant Breeding.",
    };
  },
  // Every ?page=N is prerendered too, so the links work for crawlers and without JavaScript.
  async prerender({ news }) {
    const pages = Math.ceil((await news.all()).length / NEWS_PAGE_SIZE);
    return Array.from({ length: pages }, (_, index) => `/news-events?page=${index + 1}`);
  },
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>NEWS &amp; EVENTS</h1>
      <Suspense fallback={<p role="status">Loading...</p>}>
        <Await
          resolve={data.page}
          errorElement={
            <p role="alert" className="error-text">
              Failed to load news items.
            </p>
          }
        >
          {(page: NewsPage) => <NewsList first={page} refresh={!(data.page instanceof Promise)} />}
        </Await>
      </Suspense>
    </div>
  );
}
