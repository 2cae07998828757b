/**
 * Opens the local Netlify Blobs sandbox (.netlify/blobs-serve) that `npm start`, `npm run preview`
 * and the browser tests write to, for the scripts that read what the site stored there before its
 * records moved to the database (`npm run db:import-blobs`).
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
