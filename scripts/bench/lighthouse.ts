/**
 * Lighthouse benchmark of the built site: for each route, 3 Lighthouse runs (or --runs=N; default config, i.e.
 * mobile emulation with simulated throttling; categories performance and accessibility only) on
 * Debian's Chromium (scripts/dev/chromium.ts), and the MEDIAN of the performance score, accessibility
 * score, LCP, TBT and CLS, against the targets performance 100, accessibility 100, CLS < 0.02,
 * TBT <= 50 ms, and (with --with-no-js) LCP within 1.10x of the page's no-JS LCP.
 * For any median score below 100 it lists the audits that failed in the median run; audits that
 * errored and runs that failed are always reported.
 *
 * It builds nothing: run `npm run build` first. It serves dist/ itself with scripts/dev/serve.ts,
 * each copy in a process of its own (scripts/bench/bench-site.ts).
 *   npm run bench:lighthouse                       # one page of every type (DEFAULT_ROUTES)
 *   npm run bench:lighthouse -- /about-us /awards
 *   npm run bench:lighthouse -- --no-js /about-us  # pages with every <script> and modulepreload removed
 *   npm run bench:lighthouse -- --with-no-js /     # both, runs alternating, and each page's LCP as a ratio of its no-JS LCP
 *   npm run bench:lighthouse -- --json=/tmp/lh /sign-up   # also keeps each run's full report, to see its tasks
 *   npm run bench:lighthouse -- --runs=7 --with-no-js /login   # more runs than the default 3
 *   npm run bench:lighthouse -- --throttling=devtools --with-no-js   # throttling applied in the browser, metrics as observed
 * --no-js serves a temporary copy of dist/ whose HTML has every <script> element and modulepreload
 * link stripped, through the same server, to measure the no-JavaScript limit of LCP.
 * scripts/dev/serve.ts compresses text as Netlify's CDN does (Brotli or gzip), so the bytes Lighthouse's
 * simulated throttling charges are the ones visitors download, and keeps immutable assets as an
 * edge does, so their answer time is not charged to the page (Lantern applies an origin's median
 * answer time to every request). An HTTPS front (https-front.ts) speaks HTTP/2 as the CDN does,
 * so the simulation shares one connection between a page's requests.
 *
 * Run by hand only; it is NOT part of CI (timings depend on the machine).
 */

import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, chromiumPath } from "../dev/chromium.ts";

const args = process.argv.slice(2);
/**
 * Runs per page and copy: 3 unless `--runs=N`. One page's LCP ratio moves by up to 0.17 between
 * medians of 3 (decision 0012), so a close call is worth more runs.
 */
const RUNS = Number(args.find((arg) => arg.startsWith("--runs="))?.slice("--runs=".length) ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs takes a whole number of runs, 1 or more");
const withNoJs = args.includes("--with-no-js");
const noJs = args.includes("--no-js");
const routes = args.filter((arg) => !arg.startsWith("--"));
/** Where each run's full Lighthouse report goes, when asked for (the long tasks are in it). */
const jsonDir = args.find((arg) => arg.startsWith("--json="))?.slice("--json=".length);
/**
 * How the slow phone is made: `simulate` (Lighthouse's default, Lantern: the page is loaded fast and
 * its timings are estimated from the trace) or `devtools` (the same 4x CPU, latency and bandwidth
 * applied in the browser while the page loads, and the metrics as observed). Lantern charges the
 * task in which the document commits to the first script request made in it (decision 0012, stop
 * 27), so the second is the one that shows what the scripts do to the paint.
 */
const throttlingArg =
  args.find((arg) => arg.startsWith("--throttling="))?.slice("--throttling=".length) ?? "simulate";
if (throttlingArg !== "simulate" && throttlingArg !== "devtools")
  throw new Error("--throttling is simulate or devtools");
const THROTTLING: "simulate" | "devtools" = throttlingArg;
/**
 * One page of each type: home, a society page, office bearers, awards, news list and detail,
 * directory, fellowship, contact, sign-up, login, account, and the not-found page. Lighthouse
 * refuses a document answered with status 404, so the not-found page is measured at /404.html,
 * the same file (and scripts) every unknown path is answered with.
 */
export const DEFAULT_ROUTES = [
  "/",
  "/about-us",
  "/office-bearers",
  "/awards",
  "/news-events",
  "/news/workshop-genomics-assisted-breeding-2025",
  "/directory",
  "/fellowship",
  "/contact-us",
  "/sign-up",
  "/login",
  "/account",
  "/404.html",
];
if (!routes.length) routes.push(...DEFAULT_ROUTES);

/**
 * The project's folders and files the no-JS copy shares (linked, not copied): everything but the
 * build, which it has its own copy of, and the emulator's and git's working folders. Both copies
 * must run the edge functions alike: without them, the no-JS /account is the page itself where
 * the JS one is a 303 to /login, and the form and news pages skip the edge's pass (decision 0012).
 */
const NOT_SHARED = new Set(["dist", ".git", ".netlify", ".build", ".scratch"]);

/** A temporary project root whose dist/ is a copy of ./dist with scripts and modulepreloads removed. */
async function strippedProject(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "lighthouse-no-js-"));
  await cp("dist", path.join(root, "dist"), { recursive: true });
  for (const entry of await readdir(".")) {
    if (!NOT_SHARED.has(entry)) await symlink(path.resolve(entry), path.join(root, entry));
  }
  for (const entry of await readdir(path.join(root, "dist"), { recursive: true })) {
    if (!entry.endsWith(".html")) continue;
    const file = path.join(root, "dist", entry);
    const html = (await readFile(file, "utf8"))
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, "")
      .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>\s*/gi, "");
    await writeFile(file, html);
  }
  return root;
}

