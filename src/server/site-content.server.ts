import type { Site } from "#shared/schemas/site.ts";
import { scopedContent } from "./content/page-content.server.ts";

/** The society's facts (content/site.yaml, or Contentful's), as this request or job reads them. */
export const siteContent = (): Site => scopedContent("site.yaml");
