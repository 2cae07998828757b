import type { Site } from "#shared/schemas/site.ts";
import { pageContent } from "./content/page-content.server.ts";

/** content/site.yaml: the society's facts. */
export const siteContent = (): Site => pageContent("site.yaml");