type Run = {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  lhr: Result;
};

async function runLighthouse(url: string, chromiumFlags: string[]): Promise<Run> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "lighthouse-chrome-"));
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS, ...chromiumFlags],
    userDataDir,
    logLevel: "error",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      throttlingMethod: THROTTLING,
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings) console.warn(`  warning (${url}): ${warning}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      lhr,
    };
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes fails to record the trace (NO_NAVSTART) and says to run again: up to 3 tries. */
async function runWithRetry(url: string, chromiumFlags: string[], attempts = 3): Promise<Run> {
  try {
    return await runLighthouse(url, chromiumFlags);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.log(`  run failed, retrying (${url}): ${error instanceof Error ? error.message : error}`);
    return runWithRetry(url, chromiumFlags, attempts - 1);
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const mark = (ok: boolean) => (ok ? "✓" : "✗");

/** Audits of a category that errored, and (if `failed`) those that did not pass, with their weight. */
function badAudits(lhr: Result, category: string, failed: boolean): string[] {
  return (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    if (audit?.scoreDisplayMode === "error") return [`${category}: ${ref.id} ERRORED: ${audit.errorMessage}`];
    if (!failed || !audit || audit.score === null || audit.score >= 1) return [];
    if (["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode)) return [];
    const detail = audit.displayValue ? ` — ${audit.displayValue}` : "";
    return [`${category}: ${ref.id} [score ${audit.score}, weight ${ref.weight}]: ${audit.title}${detail}`];
  });
}

if (!existsSync("dist/index.html")) {
  console.error("dist/ not found: run `npm run build` first.");
  process.exit(1);
}

type Site = { label: string; url: string; chromiumFlag: string; close: () => Promise<void> };

/**
 * Serves dist/ (or its script-stripped copy) through the HTTPS front, in a process of its own
 * (scripts/bench/bench-site.ts says why), at the lowest CPU priority: it stands in for Netlify's
 * CDN and functions, which run on other machines, not on the phone. On this machine's two cores
 * the functions emulator's fresh worker per call (150–400 ms of CPU) ran beside the page, and
 * Lighthouse counted the page's tasks it slowed as the page's own. /directory's median TBT, not
 * niced → niced: 246 → 77 ms before stop 31's changes to the page, 48 → 16 ms after (decision 0012).
 */
async function serveSite(stripped: boolean): Promise<Site> {
  const root = stripped ? await strippedProject() : process.cwd();
  const server = [process.execPath, path.join(import.meta.dirname, "bench-site.ts"), root];
  const child = spawn("nice", ["-n", "19", ...server], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), "line"),
    ended.then(() => {
      throw new Error("the benchmark's server stopped before it was ready");
    }),
  ])) as [string];
  const { url, chromiumFlag } = JSON.parse(line) as { url: string; chromiumFlag: string };
  return {
    label: stripped ? " (no JS)" : "",
    url,
    chromiumFlag,
    close: async () => {
      child.kill("SIGTERM");
      await ended;
      if (stripped) await rm(root, { recursive: true, force: true });
    },
  };
}

/** One line of the table: the medians of a route's runs on one copy, and the runs' raw figures. */
function report(name: string, runs: Run[], summaries: string[]): number {
  const perf = median(runs.map((r) => r.performance));
  const a11y = median(runs.map((r) => r.accessibility));
  const lcp = median(runs.map((r) => r.lcp));
  const tbt = median(runs.map((r) => r.tbt));
  const cls = median(runs.map((r) => r.cls));
  const medianRun = runs.find((r) => r.performance === perf) ?? (runs[0] as Run);
  const line = [
    name.padEnd(18),
    `perf ${String(perf).padStart(3)} ${mark(perf === 100)}`,
    `a11y ${String(a11y).padStart(3)} ${mark(a11y === 100)}`,
    `LCP ${Math.round(lcp)} ms`.padEnd(13),
    `TBT ${Math.round(tbt)} ms ${mark(tbt <= 50)}`.padEnd(13),
    `CLS ${cls.toFixed(3)} ${mark(cls < 0.02)}`,
    ` (runs: perf ${runs.map((r) => r.performance).join("/")}, LCP ${runs.map((r) => Math.round(r.lcp)).join("/")},` +
      ` TBT ${runs.map((r) => Math.round(r.tbt)).join("/")}, CLS ${runs.map((r) => r.cls.toFixed(3)).join("/")},` +
      ` CPU benchmarkIndex ${runs.map((r) => Math.round(r.lhr.environment.benchmarkIndex)).join("/")})`,
  ].join("  ");
  console.log(line);
  summaries.push(line);
  const a11yRun = runs.find((r) => r.accessibility === a11y) ?? medianRun;
  const bad = [
    ...badAudits(medianRun.lhr, "performance", perf < 100),
    ...badAudits(a11yRun.lhr, "accessibility", a11y < 100),
  ];
  for (const audit of bad) console.log(`    ✗ ${audit}`);
  return lcp;
}

async function saveReport(run: Run, name: string, index: number): Promise<void> {
  if (!jsonDir) return;
  await mkdir(jsonDir, { recursive: true });
  const file = `${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${index + 1}.json`;
  await writeFile(path.join(jsonDir, file), JSON.stringify(run.lhr));
}

// With --with-no-js both copies are served at once and a route's runs alternate between them
// (page, copy, page, copy…), so a machine that slows down part-way slows both sides alike.
const sites: Site[] = [];
if (withNoJs || !noJs) sites.push(await serveSite(false));
if (withNoJs || noJs) sites.push(await serveSite(true));
const summaries: string[] = [];
try {
  console.log(`Lighthouse on ${sites.map((site) => `${site.url}${site.label}`).join(" and ")}`);
  console.log(
    `${RUNS} runs per route and copy, default mobile config, ${THROTTLING} throttling, medians reported.\n`,
  );
  for (const route of routes) {
    const runs = sites.map((): Run[] => []);
    try {
      for (let i = 0; i < RUNS; i++) {
        for (const [n, site] of sites.entries()) {
          const run = await runWithRetry(site.url + route, [site.chromiumFlag]);
          runs[n]?.push(run);
          if (jsonDir) await saveReport(run, `${route}${site.label}`, i);
        }
      }
    } catch (error) {
      const line = `${route.padEnd(18)}  ✗ Lighthouse failed: ${error instanceof Error ? error.message : error}`;
      console.log(line);
      summaries.push(line);
      continue;
    }
    const lcps = sites.map((site, n) => report(`${route}${site.label}`, runs[n] ?? [], summaries));
    if (lcps.length === 2) {
      const ratio = (lcps[0] as number) / (lcps[1] as number);
      const line = `${route.padEnd(18)}  LCP ${ratio.toFixed(2)}× the no-JS limit ${mark(ratio <= 1.1)}`;
      console.log(line);
      summaries.push(line);
    }
  }
} finally {
  for (const site of sites) await site.close();
}
console.log(
  `\nTargets: performance 100, accessibility 100, CLS < 0.02, TBT <= 50 ms, LCP <= 1.10x the no-JS LCP.\n${summaries.join("\n")}`,
);
