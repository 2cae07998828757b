/**
 * Lighthouse benchmark of the built site, run by hand against the performance targets (decision
 * 0049): for each route, 3 Lighthouse runs (or --runs=N; default config, i.e. mobile emulation;
 * categories performance and accessibility only) on Debian's Chromium (scripts/dev/chromium.ts),
 * first with Lighthouse's simulated throttling (Lantern) and then with the slow phone applied in the
 * browser (devtools). It reports the MEDIAN of the performance score, accessibility score, LCP,
 * TBT, TBT at CPU time and CLS, against the targets (run them on an idle machine): performance at
 * least 90 (aim for 95 and above), accessibility 100 and CLS < 0.02, as Lighthouse scores by
 * default (simulated throttling). They are reported, not chased: no code is written for how this
 * tool measures.
 * - TBT is reported, not judged: on a 2-core machine it is mostly the page's tasks waiting for a
 *   core (decision 0012). Beside it, TBT at CPU time: Lighthouse's own TBT computed again on the
 *   run's trace with every top-level task of the page's main thread cut to its CPU time (`tdur`), a
 *   lower bound.
 * - `--with-no-js` also measures a copy of each page with every script stripped, and prints the
 *   page's LCP over the copy's: information only (the LCP-ratio gate of decision 0022 is retired).
 * For any median score below 100 it lists the audits that failed in the median run; audits that
 * errored and runs that failed are always reported. The last lines are a table, one row per route
 * (and per build with --compare); every run's figures go to bench/results/lighthouse-<time>.json.
 *
 * It builds nothing: run `npm run build` first. It serves build/client/ itself through this
 * project's scripts/dev/serve.ts, each copy in a process of its own (scripts/bench/bench-site.ts).
 *   npm run bench:lighthouse                       # every page type (DEFAULT_ROUTES)
 *   npm run bench:lighthouse -- /about-us /awards  # the pages named
 *   npm run bench:lighthouse -- --throttling=simulate /sign-up   # one throttling only (or devtools)
 *   npm run bench:lighthouse -- --with-no-js /     # also the copy without scripts, and the LCP ratio
 *   npm run bench:lighthouse -- --no-js /about-us  # the stripped copy only
 *   npm run bench:lighthouse -- --json=/tmp/lh /sign-up   # also keeps each run's full report and trace
 *   npm run bench:lighthouse -- --runs=7 /login    # more runs than the default 3
 *   npm run bench:lighthouse -- --compare=/tmp/other-checkout    # another build, in the same loop
 * `--compare=<project root>` also serves another checkout's build, built there, with its own
 * scripts/dev/serve.ts, and runs it in the same loop: a route's runs go round the sites, so all are
 * measured under the same machine state. There is no 404.html and Lighthouse refuses a document
 * answered 404, so the not-found page is measured at an unknown path whose 404 the HTTPS front
 * passes on as 200 (https-front.ts, NOT_FOUND_PAGE). The HTTPS front speaks HTTP/2 and compresses
 * text as the CDN does, so the bytes Lighthouse's simulated throttling charges are the ones
 * visitors download.
 *
 * Run by hand only; it is NOT part of CI (timings depend on the machine).
 */

import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { TotalBlockingTime } from "lighthouse/core/computed/metrics/total-blocking-time.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";
import { CHROMIUM_ARGS, chromiumPath } from "../dev/chromium.ts";
import { NOT_FOUND_PAGE } from "./https-front.ts";

