/**
 * Writes a complete HTML file for every page of the site, plus 404.html, sitemap.xml and
 * robots.txt and the news feed, from the client build in dist/ and the server build in .build/server/.
 * Run by `npm run build` after both Vite builds: node scripts/build/prerender.ts
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { assertBuildSecret } from "./build-secret.ts";
import { rssFeed } from "./feed.ts";
import { type Manifest, outputPath, renderDocument, robotsTxt, sitemapXml } from "./html-document.ts";
import { buildSearchIndex, type IndexablePage } from "./search-index.ts";

type ServerEntry = typeof import("../../src/app/entry-server.tsx");

// Before anything is rendered: the directory's member ids are keyed with SIGNING_SECRET.
assertBuildSecret();

const dist = path.resolve("dist");
const server: ServerEntry = await import(pathToFileURL(path.resolve(".build/server/entry-server.js")).href);
const template = await readFile(path.join(dist, "index.html"), "utf8");
const manifest: Manifest = JSON.parse(await readFile(path.join(dist, ".vite/manifest.json"), "utf8"));
const { siteUrl, siteName } = server;

async function write(url: string, file: string, expectedStatus: number) {
  const page = await server.render(new URL(url, siteUrl));
  if (page.status !== expectedStatus) throw new Error(`${url} rendered with status ${page.status}`);
  const html = renderDocument(
    template,
    {
      url: new URL(url, siteUrl),
      html: page.html,
      meta: page.meta,
      canonical: new URL(page.view, siteUrl).href,
      siteName,
      hydrationJson: page.hydrationJson,
      modules: page.routeIds.filter((id) => id !== "root").map((id) => `src/routes/${id}.tsx`),
    },
    manifest,
  );
  await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
  await writeFile(path.join(dist, file), html);
  return { meta: page.meta, html: page.html };
}

const urls = await server.prerenderUrls();
const listed: string[] = [];
const indexable: IndexablePage[] = [];
for (const url of urls) {
  const { meta, html } = await write(url, outputPath(url), 200);
  if (meta.noindex) continue;
  listed.push(url);
  // The page's own title, without the " | site name" the document title adds.
  indexable.push({ url, title: meta.title.split(" | ")[0] ?? meta.title, html });
}
await write("/404", "404.html", 404);
await writeFile(path.join(dist, "sitemap.xml"), sitemapXml(siteUrl, listed));
await writeFile(path.join(dist, "robots.txt"), robotsTxt(siteUrl));
const news = await server.prerenderContext.news.all();
await mkdir(path.join(dist, "news"), { recursive: true });
await writeFile(path.join(dist, "news/feed.xml"), rssFeed({ name: siteName, url: siteUrl }, news));
const search = buildSearchIndex(indexable);
await writeFile(path.join(dist, "search-index.json"), search.json);
console.log(
  `prerendered ${urls.length} pages, 404.html, sitemap.xml, robots.txt, news/feed.xml and search-index.json (${search.documents} sections)`,
);
