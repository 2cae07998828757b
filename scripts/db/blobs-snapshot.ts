/**
 * Reads every record the site kept in Netlify Blobs: each store's keys, then the value of each
 * key of a kind that is imported (markers, indexes and the like are only counted).
 */
import type { Store } from "@netlify/blobs";
import { kindOf, STORES } from "./blobs-records.ts";
import type { BlobsSnapshot } from "./import-plan.ts";

export type StoreOf = (name: string) => Store;

/** Reads at once: a few thousand records in a minute, without a few thousand requests in flight. */
const AT_ONCE = 16;

export async function readSnapshot(storeOf: StoreOf): Promise<BlobsSnapshot> {
  const snapshot: BlobsSnapshot = { records: new Map(), found: new Map(), unknown: [] };
  for (const name of STORES) {
    const store = storeOf(name);
    const wanted: { key: string; kind: string }[] = [];
    for await (const page of store.list({ paginate: true }))
      for (const { key } of page.blobs) {
        const { kind, read } = kindOf(name, key);
        snapshot.found.set(kind, (snapshot.found.get(kind) ?? 0) + 1);
        if (kind.endsWith("/unknown")) snapshot.unknown.push(`${name}/${key}`);
        else if (read) wanted.push({ key, kind });
      }
    for (let start = 0; start < wanted.length; start += AT_ONCE)
      await Promise.all(
        wanted.slice(start, start + AT_ONCE).map(async ({ key, kind }) => {
          const text = await store.get(key, { type: "text" });
          // A write cut short (a function stopped mid-request) left an empty value: nothing to keep.
          if (!text) return;
          const records = snapshot.records.get(kind) ?? new Map<string, unknown>();
          snapshot.records.set(kind, records);
          // A used form token's value is its time of use, the one record kept as bare text.
          records.set(key, kind === "submissions/used-token" ? text : JSON.parse(text));
        }),
      );
  }
  return snapshot;
}