const args = process.argv.slice(2);
/** Runs per page and copy: 3 unless `--runs=N`. */
const RUNS = Number(args.find((arg) => arg.startsWith("--runs="))?.slice("--runs=".length) ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs takes a whole number of runs, 1 or more");
const unknown = args.filter(
  (arg) => arg.startsWith("--") && !/^--(runs=|json=|throttling=|compare=|no-js$|with-no-js$)/.test(arg),
);
if (unknown.length)
  throw new Error(`unknown option ${unknown.join(" ")}: see the comment at the top of this file`);
const noJs = args.includes("--no-js");
/** The copy without scripts too: asked for, or alone (`--no-js`). */
const withNoJs = noJs || args.includes("--with-no-js");

/** The middle value of the runs (the mean of the middle two for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
const routes = args.filter((arg) => !arg.startsWith("--"));
/** Where each run's full Lighthouse report and trace go, when asked for (the long tasks are in them). */
const jsonDir = args.find((arg) => arg.startsWith("--json="))?.slice("--json=".length);
/** Another checkout's project root, whose build is measured beside this one. */
const compareRoot = args.find((arg) => arg.startsWith("--compare="))?.slice("--compare=".length);
type Throttling = "simulate" | "devtools";
/**
 * How the slow phone is made: `simulate` (Lighthouse's default, Lantern: the page is loaded fast and
 * its timings are estimated from the trace) or `devtools` (the same 4x CPU, latency and bandwidth
 * applied in the browser while the page loads, and the metrics as observed). Both unless
 * `--throttling=` names one. Lantern charges the task in which the document commits to the first
 * script request made in it (decision 0012, stop 27), so the second is the one that shows what the
 * scripts do to the paint; the first is the score Lighthouse gives by default.
 */
const throttlingArg = args.find((arg) => arg.startsWith("--throttling="))?.slice("--throttling=".length);
if (throttlingArg !== undefined && throttlingArg !== "simulate" && throttlingArg !== "devtools")
  throw new Error("--throttling is simulate or devtools");
const THROTTLINGS: Throttling[] = throttlingArg ? [throttlingArg] : ["simulate", "devtools"];
/**
 * One page of each type: home, a society page, office bearers, awards, news list and item,
 * directory, fellowship (prerendered); contact, sign-up, login, account (signed out, a 303 to
 * /login), search (rendered per request); and the not-found page (NOT_FOUND_PAGE, see above).
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
  "/search?q=seed",
  NOT_FOUND_PAGE,
];
if (!routes.length) routes.push(...DEFAULT_ROUTES);

/**
 * The project's folders and files the no-JS copy's root shares (linked): everything but the
 * emulator's and git's working folders, so its emulator keeps its own state (built functions,
 * Blobs) beside the other's. Both copies run the same edge functions and server handler.
 */
const NOT_SHARED = new Set([".git", ".netlify", ".scratch"]);

async function linkedProject(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "lighthouse-no-js-"));
  for (const entry of await readdir(".")) {
    if (!NOT_SHARED.has(entry)) await symlink(path.resolve(entry), path.join(root, entry));
  }
  return root;
}

type Artifacts = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["artifacts"];

type Run = {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  /** TBT with each top-level task at its CPU time (see the top of this file). */
  tbtCpu: number;
  cls: number;
  benchmarkIndex: number;
  lhr: Result;
  /** The run's trace, kept only with --json until it is written there. */
  trace?: unknown;
};

/**
 * Lighthouse's TBT for the run, with every top-level task of the page's main thread (and the
 * events inside it, in proportion) shortened to its CPU time; everything else as recorded.
 */
async function tbtAtCpuTime(artifacts: Artifacts): Promise<number> {
  const trace = structuredClone(artifacts.Trace);
  let task: { start: number; end: number; scale: number } | undefined;
  for (const event of TraceProcessor.processTrace(trace).mainThreadEvents) {
    if (event.ph !== "X" || event.dur === undefined) continue;
    if (task && event.ts < task.end) {
      event.ts = task.start + (event.ts - task.start) * task.scale;
      event.dur *= task.scale;
    } else if (event.dur > 0 && event.tdur !== undefined && TraceProcessor.isScheduleableTask(event)) {
      task = { start: event.ts, end: event.ts + event.dur, scale: Math.min(1, event.tdur / event.dur) };
      event.dur *= task.scale;
    }
  }
  const { timing } = await TotalBlockingTime.request(
    {
      trace,
      devtoolsLog: artifacts.DevtoolsLog,
      settings: artifacts.settings,
      gatherContext: artifacts.GatherContext,
      simulator: null,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      HostDPR: artifacts.HostDPR,
    },
    { computedCache: new Map() },
  );
  return timing;
}

