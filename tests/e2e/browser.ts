import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContextOptions, chromium, type Page, type Route } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

/** Connects to the shared Chromium for the tests of one file. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject("wsEndpoint"));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("browser not connected yet");
    return browser;
  };
}

export type WatchedPage = { page: Page; problems: string[]; close: () => Promise<void> };

/**
 * A fresh page that records every console error, uncaught exception and CSP violation, so a
 * test can assert the page ran cleanly.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()} ${message.location().url}`.trim());
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { page, problems, close: () => context.close() };
}

/** Holds back the app's entry chunk (named by the boot script's data-entry) until released. */
export async function holdApp(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const wasRequested = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: wasRequested };
}

/**
 * Records, from the page's first frame, each new value of `expression` (JavaScript evaluated in
 * the page on every frame; an empty string or null is not recorded): what a reader sees change
 * while the page's script arrives. Read the values with `recorded`.
 */
export async function recordEachFrame(page: Page, name: string, expression: string) {
  await page.addInitScript({
    content: `(() => {
      const seen = [];
      (window.__recorded ??= {})[${JSON.stringify(name)}] = seen;
      const look = () => {
        const value = (${expression});
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

/** What `main` says, whitespace folded: to record with `recordEachFrame`. */
export const MAIN_TEXT = `document.querySelector("main")?.textContent?.replace(/\\s+/g, " ").trim()`;

/** Waits until React has hydrated: the nav's JavaScript-only menu button has replaced the link. */
export async function waitForHydration(page: Page) {
  await page.waitForSelector("nav[data-enhanced]");
}

export async function seriousAxeViolations(page: Page, { frames = true } = {}): Promise<string[]> {
  // `frames: false` for a page that shows a sandboxed, script-less frame (the workspace's e-mail
  // previews): axe cannot run inside it and would wait for it for ever. Only axe's legacy mode
  // keeps out of frames; the default one visits every frame whatever `iframes` says.
  const builder = new AxeBuilder({ page }).options({ iframes: frames });
  const results = await (frames ? builder : builder.setLegacyMode(true)).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/** Every URL in the built sitemap: the route table's pages, so new routes are covered too. */
export async function sitemapPaths(): Promise<string[]> {
  const { readFile } = await import("node:fs/promises");
  const xml = await readFile("dist/sitemap.xml", "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL((match[1] ?? "").replaceAll("&amp;", "&"));
    return url.pathname + url.search;
  });
}

/**
 * Pages built from one template (the views of one route, the news items) differ only in data, so
 * the browser checks run on the first and last of each; every page still gets the HTTP check.
 */
export function representatives(all: string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const path of all) {
    const url = new URL(path, "http://site");
    const template = /^\/(news|events)\//.test(url.pathname)
      ? url.pathname.replace(/[^/]+$/, "*")
      : url.pathname;
    groups.set(template, [...(groups.get(template) ?? []), path]);
  }
  return [...groups.values()].flatMap((group) => [...new Set([group[0], group.at(-1)])] as string[]);
}
