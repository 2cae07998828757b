/**
 * Helpers for what Playwright does not know about this site: when React has hydrated, axe's
 * serious findings, what a reader sees change frame by frame, the app's script held back, and
 * the built site's page list.
 */
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page, Route } from "@playwright/test";

/** Waits until React has hydrated: the nav's JavaScript-only menu button has replaced the link. */
export async function waitForHydration(page: Page) {
  await page.waitForSelector("nav[data-enhanced]");
}

export async function seriousAxeViolations(page: Page, { frames = true } = {}): Promise<string[]> {
  // axe's legacy mode runs `axe.run` in the page itself, in every frame of ours (this site has no
  // cross-origin frames, the one kind legacy mode skips). The default mode also opens a blank page
  // in the context to merge the frames' results there, which took two to four times as long on
  // every call. Only violations are asked for: axe then stops recording every passing node.
  // `frames: false` for a page that shows a sandboxed, script-less frame (the workspace's e-mail
  // previews): axe cannot run inside it and would wait for it for ever.
  const results = await new AxeBuilder({ page })
    .options({ iframes: frames, resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/**
 * Holds back the framework's client entry, which hydrates the page, until released: the page as
 * served, before its script has arrived (a slow phone). Navigate with `waitUntil:
 * "domcontentloaded"`: the page's load event waits for the held script's preload.
 */
export async function holdApp(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const wasRequested = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: wasRequested };
}

/**
 * Records, from the first frame after the served document has been parsed, each new value of
 * `expression` (JavaScript evaluated in the page on every frame; an empty string or null is not
 * recorded): what a reader sees change while the page's script arrives, which Playwright's own
 * waiting never looks at. Read the values with `recorded`.
 *
 * Frames drawn while the HTML is still arriving are left out: since decision 0045 no stylesheet
 * holds the first paint, so a streamed page (the search results) may show its first items before
 * the rest has come, which is the browser reading as it goes, not the app changing the page. The
 * app's modules run only after parsing, so nothing they do is missed.
 */
export async function recordEachFrame(page: Page, name: string, expression: string) {
  await page.addInitScript({
    content: `(() => {
      const seen = [];
      (window.__recorded ??= {})[${JSON.stringify(name)}] = seen;
      const look = () => {
        const value = document.readyState === "loading" ? null : (${expression});
        if (value !== "" && value != null && seen.at(-1) !== value) seen.push(value);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    })();`,
  });
}

export function recorded<T = string>(page: Page, name: string): Promise<T[]> {
  return page.evaluate(
    (key) => (window as unknown as { __recorded: Record<string, unknown[]> }).__recorded[key] as never,
    name,
  );
}

/**
 * The cards whose content runs past their edge (the first words of each): a word wider than its
 * column, such as an id or an address without spaces, must wrap inside the card on a narrow screen.
 * Cards are the global `.card` and the features' own (`card` in a CSS module: `_card_<hash>`).
 */
export function spillingCards(page: Page): Promise<string[]> {
  return page
    .locator('main .card, main [class*="_card_"]')
    .evaluateAll((cards) =>
      cards
        .filter((card) => card.scrollWidth > card.clientWidth)
        .map((card) => (card.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)),
    );
}

/** Table headings wider than their column (the text of each): on a phone they run into the next one. */
export function crampedHeadings(page: Page): Promise<string[]> {
  return page
    .locator("main th")
    .evaluateAll((headings) =>
      headings.filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent ?? ""),
    );
}

/** What `main` says, whitespace folded: to record with `recordEachFrame`. */
export const MAIN_TEXT = `document.querySelector("main")?.textContent?.replace(/\\s+/g, " ").trim()`;

/** Every URL in the built sitemap: the route table's pages, so new routes are covered too. */
export function sitemapPaths(): string[] {
  const xml = readFileSync("build/client/sitemap.xml", "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL((match[1] ?? "").replaceAll("&amp;", "&"));
    return url.pathname + url.search;
  });
}

/**
 * The public pages the server renders for each request (they know the visitor, or answer a form).
 * The sitemap lists the forms' pages but not the search (results are not for search engines):
 * the sweeps cover them all whatever it lists.
 */
export const PAGES_RENDERED_PER_REQUEST = ["/contact-us", "/sign-up", "/login", "/search"];

/** Every public page: the sitemap's and those rendered per request. */
export function publicPaths(): string[] {
  return [...new Set([...sitemapPaths(), ...PAGES_RENDERED_PER_REQUEST])];
}

/**
 * Pages built from one template (the views of one route: a list's further pages, office bearers
 * by year; the news and event items) differ only in data, so the browser checks run on the first
 * and last of each; every page still gets the HTTP check.
 */
export function representatives(all: string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const path of all) {
    const { pathname } = new URL(path, "http://site");
    const template = /^\/(news|events)\//.test(pathname)
      ? pathname.replace(/[^/]+$/, "*")
      : pathname.replace(/\/page\/\d+$/, "").replace(/^\/office-bearers\/.+$/, "/office-bearers");
    groups.set(template, [...(groups.get(template) ?? []), path]);
  }
  return [...groups.values()].flatMap((group) => [...new Set([group[0], group.at(-1)])] as string[]);
}
