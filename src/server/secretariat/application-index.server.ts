import { type Account, CHANGED_PREFIX, getAccount, members } from "../members/accounts.server.ts";
import { secretariatStore } from "./store.server.ts";

/** What the list of applications needs of an account: everything but its secrets. */
export type IndexedAccount = Omit<Account, "passwordHash" | "verification"> & { verified: boolean };

type IndexBlob = { version: 1; entries: Record<string, IndexedAccount> };

const INDEX_KEY = "index/applications";
/**
 * Markers are folded into the index and kept this long after, so a refresh that read an older
 * index and writes after a newer one is put right by the next read (no compare-and-set here).
 */
const KEEP_FOLDED_MS = 2 * 60 * 1000;
/** Past this many, folded markers are deleted at once (a bulk import, the benchmark's seed). */
const MANY_MARKERS = 200;
const READ_BATCH = 50;

export const indexed = (account: Account): IndexedAccount => {
  const { passwordHash: _, verification, ...rest } = account;
  return { ...rest, verified: verification === undefined };
};

async function inBatches<T, R>(items: readonly T[], each: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += READ_BATCH)
    out.push(...(await Promise.all(items.slice(start, start + READ_BATCH).map(each))));
  return out;
}

async function listKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of members().list({ prefix, paginate: true }))
    keys.push(...page.blobs.map((blob) => blob.key));
  return keys;
}

/** Reads these accounts afresh into the entries (a deleted account leaves the index). */
async function refresh(entries: Record<string, IndexedAccount>, keys: Iterable<string>) {
  const unique = [...new Set(keys)];
  const accounts = await inBatches(unique, getAccount);
  unique.forEach((key, index) => {
    const account = accounts[index];
    if (account) entries[key] = indexed(account);
    else delete entries[key];
  });
}

/**
 * Every account, for the secretariat's list, without reading 5,000 blobs on each request: one
 * index blob, refreshed from the change markers every account write leaves
 * (`markAccountChanged`). With no index yet, it is built once from every account.
 */
export async function indexedAccounts(now = Date.now()): Promise<IndexedAccount[]> {
  const store = secretariatStore();
  // Markers are listed before anything is read: a write after this leaves a marker the next read sees.
  const markers = await listKeys(CHANGED_PREFIX);
  const stored = (await store.get(INDEX_KEY, { type: "json" })) as IndexBlob | null;
  const entries = stored?.entries ?? {};
  const keyOf = (marker: string) => marker.slice(CHANGED_PREFIX.length).split("/")[0] ?? "";
  if (!stored) {
    const accounts = await listKeys("account/");
    await refresh(
      entries,
      accounts.map((key) => key.slice("account/".length)),
    );
  } else if (markers.length > 0) {
    await refresh(entries, markers.map(keyOf));
  }
  if (!stored || markers.length > 0) {
    await store.setJSON(INDEX_KEY, { version: 1, entries } satisfies IndexBlob);
    const old = (marker: string) => now - Number.parseInt(marker.split("/")[2] ?? "0", 36) > KEEP_FOLDED_MS;
    const done = markers.length > MANY_MARKERS ? markers : markers.filter(old);
    await inBatches(done, (marker) => members().delete(marker));
  }
  return Object.values(entries);
}
