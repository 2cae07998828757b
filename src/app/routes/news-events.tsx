import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { LOAD_MORE, NewsList, type NextPage } from "#features/news/news-list.tsx";
import { newsSource } from "#server/news/news-source.server.ts";
import { NEWS_MAX_PAGE } from "#shared/news-constants.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/news-events";

/**
 * One page of the news, 9 items: /news-events, then /news-events/page/2 and on (each prerendered,
 * so the pages work for crawlers and without JavaScript; the list's Load more reads the next one).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const number = params.page === undefined ? 1 : Number(params.page);
  if (!Number.isInteger(number) || number < 1 || number > NEWS_MAX_PAGE) throw data(null, { status: 404 });
  if (params.page !== undefined && number === 1) throw redirect("/news-events", 301);
  const page = await newsSource().page(number);
  if (page.items.length === 0 && number > 1) throw data(null, { status: 404 });
  return { page };
}

/**
 * In the browser: the prerendered page data, as the framework reads it. Load more's read of a page
 * (marked `?more`) keeps its failure as data: a fetcher's error would otherwise take the place of
 * the page the reader is on (the route's error boundary), where the list says it failed and offers
 * Load more again. A navigation's failure is the error page, as for every page.
 */
/**
 * The news pages are the same for every reader (prerendered): a form posted anywhere (the footer's
 * Subscribe box) changes nothing in them, so neither the page nor the pages Load more appended are
 * read again after it, which would flash "Loading more items..." or, failing, say that a load the
 * reader never asked for failed. A navigation reads its page as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!new URL(request.url).searchParams.has(LOAD_MORE)) return serverLoader();
  try {
    return (await serverLoader()) satisfies NextPage;
  } catch {
    return { failed: true } as const satisfies NextPage;
  }
}

export const meta: Route.MetaFunction = (args) => {
  const number = args.loaderData && "page" in args.loaderData ? args.loaderData.page.page : 1;
  return routeMeta(args, {
    title: number > 1 ? `News & Events, page ${number}` : "News & Events",
    description: "News, notices and events of the Indian Society of Genetics and Plant Breeding.",
  });
};

export default function NewsEvents({ loaderData }: Route.ComponentProps) {
  // A failure is only ever Load more's answer (`?more`), never the data of a page shown.
  if (!("page" in loaderData)) return null;
  const { page } = loaderData;
  return (
    <div className="page">
      <h1>NEWS &amp; EVENTS</h1>
      <NewsList key={page.page} first={page} />
    </div>
  );
}
