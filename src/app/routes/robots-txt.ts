import { pageContent } from "#server/content/page-content.server.ts";
import { fileResponse, robotsTxt } from "#server/pages/site-files.server.ts";

export function loader() {
  return fileResponse(robotsTxt(pageContent("site.yaml").url), "text/plain; charset=utf-8");
}
