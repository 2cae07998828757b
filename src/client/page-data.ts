/**
 * The one way a page says "prerendered data, or fetch it in the browser".
 *
 * - The route's loader is `prerendered(read)`: while prerendering it returns what `read` gives,
 *   which the HTML carries as the router's hydration data; in the browser it returns nothing.
 * - The page calls `usePageData(key, url, schema)`: the loader's value under `key` when the page
 *   came prerendered, else `getJson(url, schema)` fetched after the first render. The first render
 *   therefore matches the HTML exactly (nothing fetched yet), so hydration cannot mismatch.
 */

import { useEffect, useState } from "react";
import { type LoaderFunctionArgs, type ShouldRevalidateFunction, useLoaderData } from "react-router-dom";
import { isPrerenderContext, type PrerenderContext } from "#shared/page-meta.ts";
import { type AnswerSchema, getJson } from "./api-client.ts";

/** A route loader that gives `read`'s data while prerendering, and nothing in the browser. */
export function prerendered<T extends object>(read: (context: PrerenderContext, url: URL) => Promise<T>) {
  return async ({ context, request }: LoaderFunctionArgs): Promise<Partial<T>> =>
    isPrerenderContext(context) ? read(context, new URL(request.url)) : {};
}

/**
 * For a page whose data does not depend on its query (a searchable list): searching, filtering
 * and paging only change the URL's query, so the list already loaded stays.
 */
export const sameDataForAnyQuery: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

export type PageData<T> = {
  /** The prerendered value, replaced by the fetched one once it arrives; null while loading. */
  value: T | null;
  /** Whether `value` came with the page (it may since have been replaced by a fresher copy). */
  prerendered: boolean;
  /** Why the fetch failed (an ApiError carries the service's own sentence); null otherwise. */
  error: Error | null;
};

type Options<T, A> = {
  /** Also fetch a fresh copy when the page came prerendered (it may predate the source's latest). */
  refresh?: boolean;
  /** Turns the answer into the shape the page holds (the prerendered value's shape). */
  select?: (answer: A) => T;
  /** Names the data in a console warning when the fetch fails. */
  warn?: string;
};

/** The loader's value under `key` when the page came prerendered; undefined in the browser. */
export function usePrerendered<T>(key: string): T | undefined {
  const loaded = (useLoaderData() ?? {}) as Record<string, unknown>;
  return key in loaded ? (loaded[key] as T) : undefined;
}

type Fetched<T> = { url: string; value: T | null; error: Error | null };

export function usePageData<A, T = A>(
  key: string,
  url: string,
  schema: AnswerSchema<A>,
  { refresh = false, select, warn }: Options<T, A> = {},
): PageData<T> {
  const initial = usePrerendered<T>(key);
  const [fetched, setFetched] = useState<Fetched<T> | null>(null);
  const needed = initial === undefined || refresh;

  // biome-ignore lint/correctness/useExhaustiveDependencies: schema, select, warn and the prerendered value are fixed per page; the URL decides
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    getJson(url, schema, { signal: controller.signal }).then(
      (answer) => {
        const value = select ? select(answer) : (answer as unknown as T);
        // A fresh copy that is the prerendered one (the usual case) changes nothing: leaving the
        // state alone spares a long list its re-render and its search index a rebuild.
        if (initial !== undefined && JSON.stringify(value) === JSON.stringify(initial)) return;
        setFetched({ url, value, error: null });
      },
      (error: Error) => {
        if (controller.signal.aborted) return;
        if (warn) console.warn(`Could not load the ${warn}:`, error);
        setFetched({ url, value: null, error });
      },
    );
    return () => controller.abort();
  }, [url, needed]);

  // A fetch for another URL (the page before a client-side navigation) is not this page's data.
  const current = fetched?.url === url ? fetched : null;
  return {
    value: current?.value ?? initial ?? null,
    prerendered: initial !== undefined,
    error: current?.error ?? null,
  };
}
