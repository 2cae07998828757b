import { STATIC_PAGES } from "#server/prerender-paths.server.ts";

/** The pages the build prerenders with no parameter in their path. */
export const PRERENDERED_PAGES: readonly string[] = STATIC_PAGES;
