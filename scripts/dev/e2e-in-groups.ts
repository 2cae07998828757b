/**
 * Runs the browser tests a few files at a time, each group against a freshly started local server
 * (tests/e2e/global-setup.ts). Why: the local edge-function runtime (Deno, under @netlify/dev)
 * grows by tens of megabytes a second while it serves, and the whole suite in one run outgrew it:
 * it died with "Fatal JavaScript out of memory" part-way, failing every test after it. A fresh
 * server per group keeps its memory bounded. Usage: node scripts/dev/e2e-in-groups.ts [size]
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const size = Number(process.argv[2] ?? 4);
const GROUP_BUDGET_MS = 10 * 60_000;
const files = readdirSync("tests/e2e")
  .filter((file) => file.endsWith(".test.ts"))
  .sort()
  .map((file) => `tests/e2e/${file}`);

const failed: string[][] = [];
for (let start = 0; start < files.length; start += size) {
  const group = files.slice(start, start + size);
  console.log(`\n== browser tests: ${group.join(" ")}`);
  // A group that has not finished in its time is stopped and counted as failed, so one stuck
  // server can never hold the whole CI run until the runner gives up on it.
  const run = spawnSync("vitest", ["run", "--project", "e2e", ...group], {
    stdio: "inherit",
    timeout: GROUP_BUDGET_MS,
    killSignal: "SIGKILL",
  });
  if (run.error) console.error(`\n${group.join(" ")}: ${run.error.message}`);
  if (run.status !== 0) failed.push(group);
}

if (failed.length > 0) {
  console.error(`\nBrowser tests failed in: ${failed.flat().join(", ")}`);
  process.exit(1);
}
console.log(`\nBrowser tests passed in all ${files.length} files.`);
