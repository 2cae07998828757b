/**
 * Serves the production build the way Netlify does, offline: static files from build/client/
 * with their headers (netlify.toml's and the build's _headers), our functions and edge functions,
 * Blobs, and, for every path none of those answers, the framework's server handler, as the
 * Netlify Function the adapter writes would (path "/*", static files first). The emulator does
 * not load that generated function (it reads netlify/functions only), so the handler runs here,
 * in this process, on the same server build. Used by `npm run preview` and the browser tests.
 * Usage: node scripts/dev/serve.ts [port]
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip as gzipCallback } from "node:zlib";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { NetlifyDev } from "@netlify/dev";
import type { Context } from "@netlify/functions";
import { createRequestHandler } from "@netlify/vite-plugin-react-router/serverless";
import { createRequest } from "@remix-run/node-fetch-server";
import type { ServerBuild } from "react-router";
import { serveAsDeployed, VISITOR_HOST_HEADER } from "./as-deployed.ts";
import { edgeLifetime } from "./edge-cache.ts";
import { LOCAL_BLOBS_DIRECTORY } from "./local-blobs.ts";
import { stopWarmFunctions } from "./warm-functions.ts";

export async function startServer(
  port = 0,
  projectRoot = process.cwd(),
  {
    edgeCache = false,
    blobsDirectory = path.join(projectRoot, LOCAL_BLOBS_DIRECTORY),
    functionsDirectory = path.join(projectRoot, ".netlify", "functions-serve"),
    sharedFunctions = false,
    rewriteHtml,
  }: ServeOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  // The edge functions run on the `deno` binary the npm package installs. The emulator looks for
  // it on PATH, where npm scripts put it, and otherwise downloads one, which fails offline and
  // leaves the site served without its edge functions (the page POSTs' rate limits).
  const bin = path.resolve(import.meta.dirname, "..", "..", "node_modules", ".bin");
  if (!process.env.PATH?.split(path.delimiter).includes(bin))
    process.env.PATH = [bin, process.env.PATH].filter(Boolean).join(path.delimiter);
  const netlify = new NetlifyDev({
    projectRoot,
    edgeFunctions: { enabled: true },
    // Blobs are served below, from the folder asked for, not from the emulator's fixed one.
    blobs: { enabled: false },
    geolocation: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
    images: { enabled: false },
    serverAddress: null,
  });
  serveAsDeployed(projectRoot, functionsDirectory, sharedFunctions);
  const blobs = await serveBlobs(blobsDirectory);
  await netlify.start();
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
      // An answer kept from before (an immutable asset; with `edgeCache`, one the CDN may share) is
      // answered again from memory, as a CDN's edge does.
      const kept = await keptAnswer(req);
      if (kept) return void sendKept(res, kept, req.method === "HEAD");
      // This server is also the origin behind edge functions: their context.next() comes back here
      // marked as passthrough, so the edge functions are skipped the second time.
      // The emulator's redirect rules decode the path and throw on a malformed one (`/news/%E0%A4`),
      // a bare 500; nothing of Netlify's can answer such a path, so the framework's handler does,
      // with the not-found page, as it answers any other path that is no page.
      const result = await netlify
        .handleAndIntrospectNodeRequest(req, { serverAddress: url })
        .catch((error: unknown) => {
          if (error instanceof URIError) return undefined;
          throw error;
        });
      const visitorHost = req.headers[VISITOR_HOST_HEADER];
      if (typeof visitorHost === "string" && req.headers["x-nf-passthrough"]) req.headers.host = visitorHost;
      let response = result?.response ?? (await pages(createRequest(req, res), contextOf(req)));
      if (rewriteHtml) response = await rewritten(response, rewriteHtml);
      // The emulator hides functions' errors, so say what a failed answer was, where it shows. A
      // request its browser gave up on (a navigation that replaced it) fails as it is cut short,
      // and nobody sees that answer: it is not logged.
      if (response.status >= 500 && !res.closed) await logFailure(req.method, req.url, response.clone());
      const keepFor = keepable(req, response, edgeCache);
      if (keepFor) return void sendKept(res, await keep(req, response, keepFor), false);
      res.statusCode = response.status;
      for (const [key, value] of response.headers) res.appendHeader(key, value);
      if (!response.body) return void res.end();
      // Netlify's CDN compresses text; do the same so sizes and timings measured here are real.
      const encoding = compressible(response, req.headers["accept-encoding"]);
      if (!encoding) return void Readable.fromWeb(webStream(response)).pipe(res);
      res.removeHeader("content-length");
      res.setHeader("content-encoding", encoding);
      res.appendHeader("vary", "Accept-Encoding");
      Readable.fromWeb(webStream(response))
        .pipe(encoding === "br" ? createBrotliCompress(DYNAMIC_BROTLI) : createGzip())
        .pipe(res);
    } catch (error) {
      console.error(error);
      res.statusCode = 500;
      res.end("Internal error");
    }
  }
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await withinMs(STOP_BUDGET_MS, Promise.allSettled(inFlight), "answers in flight did not finish");
      // Stopping the emulator waits for its edge runtime's pipes to close; a runtime that outlives
      // its launcher would keep a test run open for ever, so give it a bounded time.
      await withinMs(STOP_BUDGET_MS, netlify.stop(), "the local Netlify runtime did not stop");
      await stopWarmFunctions();
      await blobs.stop();
    },
  };
}

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

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

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

const webStream = (response: Response) => response.body as import("node:stream/web").ReadableStream;

/**
 * How the CDN's costs are modelled. Lighthouse charges an origin's median answer time to every
 * request of the page it simulates, the document included, so a slow answer to a script fetched
 * after the paint still moved LCP. The emulator took 20–60 ms for each asset and queued a burst
 * of them, and Brotli's best setting added about 200 ms for the 155 KB app chunk: the bench
 * measured this server, not the page. A CDN answers an immutable asset from its edge, compressed
 * once; it compresses a page that an edge function changes as it goes, at a setting meant for
 * that (Brotli 5 here).
 */
