/**
 * Bundle-size report: for every prerendered page listed in dist/sitemap.xml, the JS and CSS the page
 * loads before any interaction, gzipped (node:zlib level 9, 1 KB = 1000 bytes as Vite reports it).
 * "Loads initially" means every <script type="module" src>, <link rel="modulepreload" href> and
 * <link rel="stylesheet" href> in the page's built HTML, plus the static imports of those chunks and
 * their CSS, followed transitively through dist/.vite/manifest.json (dynamic imports are not).
 * Budget: initial JS at most 100 KB gzip on every content page.
 *
 * Run after a build: npm run build && npm run bench:size
 * It is a report, not a gate: it always exits 0 and names the routes over budget.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Manifest, outputPath } from "../html-document.ts";

const JS_BUDGET_KB = 100;
const dist = path.resolve("dist");
if (!existsSync(path.join(dist, ".vite/manifest.json"))) {
  console.error("dist/.vite/manifest.json not found: run `npm run build` first.");
  process.exit(1);
}
const read = (file: string) => readFileSync(path.join(dist, file));
const manifest: Manifest = JSON.parse(read(".vite/manifest.json").toString());
const chunkByFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

const gzipCache = new Map<string, number>();
function gzipKb(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(read(file), { level: 9 }).length / 1000;
    gzipCache.set(file, size);
  }
  return size;
}

/** Files (relative to dist/) of the JS and CSS that a page with this HTML loads initially. */
function initialAssets(html: string): string[] {
  const files = new Set<string>();
  const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
  for (const tag of tags) {
    const attr = (name: string) => new RegExp(`\\b${name}=["']?([^"'\\s>]+)`, "i").exec(tag)?.[1];
    const isModule = tag.startsWith("<script") && attr("type") === "module";
    const rel = attr("rel");
    const ref = isModule
      ? attr("src")
      : rel === "modulepreload" || rel === "stylesheet"
        ? attr("href")
        : undefined;
    if (ref?.startsWith("/")) files.add(ref.slice(1));
  }
  const visit = (file: string) => {
    const chunk = chunkByFile.get(file);
    for (const css of chunk?.css ?? []) files.add(css);
    for (const key of chunk?.imports ?? []) {
      const imported = manifest[key]?.file;
      if (imported && !files.has(imported)) {
        files.add(imported);
        visit(imported);
      }
    }
  };
  for (const file of [...files]) if (file.endsWith(".js")) visit(file);
  return [...files].sort();
}

const sitemap = read("sitemap.xml").toString();
const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
  const { pathname, search } = new URL(m[1] as string);
  return pathname + search;
});
const pages = urls.map((url) => ({ url, files: initialAssets(read(outputPath(url)).toString()) }));

// Pages that differ only in a query value (/office-bearers?year=…) share one row when their assets match.
type Row = { label: string; files: string[] };
const rows: Row[] = [];
const groups = new Map<string, { url: string; files: string[] }[]>();
for (const page of pages) {
  const { pathname, searchParams } = new URL(page.url, "http://x");
  const key = searchParams.size ? `${pathname}?${[...searchParams.keys()].join("&")}` : page.url;
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key)?.push(page);
}
for (const [key, members] of groups) {
  const first = members[0];
  if (!first) continue;
  if (members.length > 1 && members.every((m) => m.files.join() === first.files.join())) {
    const query = key.split("?")[1] ?? "";
    rows.push({ label: `${key.split("?")[0]}?${query}=… (${members.length} pages)`, files: first.files });
  } else for (const m of members) rows.push({ label: m.url, files: m.files });
}

const sum = (files: string[], ext: string) =>
  files.filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzipKb(f), 0);
const width = Math.max(5, ...rows.map((r) => r.label.length));
const num = (n: number) => n.toFixed(1).padStart(8);
console.log(
  `Initial JS and CSS per page, gzip level 9, KB = 1000 bytes. Budget: JS <= ${JS_BUDGET_KB} KB.\n`,
);
console.log(
  `${"Route".padEnd(width)}  ${"JS KB".padStart(8)}  ${"CSS KB".padStart(8)}  ${"Total".padStart(8)}  Budget`,
);
const over: string[] = [];
for (const row of rows) {
  const js = sum(row.files, ".js");
  const css = sum(row.files, ".css");
  const ok = js <= JS_BUDGET_KB;
  if (!ok) over.push(`${row.label}: ${js.toFixed(1)} KB JS`);
  console.log(`${row.label.padEnd(width)}  ${num(js)}  ${num(css)}  ${num(js + css)}  ${ok ? "✓" : "✗"}`);
}

console.log("\nFiles (gzip KB):");
for (const file of [...gzipCache.keys()].sort())
  console.log(`  ${gzipKb(file).toFixed(1).padStart(6)}  ${file}`);

console.log(
  over.length
    ? `\n✗ ${over.length} route(s) over the ${JS_BUDGET_KB} KB initial-JS budget:\n  ${over.join("\n  ")}`
    : `\n✓ Every route is within the ${JS_BUDGET_KB} KB initial-JS budget.`,
);
