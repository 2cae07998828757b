/**
 * One copy of a built site for a benchmark, in a process of its own: the project's own local
 * server (its scripts/dev/serve.ts, so an older checkout is served as it was then) on `root`,
 * every built asset asked for once so the server holds it compressed as a CDN's edge would,
 * answers the CDN may share kept as its edge keeps them (`edgeCache`: the emulator would otherwise
 * run a fresh function for each, beside the page), and the HTTPS front. With `--no-js`, every HTML
 * answer, a prerendered file's or a page rendered per request, loses its <script> elements and
 * modulepreload links (this project's server only: `rewriteHtml`). Prints one JSON line,
 * `{"url", "chromiumFlag"}`, when ready, and serves until its parent ends it (SIGTERM) or goes
 * away (its stdin closes).
 *
 * Why a process of its own: Lighthouse takes the page's trace in the bench's process, and is
 * busiest exactly while the page's requests arrive. A server on that event loop answered them
 * 40–50 ms late, and Lighthouse's simulation charges an origin's median answer time to every
 * request of the page, the document included.
 *
 * Usage (by scripts/bench/lighthouse.ts): node scripts/bench/bench-site.ts <project root> [--no-js]
 */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { startServer as StartServer } from "../dev/serve.ts";
import { startHttpsFront } from "./https-front.ts";

const root = path.resolve(process.argv[2] ?? ".");
const noJs = process.argv.includes("--no-js");
const serve: { startServer: typeof StartServer } = await import(
  pathToFileURL(path.join(root, "scripts", "dev", "serve.ts")).href
);
const stripScripts = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, "")
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>\s*/gi, "");
const origin = await serve.startServer(0, root, {
  edgeCache: true,
  ...(noJs ? { rewriteHtml: stripScripts } : {}),
});
// The build's static files: build/client since framework mode, dist/ before it.
const assetsDir = ["build/client/assets", "dist/assets"]
  .map((dir) => path.join(root, dir))
  .find((dir) => existsSync(dir));
if (!assetsDir) throw new Error(`no build in ${root}: neither build/client/assets nor dist/assets`);
const assets = (await readdir(assetsDir)).filter((name) => /\.(js|css|svg)$/.test(name));
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