async function runLighthouse(url: string, chromiumFlags: string[], throttling: Throttling): Promise<Run> {
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
      throttlingMethod: throttling,
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
      tbtCpu: await tbtAtCpuTime(result.artifacts),
      cls: metric("cumulative-layout-shift"),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lhr,
      trace: jsonDir ? result.artifacts.Trace : undefined,
    };
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes fails to record the trace (NO_NAVSTART) and says to run again: up to 3 tries. */
async function runWithRetry(
  url: string,
  chromiumFlags: string[],
  throttling: Throttling,
  attempts = 3,
): Promise<Run> {
  try {
    return await runLighthouse(url, chromiumFlags, throttling);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.log(`  run failed, retrying (${url}): ${error instanceof Error ? error.message : error}`);
    return runWithRetry(url, chromiumFlags, throttling, attempts - 1);
  }
}

const mark = (ok: boolean) => (ok ? "✓" : "✗");
const ms = (value: number) => `${Math.round(value)} ms`;

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

if (!existsSync("build/client/index.html") || !existsSync("build/server/index.js")) {
  console.error("build/client/ or build/server/ not found: run `npm run build` first.");
  process.exit(1);
}
if (
  compareRoot &&
  !["dist/index.html", "build/client/index.html"].some((file) => existsSync(path.join(compareRoot, file)))
) {
  console.error(`${compareRoot} has no build (dist/ or build/client/): run \`npm run build\` there first.`);
  process.exit(1);
}

/** Which build a site is: this project's (`react`) or the one given with --compare (`preact`). */
type Build = "react" | "preact";

type Site = {
  build: Build;
  stripped: boolean;
  label: string;
  url: string;
  chromiumFlag: string;
  close: () => Promise<void>;
};

/**
 * Serves a project's build (this one, its script-stripped copy, or the one to compare) through
 * the HTTPS front, in a process of its own (scripts/bench/bench-site.ts says why) started in that
 * project's folder, at the lowest CPU priority: it stands in for Netlify's CDN and functions, which
 * run on other machines, not on the phone. On this machine's two cores the functions emulator's
 * fresh worker per call (150–400 ms of CPU) ran beside the page, and Lighthouse counted the page's
 * tasks it slowed as the page's own. /directory's median TBT, not niced → niced: 246 → 77 ms
 * before stop 31's changes to the page, 48 → 16 ms after (decision 0012).
 */
async function serveSite(build: Build, stripped: boolean): Promise<Site> {
  const root = stripped
    ? await linkedProject()
    : path.resolve(build === "preact" ? (compareRoot as string) : ".");
  const server = [process.execPath, path.join(import.meta.dirname, "bench-site.ts"), root];
  const child = spawn("nice", ["-n", "19", ...server, ...(stripped ? ["--no-js"] : [])], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), "line"),
    ended.then(() => {
      throw new Error(`the benchmark's server for ${root} stopped before it was ready`);
    }),
  ])) as [string];
  const { url, chromiumFlag } = JSON.parse(line) as { url: string; chromiumFlag: string };
  return {
    build,
    stripped,
    label: stripped ? `${build} no-JS` : build,
    url,
    chromiumFlag,
    close: async () => {
      child.kill("SIGTERM");
      await ended;
      if (stripped) await rm(root, { recursive: true, force: true });
    },
  };
}

type Medians = { perf: number; a11y: number; lcp: number; tbt: number; tbtCpu: number; cls: number };

