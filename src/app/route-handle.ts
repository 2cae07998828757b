/** What each route module may declare in its `handle` export. */
export type PageMeta = { title: string; description: string };

export type RouteHandle = {
  /** The page's title and description, fixed or read from the URL's search params. */
  meta: PageMeta | ((search: URLSearchParams) => PageMeta);
  /** Search strings (like "?year=2020-2022") that are also written out as prerendered pages. */
  prerender?: readonly string[];
};

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null && "meta" in handle;
}

/** The meta of the deepest matched route that declares one. */
export function resolveMeta(matches: readonly { handle?: unknown }[], search: URLSearchParams): PageMeta {
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  if (!handle) throw new Error("no matched route declares handle.meta");
  return typeof handle.meta === "function" ? handle.meta(search) : handle.meta;
}

/**
 * Search params that change what a page shows. Prerendered pages exist per value, the
 * canonical URL keeps them, and the client hydrates only when they match the HTML it got.
 */
export const VIEW_PARAMS = ["year"] as const;

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
