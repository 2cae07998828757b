/**
 * In-browser benchmark of the directory's instant search: on the built /directory with all
 * 2,100 members loaded, types queries a key at a time (as a person would, 150 ms apart) and
 * measures each keystroke from the input event to the next frame after the list last changed,
 * i.e. until the filtered list is painted. Target: under 50 ms. Chromium is Debian's
 * (scripts/dev/chromium.ts), driven by playwright-core. It builds nothing: run `npm run build` first.
 *   npm run bench:directory-search
 *   npm run bench:directory-search -- --cpu 4      # with the CPU slowed 4 times (a modest phone)
 * Run by hand only; it is NOT part of CI (timings depend on the machine).
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../dev/chromium.ts";
import { startServer } from "../dev/serve.ts";
import { benchPage, cpuSlowdown, quantile, timeKeystrokes } from "./keystroke-timing.ts";

const QUERIES = ["ludhiana", "kerala agri", "dr. asha", "sharma punjab", "tamil nadu coimbatore"];
const slowdown = cpuSlowdown();

const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await benchPage(browser, slowdown);
  await page.goto(`${server.url}/directory`, { timeout: 90_000 });
  const search = page.getByRole("searchbox", { name: /Search by name/ });
  await search.waitFor({ timeout: 90_000 });
  const total = await page.locator("main p[aria-live]").textContent();
  const timings = await timeKeystrokes(page, search, "main", QUERIES);
  const at = (q: number) => quantile(timings, q);
  console.log(`/directory search, ${total}; CPU slowdown ${slowdown}x; ${timings.length} keystrokes`);
  console.log(
    `  input to filtered list painted: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms (target < 50 ms)`,
  );
} finally {
  await browser.close();
  await server.close();
}
