/**
 * Runs the browser tests two files at a time, each file in a vitest run of its own against a
 * freshly started local server (tests/e2e/global-setup.ts), and stops a file that outruns its time.
 *
 * Why two lanes: a browser test mostly waits (for the page, the functions, the edge runtime), so one
 * lane kept a 2-core machine about half busy. Why a copy of the project for the second lane: the
 * local site keeps its Blobs under the project (.netlify/blobs-serve) and the tests read and clear
 * them, so two servers on one project would see each other's accounts. Each lane has a project of
 * its own (the second a copy of the files the tests need, sharing node_modules), so each file
 * meets a site that only its own lane writes to, as it did when the files ran one after another.
 *
 * Usage: node scripts/dev/e2e-in-groups.ts [lanes]   (1 runs every file here, one after another)
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, readdir, rm, stat, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Rough seconds each file took on a 2-core machine (2026-11): the longest start first, so the two
 * lanes end close together. A file not listed counts as a middling one.
 */
const SECONDS: Record<string, number> = {
  "routes.test.ts": 125,
  "membership.test.ts": 75,
  "account-recovery.test.ts": 72,
  "membership-renewal.test.ts": 60,
  "member-privacy.test.ts": 58,
};
const MIDDLING = 25;
// Twice what the longest file took on a loaded CI-sized machine.
const FILE_BUDGET_MS = 8 * 60_000;
/** What the browser tests and the local server read from the project. */
const PROJECT_FILES = [
  "content",
  "dist",
  "index.html",
  "netlify",
  "netlify.toml",
  "package.json",
  "public",
  "scripts",
  "src",
  "tests",
  "tsconfig.json",
  "vite.config.ts",
];

const lanes = Math.max(1, Number(process.argv[2] ?? 2));
const files = (await readdir("tests/e2e"))
  .filter((file) => file.endsWith(".test.ts"))
  .sort((a, b) => (SECONDS[b] ?? MIDDLING) - (SECONDS[a] ?? MIDDLING) || a.localeCompare(b));

/** A copy of the project for a lane of its own: its own dist/ and its own local Blobs. */
async function projectCopy(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "e2e-lane-"));
  for (const name of PROJECT_FILES) {
    if (await stat(name).catch(() => null)) await cp(name, path.join(root, name), { recursive: true });
  }
  await symlink(path.resolve("node_modules"), path.join(root, "node_modules"), "dir");
  return root;
}

/**
 * What the edge runtime prints when the port it was given was taken before it could listen: the
 * emulator asks for a free port, then starts Deno on it, and the other lane (or any connection)
 * can take it in between. The lane's site then has no edge runtime of its own and its pages hang.
 * That is the test bench failing, not the site: such a file is run once more.
 */
const EDGE_PORT_TAKEN = /AddrInUse: Address already in use/;

/** Runs one file; answers whether it passed, printing its output in one piece when it ends. */
async function runFileWithPortRetry(file: string, cwd: string): Promise<boolean> {
  const { passed, output } = await runFile(file, cwd);
  if (passed || !EDGE_PORT_TAKEN.test(output)) return passed;
  console.log(`\n== ${file}: the edge runtime's port was taken by another process; running the file again`);
  return (await runFile(file, cwd)).passed;
}

function runFile(file: string, cwd: string): Promise<{ passed: boolean; output: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("vitest", ["run", "--project", "e2e", `tests/e2e/${file}`], {
      cwd,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    // A file that has not finished in its time is stopped and counted as failed, so one stuck
    // server can never hold the whole CI run until the runner gives up on it.
    const timer = setTimeout(() => {
      output.push(Buffer.from(`\n${file}: stopped after ${FILE_BUDGET_MS / 60_000} minutes\n`));
      child.kill("SIGKILL");
    }, FILE_BUDGET_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      const seconds = Math.round((Date.now() - started) / 1000);
      const text = Buffer.concat(output).toString();
      process.stdout.write(`\n== browser tests: tests/e2e/${file} (${seconds} s)\n${text}`);
      resolve({ passed: code === 0, output: text });
    });
  });
}

const roots = [process.cwd()];
for (let lane = 1; lane < Math.min(lanes, files.length); lane++) roots.push(await projectCopy());
const queue = [...files];
const failed: string[] = [];
try {
  await Promise.all(
    roots.map(async (root) => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        if (!(await runFileWithPortRetry(file, root))) failed.push(file);
      }
    }),
  );
} finally {
  for (const root of roots.slice(1)) await rm(root, { recursive: true, force: true });
}

if (failed.length > 0) {
  console.error(`\nBrowser tests failed in: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`\nBrowser tests passed in all ${files.length} files.`);
