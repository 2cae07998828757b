/**
 * How far a page's LCP ratio (with scripts ÷ without, decision 0022) can be trusted, from the runs
 * that `bench:lighthouse` wrote to bench/results. Pure functions: scripts/bench/lcp-spread.ts reads
 * the files and prints them.
 *
 * The gate is read on a median of 3 runs per copy. On a 2-core machine one run's LCP moves by
 * ±15%, so the same build can read 0.95 one time and 1.15 the next. Over more runs (several
 * result files pooled), these figures say whether a reading over 1.10 is the page or the draw:
 * - the ratio of the medians of all runs;
 * - the median of the paired ratios: each run of the page over the run of its copy made just after
 *   it (bench:lighthouse takes turns between them), which cancels a machine that slows down between
 *   runs;
 * - the share of all choices of 3 runs on each side whose medians' ratio is over the limit: how
 *   often the gate's own reading would fail with these runs.
 */

/** Issue 32's gate: LCP with scripts at most this many times the LCP without. */
export const LCP_RATIO_LIMIT = 1.1;

/** One run as bench:lighthouse records it (the fields used here). */
export type LighthouseRecord = {
  route: string;
  site: string;
  copy: "js" | "no-js";
  throttling: "simulate" | "devtools";
  run: number;
  lcp: number;
};

export type LcpSpread = {
  route: string;
  runs: { js: number; noJs: number };
  median: { js: number; noJs: number };
  ratioOfMedians: number;
  /** Undefined when no run of the page has its copy's run beside it. */
  medianPairedRatio: number | undefined;
  /** 0 to 1; undefined when a side has fewer than 3 runs, so no median of 3 can be taken. */
  mediansOf3Over: number | undefined;
};

/** The median as bench:lighthouse takes it: of an even count, the upper of the two middle values. */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The median of every choice of 3 of the values (each choice once, order ignored). */
export function mediansOf3(values: readonly number[]): number[] {
  const out: number[] = [];
  for (let a = 0; a < values.length; a++)
    for (let b = a + 1; b < values.length; b++)
      for (let c = b + 1; c < values.length; c++)
        out.push(median([values[a], values[b], values[c]] as number[]));
  return out;
}

/**
 * The share of pairs (one median of 3 with scripts, one without) whose ratio is over `limit`,
 * compared as the gate does (with ÷ without), so a ratio of exactly the limit passes.
 */
export function shareOver(js: readonly number[], noJs: readonly number[], limit: number): number | undefined {
  const withScripts = mediansOf3(js);
  const without = mediansOf3(noJs).sort((a, b) => a - b);
  if (withScripts.length === 0 || without.length === 0) return undefined;
  let over = 0;
  for (const value of withScripts) {
    // The ratio falls as the copy's median rises: count the copy's medians that fail, by bisection.
    let low = 0;
    let high = without.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (value / (without[middle] as number) > limit) low = middle + 1;
      else high = middle;
    }
    over += low;
  }
  return over / (withScripts.length * without.length);
}

/**
 * One row per route (in the order first met) of the runs under `throttling`, pooled over every
 * record given; pairs are only made within one results file, so records carry their file's name.
 */
export function lcpSpread(
  records: readonly (LighthouseRecord & { file: string })[],
  options: { throttling?: "simulate" | "devtools"; site?: string; limit?: number } = {},
): LcpSpread[] {
  const { throttling = "devtools", site = "react", limit = LCP_RATIO_LIMIT } = options;
  const used = records.filter((record) => record.throttling === throttling && record.site === site);
  const routes = [...new Set(used.map((record) => record.route))];
  return routes.flatMap((route) => {
    const ofRoute = used.filter((record) => record.route === route);
    const js = ofRoute.filter((record) => record.copy === "js");
    const noJs = ofRoute.filter((record) => record.copy === "no-js");
    if (js.length === 0 || noJs.length === 0) return [];
    const paired = js.flatMap((run) => {
      const copy = noJs.find((other) => other.file === run.file && other.run === run.run);
      return copy ? [run.lcp / copy.lcp] : [];
    });
    const medianJs = median(js.map((run) => run.lcp));
    const medianNoJs = median(noJs.map((run) => run.lcp));
    return [
      {
        route,
        runs: { js: js.length, noJs: noJs.length },
        median: { js: medianJs, noJs: medianNoJs },
        ratioOfMedians: medianJs / medianNoJs,
        medianPairedRatio: paired.length > 0 ? median(paired) : undefined,
        mediansOf3Over: shareOver(
          js.map((run) => run.lcp),
          noJs.map((run) => run.lcp),
          limit,
        ),
      },
    ];
  });
}
