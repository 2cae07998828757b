/**
 * The snapshot of the content a request or a job reads, held for the length of its work (Node's
 * AsyncLocalStorage): page-content.server.ts loads it and reads it; the news, events and slides
 * ask here only whether this request is the secretariat's preview, without loading the content's
 * module (their functions are called on every page).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { type ContentfulConfig, contentfulConfig, contentfulPreviewConfig } from "../env.server.ts";
import type { ContentSnapshot } from "./page-content.server.ts";

/** The secretariat's preview: the page it shows, and the drafts' problems the build would stop on. */
export type PreviewState = { path: string; problems: readonly string[] };

/** What a request or a job reads: one snapshot, and for a preview what it previews. */
export type Scope = { content: ContentSnapshot; preview?: PreviewState };

export const scope = new AsyncLocalStorage<Scope>();

/** The preview this request renders, if it is one. */
export const previewState = (): PreviewState | undefined => scope.getStore()?.preview;

/**
 * Contentful's settings for the news, events and slides of this request: in a preview, the
 * Preview API's (their drafts too), when its token is set; otherwise the published content's.
 */
export function contentfulSourceConfig(): ContentfulConfig | null {
  if (previewState())
    try {
      return contentfulPreviewConfig();
    } catch {
      // No preview token: the preview says so (withPreviewContent); the rest is what is published.
    }
  return contentfulConfig();
}
