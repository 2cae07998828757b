/**
 * Serves the production build the way Netlify does, offline, for `npm run preview` and the
 * browser tests: Netlify's own emulator (`NetlifyDev` from @netlify/dev, through its public API)
 * answers static files with their headers (netlify.toml's and the build's _headers), our
 * functions and edge functions, and redirects; for every path none of those answers, the
 * framework's server handler answers, as the Netlify Function the adapter writes would (path
 * "/*", static files first). The emulator does not load that generated function (it reads
 * netlify/functions only), so the handler runs here, in this process, on the same server build.
 * Each function is built once, on its first call (build-functions-once.ts, the one change made
 * to the emulator): restart the server after editing netlify/.
 * Usage: node scripts/dev/serve.ts [port]
 */
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { NetlifyDev } from "@netlify/dev";
import type { Context } from "@netlify/functions";
import { createRequestHandler } from "@netlify/vite-plugin-react-router/serverless";
import { createRequest } from "@remix-run/node-fetch-server";
import type { ServerBuild } from "react-router";
import { closeDatabase } from "../../src/server/db/database.server.ts";
import { buildFunctionsOnce } from "./build-functions-once.ts";
import { readEdgeRoutes } from "./edge-routes.ts";
import { hideRedirect, showRedirect } from "./held-redirect.ts";
import { LOCAL_BLOBS_DIRECTORY } from "./local-blobs.ts";
import { PREVIEW_DATABASE_DIRECTORY, startLocalDatabase } from "./local-database.ts";

export type ServeOptions = {
  /** Where the site's Blobs live (default: .netlify/blobs-serve). */
  blobsDirectory?: string;
  /**
   * Where the records' local Postgres is kept (default: .netlify/database-preview, which
   * `npm run outbox -- --preview` reads); null keeps it in memory (a browser-test worker's own).
   */
  databaseDirectory?: string | null;
};

export async function startServer(
  port = 0,
  projectRoot = process.cwd(),
  {
    blobsDirectory = path.join(projectRoot, LOCAL_BLOBS_DIRECTORY),
    databaseDirectory = path.join(projectRoot, PREVIEW_DATABASE_DIRECTORY),
  }: ServeOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  // The edge functions run on the `deno` binary the npm package installs. The emulator looks for
  // it on PATH, where npm scripts put it, and otherwise downloads one, which fails offline and
  // leaves the site served without its edge functions (the page POSTs' rate limits).
  const bin = path.resolve(import.meta.dirname, "..", "..", "node_modules", ".bin");
  if (!process.env.PATH?.split(path.delimiter).includes(bin))
    process.env.PATH = [bin, process.env.PATH].filter(Boolean).join(path.delimiter);
  // Netlify's emulator, twice: one for static files, functions, redirects and headers, and one
  // for the edge functions alone, asked only for the requests an edge function is declared for.
  // The emulator asks its edge runtime for every edge function's config on every request, a
  // picture's too: about 45 ms each (Deno loads all of them to answer), where a static file
  // otherwise takes about 13 ms.
  const common = {
    projectRoot,
    // Blobs are served below, from the folder asked for, not from the emulator's fixed one.
    blobs: { enabled: false },
    geolocation: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
    images: { enabled: false },
    serverAddress: null,
  };
  const netlify = new NetlifyDev({ ...common, edgeFunctions: { enabled: false } });
  const edge = new NetlifyDev({
    ...common,
    functions: { enabled: false },
    staticFiles: { enabled: false },
    redirects: { enabled: false },
    headers: { enabled: false },
  });
  const edgeRoutes = await readEdgeRoutes(path.join(projectRoot, "netlify", "edge-functions"));
  // Where this process builds the functions (scripts/dev/build-functions-once.ts).
  const serveFolder = path.join(projectRoot, ".netlify", "functions-serve");
  await mkdir(serveFolder, { recursive: true });
  const functions = await mkdtemp(path.join(serveFolder, "process-"));
  buildFunctionsOnce(projectRoot, functions);
  const blobs = await serveBlobs(blobsDirectory);
  // Before the emulator starts: each function call's worker starts with this process's
  // environment, NETLIFY_DB_URL included.
  const records = await startLocalDatabase(databaseDirectory ? { directory: databaseDirectory } : {});
  await Promise.all([netlify.start(), edge.start()]);
  const build: ServerBuild = await import(
    pathToFileURL(path.join(projectRoot, "build/server/index.js")).href
  );
  const pages = createRequestHandler({ build });

  let url = "";
  // Answers still being worked on. A function whose visitor has gone (a test's page closed) still
  // runs to its end, and it may write to Blobs then; stopping the emulator under it made it fail
  // ("could not save …: fetch failed", MissingBlobsEnvironmentError), so close waits for these.
  const inFlight = new Set<Promise<void>>();
  const server: Server = createServer((req, res) => {
    const work = answer(req, res);
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const response = await netlifyOrPages(req, res);
      // The emulator hides functions' errors, so say what a failed answer was, where it shows. A
      // request its browser gave up on (a navigation that replaced it) fails as it is cut short,
      // and nobody sees that answer: it is not logged.
      if (response.status >= 500 && !res.closed) await logFailure(req.method, req.url, response.clone());
      res.statusCode = response.status;
      for (const [key, value] of response.headers) res.appendHeader(key, value);
      if (!response.body) return void res.end();
      Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
    } catch (error) {
      console.error(error);
      res.statusCode = 500;
      res.end("Internal error");
    }
  }

  async function netlifyOrPages(req: IncomingMessage, res: ServerResponse): Promise<Response> {
    const passthrough = req.headers[PASSTHROUGH] !== undefined;
    if (passthrough) {
      // Back from an edge function's context.next(): the emulator skips the edge functions this
      // time. It also names this server "localhost:<port>" whatever host the visitor asked for;
      // the host the visitor's request carried comes back in VISITOR_HOST, or a page POST's Origin
      // (the visitor's) would not be the request's, and a browser that sends no Sec-Fetch-Site
      // would be refused as another site (src/server/http/same-origin.server.ts).
      const visitorHost = req.headers[VISITOR_HOST];
      if (typeof visitorHost === "string") req.headers.host = visitorHost;
    }
    const request = createRequest(req, res);
    if (!passthrough) request.headers.set(VISITOR_HOST, req.headers.host ?? "");
    // The emulator's redirect rules decode the path and throw on a malformed one (`/news/%E0%A4`),
    // a bare 500; nothing of Netlify's can answer such a path, so the framework's handler does,
    // with the not-found page, as it answers any other path that is no page.
    const byEdge = !passthrough && edgeRoutes.some((route) => route(req.method ?? "GET", request.url));
    const handle = (emulator: NetlifyDev) =>
      emulator.handle(request, { serverAddress: url }).catch((error: unknown) => {
        if (error instanceof URIError) return undefined;
        throw error;
      });
    const result = (byEdge ? await handle(edge) : undefined) ?? (await handle(netlify));
    const response = result ?? (await pages(request, contextOf(req)));
    return passthrough ? hideRedirect(response) : showRedirect(response);
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  // The emulator starts its edge runtime (Deno) in the background; the first request waits for it.
  // Ready means it answers, so that first request is made here.
  await (await fetch(`${url}/favicon.svg`)).arrayBuffer();
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await withinMs(STOP_BUDGET_MS, Promise.allSettled(inFlight), "answers in flight did not finish");
      // Stopping the emulator waits for its edge runtime's pipes to close; a runtime that outlives
      // its launcher would keep a test run open for ever, so give it a bounded time.
      await withinMs(
        STOP_BUDGET_MS,
        Promise.all([netlify.stop(), edge.stop()]),
        "the local Netlify runtime did not stop",
      );
      await blobs.stop();
      await closeDatabase();
      await records.stop();
      await rm(functions, { recursive: true, force: true });
    },
  };
}