/** One line of the log: the medians of a route's runs on one copy, and the runs' raw figures. */
function report(name: string, runs: Run[]): Medians {
  const of = (pick: (run: Run) => number) => median(runs.map(pick));
  const medians: Medians = {
    perf: of((r) => r.performance),
    a11y: of((r) => r.accessibility),
    lcp: of((r) => r.lcp),
    tbt: of((r) => r.tbt),
    tbtCpu: of((r) => r.tbtCpu),
    cls: of((r) => r.cls),
  };
  const { perf, a11y, lcp, tbt, tbtCpu, cls } = medians;
  const medianRun = runs.find((r) => r.performance === perf) ?? (runs[0] as Run);
  const each = (pick: (run: Run) => number | string) => runs.map(pick).join("/");
  const line = [
    name.padEnd(36),
    `perf ${String(perf).padStart(3)} ${mark(perf >= 90)}`,
    `a11y ${String(a11y).padStart(3)} ${mark(a11y === 100)}`,
    `LCP ${ms(lcp)}`.padEnd(13),
    `TBT ${ms(tbt)} (at CPU time ${ms(tbtCpu)})`.padEnd(32),
    `CLS ${cls.toFixed(3)} ${mark(cls < 0.02)}`,
    ` (runs: perf ${each((r) => r.performance)}, LCP ${each((r) => Math.round(r.lcp))},` +
      ` TBT ${each((r) => Math.round(r.tbt))}, at CPU time ${each((r) => Math.round(r.tbtCpu))},` +
      ` CLS ${each((r) => r.cls.toFixed(3))}, CPU benchmarkIndex ${each((r) => Math.round(r.benchmarkIndex))})`,
  ].join("  ");
  console.log(line);
  const a11yRun = runs.find((r) => r.accessibility === a11y) ?? medianRun;
  const bad = [
    ...badAudits(medianRun.lhr, "performance", perf < 100),
    ...badAudits(a11yRun.lhr, "accessibility", a11y < 100),
  ];
  for (const audit of bad) console.log(`    ✗ ${audit}`);
  return medians;
}

async function saveReport(run: Run, name: string, index: number): Promise<void> {
  if (!jsonDir) return;
  await mkdir(jsonDir, { recursive: true });
  const file = `${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${index + 1}.json`;
  await writeFile(path.join(jsonDir, file), JSON.stringify(run.lhr));
  // The trace shows what the report sums up: when the parser ran, each frame, each request.
  await writeFile(path.join(jsonDir, file.replace(/\.json$/, ".trace.json")), JSON.stringify(run.trace));
  run.trace = undefined;
}

