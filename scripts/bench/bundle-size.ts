/**
 * Script-budget report: for every built page (each dist/**\/index.html and 404.html), the
 * JavaScript it downloads without any interaction, gzipped (node:zlib level 9, 1 KB = 1000 bytes
 * as Vite reports it), against the budget in scripts/build/script-budget.ts (which says what counts as
 * initial). Pages with the same scripts under the same first path segment share a line. The CSS,
 * one stylesheet for the whole site, is printed once.
 *
 * Run after a build: npm run build && npm run bench:size
 * It exits 1 when a page is over its budget; `npm test` runs the same check
 * (tests/e2e/script-budget.spec.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { measureBuild, SCRIPT_BUDGET_KB } from "../build/script-budget.ts";

const dist = path.resolve("dist");
if (!existsSync(path.join(dist, ".vite/manifest.json"))) {
  console.error("dist/.vite/manifest.json not found: run `npm run build` first.");
  process.exit(1);
}

const { lines, files } = await measureBuild(dist);
const label = (line: (typeof lines)[number]) =>
  line.pages > 1 ? `${line.page} (+${line.pages - 1} like it)` : line.page;
const width = Math.max(5, ...lines.map((line) => label(line).length));
console.log(
  `Initial JavaScript per page, gzip level 9, KB = 1000 bytes. Budget (the check in npm test fails above it): ${SCRIPT_BUDGET_KB} KB.\n`,
);
console.log(`${"Page".padEnd(width)}  ${"JS KB".padStart(7)}  Budget`);
const verdict = (line: (typeof lines)[number]) =>
  line.ok
    ? `✓ ${(SCRIPT_BUDGET_KB - line.kb).toFixed(1)} KB to spare`
    : `✗ over the ${SCRIPT_BUDGET_KB} KB budget`;
for (const line of lines) {
  console.log(`${label(line).padEnd(width)}  ${line.kb.toFixed(1).padStart(7)}  ${verdict(line)}`);
}

console.log("\nScript files (gzip KB):");
for (const file of [...files.keys()].sort())
  console.log(`  ${(files.get(file) ?? 0).toFixed(1).padStart(6)}  ${file}`);
const css = readdirSync(path.join(dist, "assets")).filter((file) => file.endsWith(".css"));
for (const file of css) {
  const kb = gzipSync(readFileSync(path.join(dist, "assets", file)), { level: 9 }).length / 1000;
  console.log(`  ${kb.toFixed(1).padStart(6)}  assets/${file} (stylesheet, every page)`);
}

const over = lines.filter((line) => !line.ok);
if (over.length) {
  console.log(
    `\n✗ ${over.length} line(s) over the ${SCRIPT_BUDGET_KB} KB budget: the check in \`npm test\` fails.`,
  );
  for (const line of over) {
    console.log(`  ${label(line)}: ${line.kb.toFixed(1)} KB`);
    for (const reason of line.reasons) console.log(`      ${reason}`);
  }
  process.exitCode = 1;
} else console.log(`\n✓ Every page is within the ${SCRIPT_BUDGET_KB} KB budget.`);
