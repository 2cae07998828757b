/**
 * One copy of a built site for a benchmark, in a process of its own: the project's own local
 * server (its scripts/dev/serve.ts, so an older checkout is served as it was then) on `root`,
 * behind the HTTPS front, which compresses text as Netlify's CDN does. With `--no-js`, every HTML
 * answer, a prerendered file's or a page rendered per request, loses its <script> elements and
 * modulepreload links (in the front). Prints one JSON line,
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
const origin = await serve.startServer(0, root);
const front = await startHttpsFront(origin.url, noJs ? { rewriteHtml: stripScripts } : {});

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
