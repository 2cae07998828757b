import type { PageMeta, PrerenderContext } from "#shared/page-meta.ts";

export type { PageMeta, PrerenderContext };

export type MetaArgs = { search: URLSearchParams; data: unknown };

export type RouteHandle = {
  /** The page's meta, fixed or computed from the URL's search params and the loader's data. */
  meta: PageMeta | ((args: MetaArgs) => PageMeta);
  /** Further URLs (path and search) of this route to write out as prerendered pages. */
  prerender?: (context: PrerenderContext) => string[] | Promise<string[]>;
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

/**
 * Search params that change what a page shows. Prerendered pages exist per value, the
 * canonical URL keeps them, and the client hydrates only when they match the HTML it got.
 */
export const VIEW_PARAMS = ["year", "page", "status"] as const;

/** The part of a URL that decides which prerendered page it is: path plus view params. */
export function viewKey(url: URL): string {
  const kept = new URLSearchParams();
  for (const name of VIEW_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}
