import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, representatives, sharedBrowser, sitemapPaths, waitForHydration } from "./browser.ts";

// Every route, by the first and last page built from each template (the views of one route and the
// news or event items differ only in data): every page would take minutes on a small machine.
const paths = representatives(await sitemapPaths());
const browser = sharedBrowser();
const NARROW = 360;

/** How far the page reaches sideways: more than the viewport means the reader can scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// With JavaScript (after hydration) and without. One browser page per setting, reused from path
// to path: a fresh context each would be slow on a small machine.
describe.each([
  { javaScriptEnabled: true, label: "with JavaScript" },
  { javaScriptEnabled: false, label: "without JavaScript" },
])("no page scrolls sideways at 360 px, $label", ({ javaScriptEnabled }) => {
  let page: Page;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ page, close } = await openPage(browser(), {
      viewport: { width: NARROW, height: 740 },
      javaScriptEnabled,
    }));
  });
  afterAll(() => close());

  it.each(paths)(
    "%s",
    async (path) => {
      await page.goto(path);
      if (javaScriptEnabled) await waitForHydration(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW);
      // The first page waits for the local server's functions to start, slow on a busy machine.
    },
    90_000,
  );
});
