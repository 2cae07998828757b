/**
 * Load benchmark of GET /api/directory: the built site served by scripts/serve.ts (functions,
 * Blobs and compression as on Netlify, minus the CDN cache) on 127.0.0.1, warmed up, then a
 * bounded autocannon run. Reports requests/s, p50 and p99 latency, errors, and the answer's
 * size raw, gzip and Brotli. It builds nothing: run `npm run build` first.
 *   npm run bench:directory-api                    # 4 connections for 15 s
 *   npm run bench:directory-api -- 10 30           # 10 connections for 30 s
 * It also times the function's handler in this process, without the local Netlify runtime's
 * per-invocation overhead (which dominates on a small machine): the cost of our own code.
 * Run by hand only; it is NOT part of CI (figures depend on the machine).
 */
import { brotliCompressSync, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import directory from "../../netlify/functions/directory.ts";
import { startServer } from "../serve.ts";

const connections = Number(process.argv[2] ?? 4);
const duration = Number(process.argv[3] ?? 15);

const server = await startServer();
const url = `${server.url}/api/directory`;
try {
  // Warm: the function loaded, the CSV parsed and the in-memory copy filled.
  let body = "";
  for (let i = 0; i < 5; i++)
    body = await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).text();
  const members = JSON.parse(body).length;

  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { "Accept-Encoding": "gzip" },
    // The local runtime can take seconds an invocation on a busy machine: count them, not drop them.
    timeout: 60,
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `GET /api/directory, ${members} members, ${connections} connections for ${duration} s (gzip on the wire)`,
  );
  console.log(`  requests/s  mean ${result.requests.average.toFixed(0)}, total ${result.requests.total}`);
  console.log(
    `  latency     p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(`  errors      ${result.errors}, non-2xx ${result.non2xx}, timeouts ${result.timeouts}`);
  console.log(
    `  answer      ${kb(Buffer.byteLength(body))} raw, ${kb(gzipSync(body).length)} gzip, ${kb(brotliCompressSync(body).length)} Brotli`,
  );
} finally {
  await server.close();
}

/** Median milliseconds of `runs` calls of the handler in this process. */
async function handlerMedian(runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await (await directory()).text();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? Number.NaN;
}

// No Blobs here (the local runtime's context points at the stopped server): the last good copy
// is not saved, which the handler logs and survives.
delete process.env.NETLIFY_BLOBS_CONTEXT;
delete (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext;
console.error = () => {};
process.env.DIRECTORY_CACHE_SECONDS = "0";
const cold = await handlerMedian(20);
process.env.DIRECTORY_CACHE_SECONDS = "60";
const warm = await handlerMedian(200);
console.log(
  `  handler in process: ${cold.toFixed(1)} ms reading the CSV each time, ${warm.toFixed(2)} ms warm (median)`,
);
