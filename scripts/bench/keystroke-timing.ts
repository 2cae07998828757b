/**
 * What the in-browser search benchmarks share: a page with the CPU optionally slowed, and a
 * clock from each keystroke to the frame that paints the last change it caused.
 */
import type { Browser, Locator, Page } from "playwright-core";

/** `--cpu N` on the command line: slow the CPU N times (a modest phone is about 4). */
export function cpuSlowdown(): number {
  const index = process.argv.indexOf("--cpu");
  return index > 0 ? Number(process.argv[index + 1]) : 1;
}

/** A fresh 1280 x 900 page, its CPU slowed `slowdown` times. */
export async function benchPage(browser: Browser, slowdown: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  if (slowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  }
  return page;
}

/**
 * Types each query a key at a time (150 ms apart, as a person would), clearing the box between
 * them, and returns each keystroke's time in ms: from its input event to the frame that paints
 * the last change under `watched` (a CSS selector).
 */
export async function timeKeystrokes(
  page: Page,
  search: Locator,
  watched: string,
  queries: readonly string[],
): Promise<number[]> {
  // Each input event starts a clock; every DOM change after it moves the finish line to the
  // frame that paints it.
  await page.evaluate((selector) => {
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
    }).observe(document.querySelector(selector) as Node, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    Object.assign(window, { benchTimings: timings, benchSettle: settle });
  }, watched);

  for (const query of queries) {
    await search.pressSequentially(query, { delay: 150 });
    await page.waitForTimeout(300);
    await search.fill("");
    await page.waitForTimeout(300);
  }
  return page.evaluate(() => {
    (window as unknown as { benchSettle: () => void }).benchSettle();
    return (window as unknown as { benchTimings: number[] }).benchTimings;
  });
}

/** The value at quantile `q` (0 to 1) of `values`. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
