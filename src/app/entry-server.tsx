import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import site from "#content/site.yaml";
import { publicDirectory } from "#server/directory/directory-source.server.ts";
import { eventsSource } from "#server/events/events-source.server.ts";
import { newsSource } from "#server/news/news-source.server.ts";
import { slidesSource } from "#server/slides/slides-source.server.ts";
import { pageTitle } from "./document-meta";
import { serializeHydration } from "./hydration";
import { attributesQuoted } from "./markup-shape";
import {
  isRouteHandle,
  type PageMeta,
  type PrerenderContext,
  resolveMeta,
  viewKey,
  viewParams,
} from "./route-handle";
import { actionPages, notFoundRoute, pages, routes } from "./routes";

export type RenderedPage = {
  html: string;
  meta: PageMeta;
  status: number;
  /** viewKey() of the rendered URL: the page's canonical path and search. */
  view: string;
  hydrationJson: string;
  /** Ids of the matched routes, which are also their module names under src/routes. */
  routeIds: string[];
};

export const siteUrl = site.url;
export const siteName = site.name;

/** Loaders read news, slides and the directory straight from the server's sources while prerendering. */
export const prerenderContext: PrerenderContext = {
  prerender: true,
  news: newsSource(),
  slides: slidesSource(),
  directory: publicDirectory(),
  events: eventsSource(),
  now: () => new Date(),
};

const handler = createStaticHandler(routes);

/** Renders one URL of the site (path plus optional search) to HTML. */
export async function render(url: URL): Promise<RenderedPage> {
  const context = await handler.query(new Request(url), { requestContext: prerenderContext });
  if (context instanceof Response) throw new Error(`${url.pathname} answered a redirect while prerendering`);
  if (context.errors) {
    throw new Error(`${url.pathname} failed to render: ${JSON.stringify(Object.values(context.errors))}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = attributesQuoted(
    renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    ),
  );
  const matches = context.matches.map((match) => ({
    handle: match.route.handle,
    data: context.loaderData[match.route.id],
  }));
  const meta = resolveMeta(matches, url.searchParams);
  const routeIds = context.matches.map((match) => match.route.id);
  const view = viewKey(url, viewParams(matches));
  return {
    html,
    meta: { ...meta, title: pageTitle(meta.title) },
    // The catch-all route renders the not-found page; the server must answer it as a 404.
    status: routeIds.at(-1) === notFoundRoute.id ? 404 : context.statusCode,
    view,
    hydrationJson: serializeHydration({
      view,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    }),
    routeIds,
  };
}

/** Every URL (path and search) to write as a prerendered page. */
export async function prerenderUrls(): Promise<string[]> {
  const urls: string[] = [];
  for (const page of [...pages, ...actionPages]) {
    const module = typeof page.lazy === "function" ? await page.lazy() : {};
    const handle = (module as { handle?: unknown }).handle;
    if (!page.path?.includes(":")) urls.push(page.index ? "/" : String(page.path));
    if (isRouteHandle(handle) && handle.prerender) urls.push(...(await handle.prerender(prerenderContext)));
  }
  return urls;
}
