/**
 * In-browser benchmark of the site search: on the built /search page with the whole site's index
 * loaded (every page's sections, 2,100 members, the fellows), types queries a key at a time (150 ms
 * apart, as a person would) and measures each keystroke from the input event to the frame that
 * paints the last change of the results. Target: at most 50 ms. Three runs, each in a fresh page;
 * prints each run's median and p95 and the median of the three medians, and, apart, the first
 * search's wait (the index fetched and loaded). It builds nothing: run `npm run build` first.
 *   npm run bench:site-search
 *   npm run bench:site-search -- --cpu 4      # with the CPU slowed 4 times (a modest phone)
 * Run by hand only; it is NOT part of CI (timings depend on the machine).
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../dev/chromium.ts";
import { startServer } from "../dev/serve.ts";
import { benchPage, cpuSlowdown, quantile, timeKeystrokes } from "./keystroke-timing.ts";

const QUERIES = [
  "swaminathan",
  "krishi vishwavidyalaya",
  "general body meeting",
  "withdrawal of members",
  "punjab 2020",
];
const RUNS = 3;
const slowdown = cpuSlowdown();

const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const medians: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const page = await benchPage(browser, slowdown);
    await page.goto(`${server.url}/search`, { timeout: 90_000 });
    await page.waitForSelector("nav[data-enhanced]");
    const search = page.getByRole("searchbox", { name: "Search the whole site" });
    const status = page.locator("#search-results [role=status]");
    // The first search fetches and loads the index: timed on its own, then the index is warm.
    const firstStart = Date.now();
    await search.fill("genetics");
    await status.filter({ hasText: /results? for/ }).waitFor({ timeout: 30_000 });
    const firstWait = Date.now() - firstStart;
    const sections = await page.evaluate(async () => {
      const index = await (await fetch("/search-index.json")).json();
      return index.documentCount as number;
    });
    await search.fill("");
    const timings = await timeKeystrokes(page, search, "#search-results", QUERIES);
    const median = quantile(timings, 0.5);
    medians.push(median);
    console.log(
      `run ${run}: ${sections} sections indexed; first search (index fetched and loaded) ${firstWait} ms; ` +
        `${timings.length} keystrokes: median ${median.toFixed(1)} ms, p95 ${quantile(timings, 0.95).toFixed(1)} ms, ` +
        `max ${Math.max(...timings).toFixed(1)} ms`,
    );
    console.log(`  raw (ms): ${timings.map((timing) => timing.toFixed(1)).join(" ")}`);
    await page.close();
  }
  console.log(
    `/search, CPU slowdown ${slowdown}x: keystroke to results painted, median of ${RUNS} runs ${quantile(medians, 0.5).toFixed(1)} ms (target <= 50 ms)`,
  );
} finally {
  await browser.close();
  await server.close();
}
