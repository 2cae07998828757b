import type { Store } from "@netlify/blobs";

/**
 * Create-only and compare-and-swap writes to Netlify Blobs, the only way this project makes them.
 * Why: @netlify/blobs 11.1.1 answers a conditional write with `{ modified: true }` for every status
 * but 412, a 500 left after its retries included, so a write that stored nothing would pass for a
 * claim made (a used link, a payment recorded once, a submission kept). A stored write comes back
 * with the new ETag; one without is checked by reading the key back with strong consistency, and
 * a key still missing throws, as every other failed write does.
 */

type Answer = { modified: boolean; etag?: string };

async function stored(store: Store, key: string, answer: Answer): Promise<boolean> {
  if (!answer.modified || answer.etag) return answer.modified;
  const found = await store.getMetadata(key, { consistency: "strong" });
  if (!found) throw new Error(`Blobs: the conditional write of "${key}" stored nothing`);
  return true;
}

/** Writes `value` only if `key` is new: true if it was written, false if the key was there. */
export async function setIfNew(store: Store, key: string, value: string): Promise<boolean> {
  return stored(store, key, await store.set(key, value, { onlyIfNew: true }));
}

/** setIfNew for a JSON value. */
export async function setJsonIfNew(store: Store, key: string, value: unknown): Promise<boolean> {
  return stored(store, key, await store.setJSON(key, value, { onlyIfNew: true }));
}

/**
 * Writes a JSON value only if `key` still has the ETag `etag` (as read with it): true if it was
 * written. Netlify's reads carry an ETag; the local Blobs server's do not, and there the write is
 * plain, as the library makes it (nothing runs two sends at once locally).
 */
export async function setJsonIfMatch(store: Store, key: string, value: unknown, etag: string | undefined) {
  if (!etag) {
    await store.setJSON(key, value);
    return true;
  }
  return stored(store, key, await store.setJSON(key, value, { onlyIfMatch: etag }));
}
