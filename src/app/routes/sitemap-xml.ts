import { pageContent } from "#server/content/page-content.server.ts";
import { fileResponse, sitemapXml } from "#server/pages/site-files.server.ts";
import { prerenderPaths, STATIC_FILES } from "#server/prerender-paths.server.ts";

/** Every prerendered page: the pages that are the same for everyone are the ones to index. */
export async function loader() {
  const files = new Set<string>(STATIC_FILES);
  const pages = (await prerenderPaths()).filter((path) => !files.has(path) && path !== "/account/closed");
  return fileResponse(
    sitemapXml((await pageContent("site.yaml")).url, pages),
    "application/xml; charset=utf-8",
  );
}