/** Every run's figures, written again after each run, so a run cut short keeps what it measured. */
const resultsFile = path.join(
  "bench",
  "results",
  `lighthouse-${new Date().toISOString().replace(/:/g, "-")}.json`,
);
const records: object[] = [];
async function record(route: string, site: Site, throttling: Throttling, index: number, run: Run) {
  records.push({
    route,
    site: site.build,
    copy: site.stripped ? "no-js" : "js",
    throttling,
    run: index + 1,
    performance: run.performance,
    accessibility: run.accessibility,
    lcp: run.lcp,
    tbt: run.tbt,
    tbtCpu: run.tbtCpu,
    cls: run.cls,
    benchmarkIndex: run.benchmarkIndex,
  });
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(records, null, 1)}\n`);
}

type Copies = { js?: Medians; noJs?: Medians };
/** A route's medians on one build: per throttling, the page's (`js`) and its stripped copy's (`noJs`). */
type RouteResult = { route: string; build: Build; failed?: string } & Partial<Record<Throttling, Copies>>;

const cell = (value: string, ok: boolean) => `${value} ${mark(ok)}`;
const ratioOf = (copies: Copies | undefined) =>
  copies?.js && copies.noJs ? copies.js.lcp / copies.noJs.lcp : undefined;

/**
 * The closing table, a row per route (and build, with --compare). The scores, LCP, TBT and CLS are
 * the page's under simulated throttling when it ran (Lighthouse's default), else under devtools;
 * with the copy without scripts, the LCP ratio under each throttling that ran, not judged.
 */
function table(results: RouteResult[]): string {
  const scored: Throttling = THROTTLINGS.includes("simulate") ? "simulate" : "devtools";
  const ratios = withNoJs && !noJs ? THROTTLINGS : [];
  const head = [
    "page",
    ...(compareRoot ? ["build"] : []),
    `perf (${scored})`,
    ...ratios.map((throttling) => `LCP ÷ no-JS LCP (${throttling})`),
    `LCP (${scored})`,
    `TBT (${scored})`,
    `TBT at CPU time (${scored})`,
    `CLS (${scored})`,
    `a11y (${scored})`,
  ];
  const rows = results.map((result) => {
    const name = [result.route, ...(compareRoot ? [result.build] : [])];
    if (result.failed) return [...name, `✗ Lighthouse failed: ${result.failed}`];
    const page = result[scored]?.js ?? result[scored]?.noJs;
    return [
      ...name,
      page ? cell(String(page.perf), page.perf >= 90) : "",
      ...ratios.map((throttling) => {
        const ratio = ratioOf(result[throttling]);
        return ratio === undefined ? "" : `${ratio.toFixed(2)}×`;
      }),
      page ? ms(page.lcp) : "",
      page ? ms(page.tbt) : "",
      page ? ms(page.tbtCpu) : "",
      page ? cell(page.cls.toFixed(3), page.cls < 0.02) : "",
      page ? cell(String(page.a11y), page.a11y === 100) : "",
    ];
  });
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const ours = rows.filter((_, i) => results[i]?.build === "react");
  const met = ours.filter(
    (row) => row.length > 3 && !row.some((value) => value === "" || value.includes("✗")),
  );
  return [
    line(head),
    line(head.map(() => "---")),
    ...rows.map(line),
    `\nEvery target measured and met on ${met.length} of ${ours.length} routes of this build.`,
  ].join("\n");
}

// The sites are served at once and a route's runs go round them (page, copy, other build, page…),
// so a machine that slows down part-way slows every side alike.
const sites: Site[] = [];
const results: RouteResult[] = [];
try {
  if (!noJs) sites.push(await serveSite("react", false));
  if (withNoJs) sites.push(await serveSite("react", true));
  if (compareRoot) sites.push(await serveSite("preact", false));
  console.log(`Lighthouse on ${sites.map((site) => `${site.url} (${site.label})`).join(", ")}`);
  console.log(
    `${RUNS} runs per route, copy and throttling (${THROTTLINGS.join(", then ")}), default mobile config, medians reported.`,
  );
  console.log(`Every run's figures: ${resultsFile}\n`);
  for (const route of routes) {
    const builds = [...new Set(sites.map((site) => site.build))];
    const byBuild = builds.map((build): RouteResult => ({ route, build }));
    results.push(...byBuild);
    try {
      for (const throttling of THROTTLINGS) {
        const runs = sites.map((): Run[] => []);
        for (let i = 0; i < RUNS; i++) {
          for (const [n, site] of sites.entries()) {
            const run = await runWithRetry(site.url + route, [site.chromiumFlag], throttling);
            runs[n]?.push(run);
            await record(route, site, throttling, i, run);
            if (jsonDir) await saveReport(run, `${throttling} ${route} ${site.label}`, i);
          }
        }
        for (const result of byBuild) {
          const copies: Copies = {};
          for (const [n, site] of sites.entries()) {
            if (site.build !== result.build) continue;
            copies[site.stripped ? "noJs" : "js"] = report(
              `${throttling}  ${route} (${site.label})`,
              runs[n] ?? [],
            );
          }
          result[throttling] = copies;
          const ratio = ratioOf(copies);
          if (ratio !== undefined)
            console.log(`${throttling}  ${route.padEnd(18)}  LCP ${ratio.toFixed(2)}× the no-JS LCP`);
        }
      }
    } catch (error) {
      const failed = error instanceof Error ? error.message : String(error);
      for (const result of byBuild) result.failed = failed;
      console.log(`${route.padEnd(18)}  ✗ Lighthouse failed: ${failed}`);
    }
  }
} finally {
  for (const site of sites) await site.close();
}
console.log(
  "\nTargets (decision 0049): performance >= 90 (aim for 95 and above), accessibility 100 and CLS < 0.02" +
    " under simulated throttling, reported, not chased. TBT, TBT at CPU time and any LCP ratio are" +
    " reported, not judged.\n",
);
console.log(table(results));