/** The header the edge runtime marks its context.next() requests with. */
const PASSTHROUGH = "x-nf-passthrough";
/** The host a visitor asked for, carried through the edge runtime (see netlifyOrPages). */
const VISITOR_HOST = "x-local-visitor-host";
const STOP_BUDGET_MS = 15_000;

/**
 * A Blobs server over `directory`, made the one this process's code uses: the framework's
 * handler runs in this process, and each function call in a worker thread that starts with a copy
 * of this process's environment. @netlify/blobs finds its server through NETLIFY_BLOBS_CONTEXT,
 * as on Netlify, so that is the only thing set. The emulator's own Blobs would always live under
 * the project root (.netlify/blobs-serve); the browser tests give each worker a folder of its own.
 * One server per process, therefore: a second would take the first one's Blobs over.
 */
async function serveBlobs(directory: string): Promise<{ stop: () => Promise<void> }> {
  const token = randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const before = process.env.NETLIFY_BLOBS_CONTEXT;
  // Site id "0", as the emulator and scripts/dev/local-blobs.ts file local Blobs.
  setEnvironmentContext({ siteID: "0", deployID: "0", token, edgeURL: url, uncachedEdgeURL: url });
  return {
    stop: async () => {
      if (before === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
      else process.env.NETLIFY_BLOBS_CONTEXT = before;
      await server.stop();
    },
  };
}

async function withinMs(ms: number, work: Promise<unknown>, late: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`serve: ${late} within ${ms} ms; going on without it`);
      resolve();
    }, ms);
  });
  await Promise.race([work.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

async function logFailure(method: string | undefined, path: string | undefined, response: Response) {
  const body = await response.text().catch((error: unknown) => `(body unreadable: ${error})`);
  console.error(`serve: ${method} ${path} answered ${response.status}: ${body.slice(0, 500)}`);
}

/** What the server handler's loaders read of Netlify's request context: the visitor's address. */
function contextOf(req: IncomingMessage): Context {
  return { ip: req.socket.remoteAddress ?? "", requestId: "", params: {} } as unknown as Context;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await startServer(Number(process.argv[2] ?? 8888));
  console.log(`Serving build/client/ as Netlify would at ${url}`);
}
