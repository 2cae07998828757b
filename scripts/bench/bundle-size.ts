/**
 * Script-budget report and check: for every page route of the build, the JavaScript the framework
 * loads for it before anyone touches the page, gzipped (node:zlib level 9, 1 KB = 1000 bytes as
 * Vite reports it), against the two budgets in scripts/build/script-budget.ts. Pages with the same
 * scripts share a line. It also fails when any client file carries Preact.
 *
 * Run after a build: npm run build && npm run bench:size
 * It exits 1 when a page is over a budget; `npm test` runs it after the build.
 */
import { existsSync } from "node:fs";
import { INITIAL_JS_BUDGET_KB, measureBuild, OWN_CODE_BUDGET_KB } from "../build/script-budget.ts";

if (!existsSync("build/server/index.js")) {
  console.error("build/server/index.js not found: run `npm run build` first.");
  process.exit(1);
}

const { lines, files, preact, chunkModules } = await measureBuild();
const label = (line: (typeof lines)[number]) =>
  line.pages > 1 ? `${line.page} (+${line.pages - 1} like it)` : line.page;
const width = Math.max(4, ...lines.map((line) => label(line).length));
console.log(
  `Initial JavaScript per page, gzip level 9, KB = 1000 bytes. Budgets: ${INITIAL_JS_BUDGET_KB} KB in all, ${OWN_CODE_BUDGET_KB} KB of the site's own code.\n`,
);
console.log(`${"Page".padEnd(width)}  ${"All KB".padStart(7)}  ${"Own KB".padStart(7)}`);
for (const line of lines.sort((a, b) => b.kb - a.kb))
  console.log(
    `${label(line).padEnd(width)}  ${line.kb.toFixed(1).padStart(7)}  ${line.ownKb.toFixed(1).padStart(7)}  ${line.ok ? "✓" : "✗"}`,
  );

console.log("\nScript files loaded at once by some page (gzip KB):");
for (const [file, kb] of [...files].sort((a, b) => b[1] - a[1])) {
  const modules = chunkModules[file] ?? [];
  const libraries = new Set(
    modules.flatMap((module) => /^node_modules\/((@[^/]+\/)?[^/]+)/.exec(module)?.[1] ?? []),
  );
  const own = modules.filter((module) => !module.startsWith("node_modules/")).length;
  const made = [...libraries, ...(own ? [`${own} module(s) of ours`] : [])].join(", ");
  console.log(`  ${kb.toFixed(1).padStart(6)}  ${file}${made ? `  (${made})` : ""}`);
}

const over = lines.filter((line) => !line.ok);
for (const line of over) console.log(`\n✗ ${label(line)}: ${line.reasons.join("; ")}`);
for (const carrier of preact) console.log(`\n✗ Preact in a client file: ${carrier}`);
if (over.length || preact.length) process.exitCode = 1;
else console.log("\n✓ Every page is within both budgets, and no client file carries Preact.");