const IMMUTABLE = /\bimmutable\b/;
const DYNAMIC_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

export type ServeOptions = {
  /** Where the site's Blobs live (default: .netlify/blobs-serve, which `npm run outbox` reads). */
  blobsDirectory?: string;
  /** Where each function is built on its first call (default: .netlify/functions-serve). */
  functionsDirectory?: string;
  /**
   * Other servers, in other processes, build into `functionsDirectory` too, and each function is
   * built once among them (the browser tests' workers). The folder must be new to them: a build
   * found there is used as it is.
   */
  sharedFunctions?: boolean;
  /**
   * Keep a GET answer the CDN may share (Netlify-CDN-Cache-Control public with a max-age, for
   * no cookie) for as long as it says, as Netlify's edge does. For the benchmarks only: the
   * emulator starts each function afresh in a worker, 150–400 ms of CPU per call on a 2-core
   * machine, where a visitor is mostly answered from the edge. The browser tests change the data
   * behind such answers (a failing sheet, a new news item) and must see it at once.
   */
  edgeCache?: boolean;
  /**
   * Changes the text of every HTML answer, a static file's or a rendered page's, before it is
   * kept or compressed. For the benchmarks only: the Lighthouse bench's copy without scripts.
   */
  rewriteHtml?: (html: string) => string;
};

async function rewritten(response: Response, rewrite: (html: string) => string): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || !type.startsWith("text/html") || response.headers.has("content-encoding"))
    return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(rewrite(await response.text()), { status: response.status, headers });
}

type Kept = { status: number; headers: [string, string][]; body: Buffer; until: number };
const keptAnswers = new Map<string, Promise<Kept>>();

function keptKey(req: IncomingMessage): string {
  const accept = req.headers["accept-encoding"] ?? "";
  return `${accept.includes("br") ? "br" : accept.includes("gzip") ? "gzip" : "identity"} ${req.url}`;
}

async function keptAnswer(req: IncomingMessage): Promise<Kept | undefined> {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const key = keptKey(req);
  const kept = await keptAnswers.get(key)?.catch(() => undefined);
  if (!kept || kept.until >= Date.now()) return kept;
  keptAnswers.delete(key);
  return undefined;
}

/** How long (ms) an answer may be kept: an immutable asset for ever; with `edgeCache`, what the CDN is told. */
function keepable(req: IncomingMessage, response: Response, edgeCache: boolean): number {
  if (req.method !== "GET" || response.status !== 200 || response.body === null) return 0;
  if (IMMUTABLE.test(response.headers.get("cache-control") ?? "")) return Number.POSITIVE_INFINITY;
  return edgeCache ? edgeLifetime(response.headers) : 0;
}

function keep(req: IncomingMessage, response: Response, lifetime: number): Promise<Kept> {
  const encoding = compressible(response, req.headers["accept-encoding"]);
  const answer = response.arrayBuffer().then(async (raw): Promise<Kept> => {
    const plain = Buffer.from(raw);
    // An immutable asset is compressed once for good; a shared answer as the CDN does as it goes.
    const quality = lifetime === Number.POSITIVE_INFINITY ? {} : DYNAMIC_BROTLI;
    const body =
      encoding === "br" ? await brotli(plain, quality) : encoding === "gzip" ? await gzip(plain) : plain;
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    if (encoding) headers.push(["content-encoding", encoding], ["vary", "Accept-Encoding"]);
    headers.push(["content-length", String(body.length)]);
    return { status: response.status, headers, body, until: Date.now() + lifetime };
  });
  const key = keptKey(req);
  keptAnswers.set(key, answer);
  answer.catch(() => keptAnswers.delete(key));
  return answer;
}

function sendKept(res: ServerResponse, kept: Kept, head: boolean): void {
  res.statusCode = kept.status;
  for (const [name, value] of kept.headers) res.appendHeader(name, value);
  res.end(head ? undefined : kept.body);
}

function compressible(response: Response, accept: string | undefined): "br" | "gzip" | null {
  const type = response.headers.get("content-type") ?? "";
  if (response.headers.has("content-encoding") || !/text|javascript|json|xml|svg/.test(type)) return null;
  if (accept?.includes("br")) return "br";
  return accept?.includes("gzip") ? "gzip" : null;
}

/** What the server handler's loaders read of Netlify's request context: the visitor's address. */
function contextOf(req: IncomingMessage): Context {
  return { ip: req.socket.remoteAddress ?? "", requestId: "", params: {} } as unknown as Context;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await startServer(Number(process.argv[2] ?? 8888));
  console.log(`Serving build/client/ as Netlify would at ${url}`);
}
