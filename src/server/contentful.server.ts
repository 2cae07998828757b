/**
 * What every Contentful source (news, events, slides) shares: one way to make the client, and
 * one way to read every entry of a query a page at a time.
 */
import { createClient } from "contentful";
import type { ContentfulConfig } from "./env.server.ts";

function deliveryClient(config: ContentfulConfig) {
  return createClient({
    space: config.space,
    accessToken: config.accessToken,
    environment: config.environment,
    host: config.host,
    timeout: config.timeoutMs,
    retryOnError: config.retryLimit > 0,
    retryLimit: config.retryLimit,
    // The SDK logs every retry and error itself; ours are logged once, by the caller.
    logHandler: () => {},
  });
}

/** A Delivery API client for `config`: its timeout and retries, links to missing entries dropped. */
export function contentfulClient(config: ContentfulConfig) {
  return deliveryClient(config).withoutUnresolvableLinks;
}

/**
 * The same client answering links as links, with the linked entries and assets in `includes`:
 * for a reader that resolves links itself, to say which entry links to something unpublished.
 */
export function contentfulLinkClient(config: ContentfulConfig) {
  return deliveryClient(config).withoutLinkResolution;
}

/** Every entry a paged query gives, asking `pageSize` at a time until the total is reached. */
export async function allEntries<T>(
  page: (limit: number, skip: number) => Promise<{ items: T[]; total: number }>,
  pageSize: number,
): Promise<T[]> {
  const entries: T[] = [];
  for (let skip = 0; ; skip += pageSize) {
    const result = await page(pageSize, skip);
    entries.push(...result.items);
    if (skip + result.items.length >= result.total || result.items.length === 0) return entries;
  }
}
