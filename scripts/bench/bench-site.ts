/**
 * One copy of the built site for a benchmark, in a process of its own: the local server
 * (scripts/dev/serve.ts) on `root`, every built asset asked for once so the server holds it
 * compressed as a CDN's edge would, answers the CDN may share kept as its edge keeps them
 * (`edgeCache`: the emulator would otherwise run a fresh function for each, beside the page),
 * and the HTTPS front. Prints one JSON line,
 * `{"url", "chromiumFlag"}`, when ready, and serves until its parent ends it (SIGTERM) or goes
 * away (its stdin closes).
 *
 * Why a process of its own: Lighthouse takes the page's trace in the bench's process, and is
 * busiest exactly while the page's requests arrive. A server on that event loop answered them
 * 40–50 ms late, and Lighthouse's simulation charges an origin's median answer time to every
 * request of the page, the document included.
 *
 * Usage (by scripts/bench/lighthouse.ts): node scripts/bench/bench-site.ts <project root>
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { startServer } from "../dev/serve.ts";
import { startHttpsFront } from "./https-front.ts";

const root = path.resolve(process.argv[2] ?? ".");
const origin = await startServer(0, root, { edgeCache: true });
const assets = (await readdir(path.join(root, "dist", "assets"))).filter((name) =>
  /\.(js|css|svg)$/.test(name),
);
for (const name of assets) {
  const response = await fetch(`${origin.url}/assets/${name}`, { headers: { "accept-encoding": "br" } });
  await response.arrayBuffer();
}
const front = await startHttpsFront(origin.url);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await front.close();
  await origin.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.stdin.on("end", () => void stop());
process.stdin.resume();

console.log(JSON.stringify({ url: front.url, chromiumFlag: front.chromiumFlag }));
