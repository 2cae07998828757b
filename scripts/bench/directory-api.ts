/**
 * Load benchmark of GET /api/directory, twice on 127.0.0.1, each warmed up, then a bounded
 * autocannon run: requests/s, p50 and p99 latency, errors, and the answer's size raw, gzip and
 * Brotli. It builds nothing: run `npm run build` first.
 *   1. the built site served by scripts/dev/serve.ts (functions and Blobs as on Netlify, minus
 *      the CDN). Its emulator builds the function, starts a worker and imports the function for
 *      every invocation, which dominates on a small machine: a floor, not what Netlify does.
 *   2. the function's handler alone behind node:http with a local Blobs server, as a warm
 *      function instance serves it (scripts/bench/handler-server.ts): the cost of our own code.
 *   npm run bench:directory-api                    # 4 connections for 15 s each
 *   npm run bench:directory-api -- 10 30           # 10 connections for 30 s each
 * Run by hand only; it is NOT part of CI (figures depend on the machine).
 */
import { setTimeout as delay } from "node:timers/promises";
import { brotliCompressSync, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startServer } from "../dev/serve.ts";
import { serveHandler } from "./handler-server.ts";

// Member ids are keyed with it; set here so each emulated invocation does not warn about its absence.
process.env.SIGNING_SECRET ??= "directory-benchmark-secret";
const connections = Number(process.argv[2] ?? 4);
const duration = Number(process.argv[3] ?? 15);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Warms `origin`'s GET /api/directory up, loads it for `duration` seconds and prints the figures. */
async function measure(label: string, origin: string, encoding: "gzip" | "identity"): Promise<string> {
  const url = `${origin}/api/directory`;
  // Warm: the function loaded, the CSV parsed and the in-memory copy filled.
  let body = "";
  for (let i = 0; i < 5; i++)
    body = await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).text();
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { "Accept-Encoding": encoding },
    // The emulator can take seconds an invocation on a busy machine: count them, not drop them.
    timeout: 60,
  });
  console.log(`${label}: ${connections} connections for ${duration} s (${encoding} on the wire)`);
  console.log(`  requests/s  mean ${result.requests.average.toFixed(0)}, total ${result.requests.total}`);
  console.log(
    `  latency     p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(`  errors      ${result.errors}, non-2xx ${result.non2xx}, timeouts ${result.timeouts}`);
  // autocannon abandons the requests in flight when time is up; let them finish before the
  // server (and its Blobs store) stops, or their writes fail noisily.
  await delay(result.latency.max);
  return body;
}

const site = await startServer();
let body = "";
try {
  body = await measure("GET /api/directory, built site under the @netlify/dev emulator", site.url, "gzip");
} finally {
  await site.close();
}

const handler = await serveHandler(
  async () => (await import("../../netlify/functions/directory.ts")).default,
);
try {
  await measure("GET /api/directory, the handler alone (a warm function instance)", handler.url, "identity");
} finally {
  await handler.close();
}
console.log(
  `answer: ${JSON.parse(body).length} members, ${kb(Buffer.byteLength(body))} raw, ${kb(gzipSync(body).length)} gzip, ${kb(brotliCompressSync(body).length)} Brotli`,
);
