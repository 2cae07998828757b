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

const QUERIES = ["ludhiana", "kerala agri", "dr. asha", "sharma punjab", "tamil nadu coimbatore"];
const cpuIndex = process.argv.indexOf("--cpu");
const slowdown = cpuIndex > 0 ? Number(process.argv[cpuIndex + 1]) : 1;

const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  if (slowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  }
  await page.goto(`${server.url}/directory`);
  const search = page.getByRole("searchbox", { name: /Search by name/ });
  await search.waitFor({ timeout: 30_000 });
  const total = await page.locator("main p[aria-live]").textContent();

  // Each input event starts a clock; every DOM change after it moves the finish line to the
  // frame that paints it. The keystroke's time is from the input to that last painted frame.
  await page.evaluate(() => {
    const timings: number[] = [];
    let started = 0;
    let painted = 0;
    const settle = () => {
      if (started && painted) timings.push(painted - started);
    };
    document.addEventListener(
      "input",
      () => {
        settle();
        started = performance.now();
        painted = 0;
      },
      true,
    );
    new MutationObserver(() => {
      requestAnimationFrame(() => {
        // A task queued from the frame's callbacks runs once that frame has been painted.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          painted = performance.now();
        };
        channel.port2.postMessage(null);
      });
    }).observe(document.querySelector("main") as Node, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    Object.assign(window, { benchTimings: timings, benchSettle: settle });
  });

  for (const query of QUERIES) {
    await search.pressSequentially(query, { delay: 150 });
    await page.waitForTimeout(300);
    await search.fill("");
    await page.waitForTimeout(300);
  }
  const timings = await page.evaluate(() => {
    (window as unknown as { benchSettle: () => void }).benchSettle();
    return (window as unknown as { benchTimings: number[] }).benchTimings;
  });
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  console.log(`/directory search, ${total}; CPU slowdown ${slowdown}x; ${sorted.length} keystrokes`);
  console.log(
    `  input to filtered list painted: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (target < 50 ms)`,
  );
} finally {
  await browser.close();
  await server.close();
}
