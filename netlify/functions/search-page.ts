/**
 * The search page without JavaScript.
 *   GET /search?q=words  → 200 text/html: the prerendered /search page with the results filled in
 *   GET /search          → 200 the prerendered page as built
 * The query is trimmed and cut to 200 characters; markup, regex syntax or nothing at all are just
 * words that match nothing. Uses the same index as the browser (dist/search-index.json, shipped
 * with the function through netlify.toml's included_files). Env: none.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { PAGE_HEADERS, textResponse } from "../../src/server/http/responses.server.ts";
import { searchPage } from "../../src/server/search/search-page.server.ts";
import { cleanQuery } from "../../src/shared/site-search.ts";

export default endpoint({
  GET: async (request: Request) => {
    const query = cleanQuery(new URL(request.url).searchParams.get("q"));
    try {
      return textResponse(await searchPage(query), "text/html; charset=utf-8", {
        ...PAGE_HEADERS,
        "Cache-Control": "public, max-age=60",
        "Netlify-CDN-Cache-Control": "public, durable, max-age=3600",
        "Netlify-Vary": "query=q",
      });
    } catch (error) {
      console.error("search-page: could not answer", error);
      return textResponse(
        "<!doctype html><title>Search unavailable</title><p>The search is unavailable right now. Please try again shortly.</p>",
        "text/html; charset=utf-8",
        { ...PAGE_HEADERS, "Cache-Control": "no-store", "Retry-After": "60" },
        503,
      );
    }
  },
});

export const config: Config = { path: "/search" };
