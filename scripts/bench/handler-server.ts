/**
 * One function's handler served alone behind node:http on 127.0.0.1, with a fresh Blobs server in
 * a temporary folder and a fresh database in memory: what our own code costs a request, as in a warm function instance, without
 * the local Netlify runtime's start-up for every invocation. Used by the benchmarks.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { closeDatabase } from "../../src/server/db/database.server.ts";
import { startLocalDatabase } from "../dev/local-database.ts";

type Handler = (request: Request) => Promise<Response>;

/** `load` imports the handler once Blobs and the database are set up, as the platform does for a function. */
export async function serveHandler(
  load: () => Promise<Handler>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), "bench-blobs-"));
  const blobs = new BlobsServer({ directory, token: "bench" });
  const { port } = await blobs.start();
  const blobsUrl = `http://127.0.0.1:${port}`;
  // A local Netlify runtime started earlier in this process leaves its own context in a global,
  // which Blobs prefers to the environment: drop it so this server's is used.
  delete (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext;
  setEnvironmentContext({ siteID: "bench", token: "bench", edgeURL: blobsUrl, uncachedEdgeURL: blobsUrl });
  const records = await startLocalDatabase();
  const handler = await load();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await blobs.stop();
      await closeDatabase();
      await records.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
