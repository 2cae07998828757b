import { pageContent } from "#server/content/page-content.server.ts";
import { fileResponse, robotsTxt } from "#server/pages/site-files.server.ts";

export async function loader() {
  return fileResponse(robotsTxt((await pageContent("site.yaml")).url), "text/plain; charset=utf-8");
}
