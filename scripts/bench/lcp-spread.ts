/**
 * The LCP ratio of each page pooled over several `bench:lighthouse` runs, with how often the gate's
 * median-of-3 reading would pass or fail on them (scripts/bench/lcp-ratios.ts says what each column
 * is). It measures nothing itself: it reads the result files.
 *   npm run bench:lcp-spread                        # every file in bench/results
 *   npm run bench:lcp-spread -- bench/results/lighthouse-2026-11-28T23-12-02.339Z.json …
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { LCP_RATIO_LIMIT, type LighthouseRecord, lcpSpread } from "./lcp-ratios.ts";

const RESULTS = path.resolve("bench/results");
const named = process.argv.slice(2);
const files =
  named.length > 0
    ? named
    : (await readdir(RESULTS).catch(() => []))
        .filter((file) => /^lighthouse-.*\.json$/.test(file))
        .sort()
        .map((file) => path.join(RESULTS, file));
if (files.length === 0) {
  console.error("No results: run `npm run bench:lighthouse` first, or name the files.");
  process.exit(1);
}

const records = (
  await Promise.all(
    files.map(async (file) =>
      (JSON.parse(await readFile(file, "utf8")) as LighthouseRecord[]).map((record) => ({ ...record, file })),
    ),
  )
).flat();

const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
const head = [
  "page",
  "runs (with / without)",
  "median LCP with scripts",
  "without",
  "ratio of medians",
  "median of paired ratios",
  `medians of 3 over ${LCP_RATIO_LIMIT.toFixed(2)}`,
];
console.log(`${files.length} result file(s), devtools throttling\n`);
console.log(line(head));
console.log(line(head.map(() => "---")));
for (const row of lcpSpread(records)) {
  console.log(
    line([
      row.route,
      `${row.runs.js} / ${row.runs.noJs}`,
      `${Math.round(row.median.js)} ms`,
      `${Math.round(row.median.noJs)} ms`,
      row.ratioOfMedians.toFixed(2),
      row.medianPairedRatio === undefined ? "" : row.medianPairedRatio.toFixed(2),
      row.mediansOf3Over === undefined ? "under 3 runs" : `${Math.round(row.mediansOf3Over * 100)}%`,
    ]),
  );
}
