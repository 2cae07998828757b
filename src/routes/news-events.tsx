import { useSearchParams } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { prerendered, usePageData } from "#client/page-data.ts";
import { Loading } from "#components/layout/pending.tsx";
import { NewsList } from "#features/news/news-list.tsx";
import { NEWS_MAX_PAGE, NEWS_PAGE_SIZE } from "#shared/news-constants.ts";
import { newsPageSchema } from "#shared/schemas/news.ts";

function pageNumber(search: URLSearchParams): number {
  const page = Number(search.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= NEWS_MAX_PAGE ? page : 1;
}

export const loader = prerendered(async (context, url) => ({
  page: await context.news.page(pageNumber(url.searchParams)),
}));

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
  view: ["page"],
};

export function Component() {
  const [search] = useSearchParams();
  const number = pageNumber(search);
  // A prerendered page may predate the newest items: it asks for the current page once.
  const page = usePageData("page", `/api/news?page=${number}`, newsPageSchema, { refresh: true });
  return (
    <div className="page">
      <h1>NEWS &amp; EVENTS</h1>
      {page.value ? (
        <NewsList key={page.value.page} first={page.value} />
      ) : page.error ? (
        <p role="alert" className="error-text">
          Failed to load news items.
        </p>
      ) : (
        <Loading />
      )}
    </div>
  );
}
