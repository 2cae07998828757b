/**
 * The one place the site's content comes from: Contentful when CONTENTFUL_SPACE_ID and
 * CONTENTFUL_ACCESS_TOKEN are set, otherwise content/*.yaml. Both give the same SiteContent,
 * checked by the same schema (src/shared/schemas/site-content.ts).
 *
 * Published content from Contentful is read once per process: a build prerenders every page from
 * one reading, so an entry published halfway through a build cannot make two pages disagree (its
 * webhook starts the next build). The YAML is read afresh each time, so `npm start` shows an edit
 * at once. A preview reads the drafts afresh each time and is never cached.
 */
import type { SiteContent } from "#shared/schemas/site-content.ts";
import { contentfulConfig, contentfulPreviewConfig, readEnv, type ServerEnv } from "../env.server.ts";
import { contentfulSiteContent } from "./contentful-content.server.ts";
import { yamlSiteContent } from "./yaml-content.server.ts";

export type SiteContentOptions = {
  env?: ServerEnv;
  /**
   * Drafts through Contentful's Preview API (CONTENTFUL_PREVIEW_TOKEN, server side only). Only
   * for a signed-in secretariat account's preview: never cache or serve the result to others.
   * Without Contentful configured there are no drafts, and the YAML is the content.
   */
  preview?: boolean;
  /** Where the YAML files are (tests); content/ by default. */
  contentDirectory?: string;
};

let published: { key: string; content: Promise<SiteContent> } | undefined;

/** The whole validated site content, from the source the environment names. */
export async function loadSiteContent(options: SiteContentOptions = {}): Promise<SiteContent> {
  const env = options.env ?? readEnv();
  if (options.preview) {
    const preview = contentfulPreviewConfig(env);
    return preview ? contentfulSiteContent(preview) : yamlSiteContent(options.contentDirectory);
  }
  const config = contentfulConfig(env);
  if (!config) return yamlSiteContent(options.contentDirectory);
  const key = `${config.host}/${config.space}/${config.environment}`;
  if (published?.key !== key) {
    const content = contentfulSiteContent(config);
    published = { key, content };
    // A failed reading is not kept: the next call tries again.
    content.catch(() => {
      if (published?.content === content) published = undefined;
    });
  }
  return published.content;
}

/** Which source loadSiteContent reads, for a build's log line. */
export function siteContentSourceName(env: ServerEnv = readEnv()): string {
  const config = contentfulConfig(env);
  return config ? `Contentful space ${config.space} (${config.environment})` : "content/*.yaml";
}

/** Forgets the reading kept for this process (tests). */
export function forgetSiteContent(): void {
  published = undefined;
}
