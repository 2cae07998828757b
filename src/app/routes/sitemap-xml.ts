import { pageContent } from "#server/content/page-content.server.ts";
import { fileResponse, sitemapXml } from "#server/pages/site-files.server.ts";
import { PUBLIC_PAGES_PER_REQUEST, prerenderPaths, STATIC_FILES } from "#server/prerender-paths.server.ts";

/**
 * Every page a search engine should know: each prerendered page (the same for everyone), and the
 * forms' pages that are rendered per request only for their fresh spam-guard token, public all the
 * same. A page that shows one visitor's account or an action's outcome is not listed.
 */
export async function loader() {
  const files = new Set<string>(STATIC_FILES);
  const prerendered = (await prerenderPaths()).filter(
    (path) => !files.has(path) && path !== "/account/closed",
  );
  return fileResponse(
    sitemapXml((await pageContent("site.yaml")).url, [...prerendered, ...PUBLIC_PAGES_PER_REQUEST]),
    "application/xml; charset=utf-8",
  );
}
