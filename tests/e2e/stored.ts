/** What the served site stored in this worker's Blobs (tests/e2e/fixtures.ts). */
import type { Site } from "./fixtures.ts";

/** Every JSON value in a store whose key starts with `prefix`, by key. */
export async function storedEntries<T>(site: Site, name: string, prefix = ""): Promise<Map<string, T>> {
  const store = site.store(name);
  const { blobs } = await store.list({ prefix });
  const found = new Map<string, T>();
  for (const { key } of blobs) {
    // A write cut short (a function stopped mid-request) leaves an empty entry: skip it.
    const text = await store.get(key, { type: "text" });
    if (text) found.set(key, JSON.parse(text) as T);
  }
  return found;
}
