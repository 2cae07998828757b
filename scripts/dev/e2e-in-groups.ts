/**
 * Runs the browser tests in groups of files, each group against a freshly started local server
 * (tests/e2e/global-setup.ts), and stops a group that outruns its time. One group holds every file
 * by default: the local edge runtime used to grow by about 25 MB a second and die part-way through
 * the suite, which needed a fresh server every four files; since scripts/dev/as-deployed.ts it
 * stays near 100 MB. Usage: node scripts/dev/e2e-in-groups.ts [files per group]
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const files = readdirSync("tests/e2e")
  .filter((file) => file.endsWith(".test.ts"))
  .sort()
  .map((file) => `tests/e2e/${file}`);
const size = Number(process.argv[2] ?? files.length);
// Twice what the whole suite took on a loaded CI-sized machine, and well inside CI's own limit.
const GROUP_BUDGET_MS = 25 * 60_000;

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
