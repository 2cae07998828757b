import { randomBytes } from "node:crypto";
import {
  type Account,
  accountChanges,
  CHANGED_PREFIX,
  getAccount,
  members,
} from "../account/accounts.server.ts";
import { secretariatStore } from "./store.server.ts";

/** What the list of applications needs of an account: everything but its secrets. */
export type IndexedAccount = Omit<Account, "passwordHash" | "verification"> & { verified: boolean };

type IndexBlob = { version: string; entries: Record<string, IndexedAccount> };

const INDEX_KEY = "index/applications";
/** A small blob naming the index's version, so a warm instance knows its copy is current. */
const VERSION_KEY = "index/applications-version";
/**
 * Markers are folded into the index and kept this long after, so a refresh that read an older
 * index and writes after a newer one is put right by the next read (no compare-and-set here).
 */
const KEEP_FOLDED_MS = 2 * 60 * 1000;
/** Past this many, folded markers are deleted at once (a bulk import, the benchmark's seed). */
const MANY_MARKERS = 200;
const READ_BATCH = 50;

/** The index as this warm instance last read or wrote it. */
let cached: IndexBlob | null = null;

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

async function listKeys(store: ReturnType<typeof members>, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of store.list({ prefix, paginate: true }))
    keys.push(...page.blobs.map((blob) => blob.key));
  return keys;
}

/**
 * Reads these accounts afresh into the entries (a deleted account leaves the index); answers
 * whether anything differs from what the entries held.
 */
async function refresh(entries: Record<string, IndexedAccount>, keys: Iterable<string>): Promise<boolean> {
  const unique = [...new Set(keys)];
  const accounts = await inBatches(unique, getAccount);
  let changed = false;
  unique.forEach((key, index) => {
    const account = accounts[index];
    const before = entries[key];
    if (account) {
      const entry = indexed(account);
      if (!before || JSON.stringify(before) !== JSON.stringify(entry)) changed = true;
      entries[key] = entry;
    } else if (before) {
      changed = true;
      delete entries[key];
    }
  });
  return changed;
}

/** The stored index, from this instance's copy when the version blob says it is current. */
async function storedIndex(): Promise<IndexBlob | null> {
  const store = secretariatStore();
  const version = await store.get(VERSION_KEY, { type: "text" });
  if (version && cached?.version === version) return { version, entries: { ...cached.entries } };
  const stored = (await store.get(INDEX_KEY, { type: "json" })) as IndexBlob | null;
  return stored ? { version: stored.version, entries: stored.entries } : null;
}

/**
 * Every account, for the secretariat's list, without reading 5,000 blobs on each request: one
 * index blob, refreshed from the change markers every account write leaves
 * (`markAccountChanged`, in a store of their own), and kept in memory by a warm instance while
 * its version is current. With no index yet, it is built once from every account.
 */
export async function indexedAccounts(now = Date.now()): Promise<IndexedAccount[]> {
  const store = secretariatStore();
  // Markers are listed before anything is read: a write after this leaves a marker the next read sees.
  const markers = await listKeys(accountChanges(), CHANGED_PREFIX);
  const stored = await storedIndex();
  const entries = stored?.entries ?? {};
  const keyOf = (marker: string) => marker.slice(CHANGED_PREFIX.length).split(".")[0] ?? "";
  let changed = false;
  if (!stored) {
    const accounts = await listKeys(members(), "account/");
    await refresh(
      entries,
      accounts.map((key) => key.slice("account/".length)),
    );
    changed = true;
  } else if (markers.length > 0) {
    changed = await refresh(entries, markers.map(keyOf));
  }
  let version = stored?.version ?? "";
  if (changed) {
    version = `${now.toString(36)}-${randomBytes(6).toString("hex")}`;
    // The index before its version: a reader that sees the new version finds the new index.
    await store.setJSON(INDEX_KEY, { version, entries } satisfies IndexBlob);
    await store.set(VERSION_KEY, version);
  }
  cached = { version, entries };
  if (markers.length > 0) {
    const old = (marker: string) => now - Number.parseInt(marker.split(".")[1] ?? "0", 36) > KEEP_FOLDED_MS;
    const done = markers.length > MANY_MARKERS ? markers : markers.filter(old);
    await inBatches(done, (marker) => accountChanges().delete(marker));
  }
  return Object.values(entries);
}
