import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { afterAll, beforeAll } from "vitest";

/**
 * Runs a local Netlify Blobs server for the tests of one file and points @netlify/blobs at it,
 * as the Netlify runtime would. Each file gets a fresh, empty store.
 */
export function startBlobsServer() {
  let server: BlobsServer | undefined;
  let directory = "";
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "blobs-"));
    const token = "test-token";
    server = new BlobsServer({ directory, token });
    const { port } = await server.start();
    const url = `http://127.0.0.1:${port}`;
    setEnvironmentContext({ siteID: "test-site", token, edgeURL: url, uncachedEdgeURL: url });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(directory, { recursive: true, force: true });
  });
}
