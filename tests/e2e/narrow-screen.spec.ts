import type { Page } from "@playwright/test";
import { publicPaths, representatives, waitForHydration } from "./browser.ts";
import { expect, test } from "./fixtures.ts";

// Every route, by the first and last page built from each template (the views of one route and the
// news or event items differ only in data): every page would take minutes on a small machine.
const paths = representatives(publicPaths());
// 320 CSS pixels: WCAG 1.4.10's reflow width (a 1280 px screen at 400 %), narrower than any phone we
// design for (360 px), so a page that holds here holds on every phone.
const NARROW = 320;

/** How far the page reaches sideways: more than the viewport means the reader can scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// With JavaScript (after hydration) and without: the two projects.
test.describe("no page scrolls sideways at 320 px", { tag: "@js-and-no-js" }, () => {
  test.use({ viewport: { width: NARROW, height: 740 } });

  for (const path of paths)
    test(path, async ({ page, javaScriptEnabled }) => {
      await page.goto(path);
      if (javaScriptEnabled) await waitForHydration(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW);
    });
});
