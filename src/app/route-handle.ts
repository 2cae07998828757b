import type { PageMeta, PrerenderContext } from "#shared/page-meta.ts";

export type { PageMeta, PrerenderContext };

export type MetaArgs = { search: URLSearchParams; data: unknown };

export type RouteHandle = {
  /** The page's meta, fixed or computed from the URL's search params and the loader's data. */
  meta: PageMeta | ((args: MetaArgs) => PageMeta);
  /** Further URLs (path and search) of this route to write out as prerendered pages. */
  prerender?: (context: PrerenderContext) => string[] | Promise<string[]>;
  /**
   * The search params whose values pick one of this route's prerendered pages: the ones its
   * `prerender` URLs carry, which netlify.toml's query rewrites serve. Any other param (a
   * campaign tag, a stray ?page= on a page that has no pages) leaves the page as served.
   */
  view?: readonly string[];
};

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null && "meta" in handle;
}

/** The meta of the deepest matched route that declares one. */
export function resolveMeta(
  matches: readonly { handle?: unknown; data?: unknown }[],
  search: URLSearchParams,
): PageMeta {
  const match = matches.findLast((candidate) => isRouteHandle(candidate.handle));
  if (!match) throw new Error("no matched route declares handle.meta");
  const { meta } = match.handle as RouteHandle;
  return typeof meta === "function" ? meta({ search, data: match.data }) : meta;
}

/** The view params of the deepest matched route that declares a handle: none for most pages. */
export function viewParams(matches: readonly { handle?: unknown }[]): readonly string[] {
  const handle = matches.findLast((candidate) => isRouteHandle(candidate.handle))?.handle as
    | RouteHandle
    | undefined;
  return handle?.view ?? [];
}

/**
 * The part of a URL that decides which prerendered page it is: the path plus the route's view
 * params. The canonical URL is this, and the client hydrates only HTML rendered for the same key
 * (any other is rendered afresh, which loses what was typed before the script came).
 */
export function viewKey(url: URL, params: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const name of params) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}
