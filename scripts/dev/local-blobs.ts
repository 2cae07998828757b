/**
 * Opens the local Netlify Blobs sandbox (.netlify/blobs-serve) that `npm start`, `npm run preview`
 * and the browser tests write to, for scripts and tests that read what the site stored.
 */
import { existsSync } from "node:fs";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

export const LOCAL_BLOBS_DIRECTORY = ".netlify/blobs-serve";

type StoreOf = (name: string) => ReturnType<typeof getStore>;

/** Runs `read` with access to the sandbox's stores; answers null when nothing was ever stored. */
export async function readLocalBlobs<T>(read: (storeOf: StoreOf) => Promise<T>): Promise<T | null> {
  if (!existsSync(LOCAL_BLOBS_DIRECTORY)) return null;
  const token = "local-blobs-reader";
  const server = new BlobsServer({ directory: LOCAL_BLOBS_DIRECTORY, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  try {
    // The local sandbox files everything under site id "0".
    return await read((name) => getStore({ name, siteID: "0", token, edgeURL: url, uncachedEdgeURL: url }));
  } finally {
    await server.stop();
  }
}

/** Every JSON value in a local store whose key starts with `prefix`, by key. */
export async function localEntries<T>(store: string, prefix = ""): Promise<Map<string, T>> {
  const entries = await readLocalBlobs(async (storeOf) => {
    const { blobs } = await storeOf(store).list({ prefix });
    const found = new Map<string, T>();
    for (const { key } of blobs) {
      // A write cut short (a function stopped mid-request) leaves an empty file: skip it.
      const text = await storeOf(store).get(key, { type: "text" });
      if (text) found.set(key, JSON.parse(text) as T);
    }
    return found;
  });
  return entries ?? new Map();
}

/** The keys in a local store that start with `prefix`. */
export async function localKeys(store: string, prefix = ""): Promise<string[]> {
  const keys = await readLocalBlobs(async (storeOf) => (await storeOf(store).list({ prefix })).blobs);
  return (keys ?? []).map((blob) => blob.key);
}
