import { data } from "react-router";
import { SearchPage } from "#features/search/search-page.tsx";
import { searchSite } from "#server/search/site-index.server.ts";
import { SESSION_COOKIE } from "#shared/session-cookie.ts";
import { cleanQuery } from "#shared/site-search.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/search";

/**
 * The site search, answered by the server for every query (with or without JavaScript): the page
 * sends no index and no search code to the browser. A query's answer depends on the query alone,
 * so the CDN keeps its data (`/search.data`, what a script's navigation asks for) for everyone
 * without a session (the page's header names a signed-in visitor). The page itself carries the
 * request's nonce and is never shared (src/server/http/page-headers.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = cleanQuery(new URL(request.url).searchParams.get("q"));
  try {
    return data({ query, ...(await searchSite(query)), failed: false }, { headers: SHARED });
  } catch (error) {
    console.error("search: the index could not be read", error);
    return data(
      { query, hits: [], total: 0, failed: true },
      { headers: { "Cache-Control": "no-store", "Retry-After": "60" } },
    );
  }
}

const SHARED = {
  "Cache-Control": "public, max-age=60",
  "Netlify-CDN-Cache-Control": "public, durable, max-age=3600",
  "Netlify-Vary": `query=q,cookie=${SESSION_COOKIE}`,
  Vary: "Cookie",
};

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    // Result pages are not for search engines; the page is reached from the header's search box.
    title: args.loaderData?.query ? `${args.loaderData.query} - Search` : "Search",
    description: "Search the whole site of the Indian Society of Genetics and Plant Breeding.",
    noindex: true,
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Search</h1>
      <SearchPage {...loaderData} />
    </div>
  );
}
