/**
 * The build's last step, after `react-router build` has prerendered the pages into build/client:
 * - build/client/_headers: each prerendered page's Content-Security-Policy, allowing exactly its
 *   own inline scripts (the framework's hydration data and module loader) and the stylesheets in
 *   its head (decision 0045) by their hashes, since
 *   a static file cannot carry a per-request nonce (scripts/build/page-headers.ts), and every other
 *   file the build holds (robots.txt, the feed, the pages' data, favicon.svg) the policy that
 *   runs nothing;
 * - build/client/search-index.json: the site search's index, made from what the pages show
 *   (scripts/build/search-index.ts).
 * Run by `npm run build`: node scripts/build/after-build.ts
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { JSDOM } from "jsdom";
import { headersFile, inlineScripts, inlineStyles, otherFiles } from "./page-headers.ts";
import { buildSearchIndex, type IndexablePage } from "./search-index.ts";

const client = path.resolve("build/client");

/** Every prerendered page: each index.html under build/client, with its address. */
async function prerenderedPages(): Promise<{ url: string; html: string }[]> {
  const files = (await readdir(client, { recursive: true })).filter(
    (file) => file === "index.html" || file.endsWith(`${path.sep}index.html`),
  );
  return Promise.all(
    files.sort().map(async (file) => ({
      url: `/${path.dirname(file).split(path.sep).join("/")}`.replace(/^\/\.$/, "/"),
      html: await readFile(path.join(client, file), "utf8"),
    })),
  );
}

const pages = await prerenderedPages();
const indexable: IndexablePage[] = [];
const policies: { url: string; scripts: string[]; styles: string[] }[] = [];
for (const page of pages) {
  const { document } = new JSDOM(page.html).window;
  policies.push({ url: page.url, scripts: inlineScripts(document), styles: inlineStyles(document) });
  if (document.querySelector('meta[name="robots"][content~="noindex"]')) continue;
  // The page's own title, without the " | ISGPB" the document title adds.
  const title = document.title.split(" | ")[0] ?? document.title;
  indexable.push({ url: page.url, title, html: page.html });
}
const search = buildSearchIndex(indexable);
await writeFile(path.join(client, "search-index.json"), search.json);
// Last: every file the build wrote gets its policy, the search index too.
await writeFile(path.join(client, "_headers"), headersFile(policies, await otherFiles(client)));
console.log(
  `after-build: _headers for ${policies.length} prerendered pages, search-index.json (${search.documents} sections)`,
);
