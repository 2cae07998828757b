import { readFile } from "node:fs/promises";
import { parse as parseCsv } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { localEvents } from "../../src/server/events/local-events.server.ts";
import { localNews } from "../../src/server/news/local-news.server.ts";
import { cleanQuery } from "../../src/shared/site-search.ts";
import { baseUrl, openPage, seriousAxeViolations, sharedBrowser, waitForHydration } from "./browser.ts";

const browser = sharedBrowser();
const yaml = async (file: string) => parse(await readFile(`content/${file}`, "utf8"));
const csv = async (file: string): Promise<Record<string, string>[]> =>
  parseCsv(await readFile(`content/${file}`, "utf8"), { columns: true });

// One item of each kind the search must find, read from the content: [query, where its result leads].
const rules = await yaml("rules.yaml");
const bearers = await yaml("office-bearers.yaml");
const council = await yaml("executive-council.yaml");
const awards = await yaml("awards.yaml");
const members = await csv("directory.csv");
const fellows = await csv("fellows.csv");
const news = await localNews().all();
const events = await localEvents().all();
const oldTerm = Object.keys(bearers.terms).at(-1) as string;
const oldPresident = bearers.terms[oldTerm].find((row: { title: string }) => row.title === "President").name;
const award = awards.awards[1];
const recipient = award.recipients.at(-1);
const member = members[members.length - 1] as Record<string, string>;
const fellow = fellows[fellows.length - 1] as Record<string, string>;
const rule = rules.sections.at(-1);

const KINDS: [kind: string, query: string, href: RegExp][] = [
  ["society page", "Societies Registration Act", /^\/about-us/],
  ["a rule, to its section", rule.title.replace(/^\d+\.\s*/, ""), new RegExp(`^/rules#${rule.id}$`)],
  [`office bearers of ${oldTerm}`, oldPresident, new RegExp(`^/office-bearers\\?year=${oldTerm}`)],
  ["a council member", council.treasurer.name, /^\/executive-council/],
  ["an award's past recipient by name", recipient.name, new RegExp(`^/awards#${award.id}$`)],
  ["an award's recipients by year", `${award.name} ${recipient.year}`, new RegExp(`^/awards#${award.id}$`)],
  ["news", news[0]?.title ?? "", new RegExp(`^/news/${news[0]?.slug}$`)],
  ["an event", events[0]?.title ?? "", new RegExp(`^/events/${events[0]?.slug}$`)],
  ["the congress", "Second National Genetic Congress", /^\/congress$/],
  ["a member by name and institution", `${member.NAME} ${member.UNIVERSITY}`, /^\/directory/],
  ["a fellow by name and institution", `${fellow.Name} ${fellow.University}`, /^\/fellowship/],
];

/** The hrefs of the results of a search made without JavaScript. */
async function serverResults(query: string): Promise<{ status: number; html: string; hrefs: string[] }> {
  const response = await fetch(`${baseUrl()}/search?q=${encodeURIComponent(query)}`);
  const html = await response.text();
  const results = /<div[^>]*id="search-results"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
  const hrefs = [...results.matchAll(/<li class="search-hit"><a href="([^"]+)"/g)].map((match) =>
    (match[1] ?? "").replaceAll("&amp;", "&"),
  );
  return { status: response.status, html, hrefs };
}

/**
 * Searches from the results page and waits for this query's answer ("3 results for “…”", "No
 * results for “…”"): the status names the query as searched, so the last search's answer is not
 * taken for this one's (it was, once, under load).
 */
async function searchHere(page: Page, query: string) {
  await page.getByRole("searchbox", { name: "Search the whole site" }).fill(query);
  const answered = `for “${cleanQuery(query)}”`;
  await expect
    .poll(() => page.locator("#search-results [role=status]").textContent(), { timeout: 10_000 })
    .toContain(answered);
}

describe("site search without JavaScript", () => {
  it.each(KINDS)("finds %s", async (_kind, query, href) => {
    const { status, hrefs } = await serverResults(query);
    expect(status).toBe(200);
    expect(
      hrefs.some((candidate) => href.test(candidate)),
      `${query} → ${hrefs.join(", ")}`,
    ).toBe(true);
  });

  it("is blind to case, accents and transliteration: 'Swaminathan', 'krishi', 'SVAMINÄTHAN'", async () => {
    const swaminathan = await serverResults("Swaminathan");
    expect(swaminathan.html).toContain("M. S. <mark>Swaminathan</mark>");
    expect((await serverResults("SVAMINÄTHAN")).hrefs).toEqual(swaminathan.hrefs);
    const krishi = await serverResults("krishi");
    expect(krishi.html).toMatch(/<mark>Krishi<\/mark> Vishwavidyalaya/);
  });

  it("never finds contact details", async () => {
    for (const query of [member.EMAIL, member.MOBILE, member.ADDRESS1] as string[]) {
      const { hrefs } = await serverResults(query.split(",")[0] ?? query);
      expect(
        hrefs.filter((candidate) => candidate.startsWith("/directory")),
        query,
      ).toEqual([]);
    }
  });

  it.each([
    ["10,000 characters", "genetics ".repeat(1112).slice(0, 10_000)],
    ["markup", `<script>alert("x")</script><img src=x onerror=alert(1)>`],
    ["regex syntax", String.raw`.*(?<=a)[\d+]{2,}\\`],
    ["nothing", ""],
    ["quotes and ampersands", `"'&amp;`],
  ])("answers a query of %s cleanly, with nothing injected", async (_what, query) => {
    const { status, html } = await serverResults(query);
    expect(status).toBe(200);
    expect(html).toContain('id="search-results"');
    expect(html).not.toMatch(/<script>alert|<img src=x/);
    // The same executable scripts as the prerendered page: none added (JSON blocks are data).
    const executable = (page: string) => page.match(/<script\b(?![^>]*type="application\/(?:ld\+)?json")/g);
    expect(executable(html)).toEqual(executable(await (await fetch(`${baseUrl()}/search`)).text()));
  });

  it("the header's search box works as a plain form", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/rules");
    await page.getByRole("searchbox", { name: "Search the site" }).fill("Swaminathan");
    await page.getByRole("searchbox", { name: "Search the site" }).press("Enter");
    await page.waitForURL(/\/search\?q=Swaminathan/);
    await expect(page.locator("#search-results mark").first().textContent()).resolves.toBe("Swaminathan");
    await close();
  });
});

describe("site search with JavaScript", () => {
  it("loads nothing for search until the visitor searches, then shows results as they type", async () => {
    const { page, problems, close } = await openPage(browser());
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/about-us");
    await waitForHydration(page);
    expect(requested.filter((path) => /search-index|minisearch/.test(path))).toEqual([]);
    await page.getByRole("searchbox", { name: "Search the site" }).fill("krishi");
    await page.getByRole("searchbox", { name: "Search the site" }).press("Enter");
    await page.waitForURL(/\/search\?q=krishi/);
    await expect
      .poll(() => page.locator("#search-results mark").first().textContent(), { timeout: 10_000 })
      .toBe("Krishi");
    expect(requested).toContain("/search-index.json");
    await searchHere(page, "Swaminathan");
    await expect(page.locator("#search-results li a").first().getAttribute("href")).resolves.toBe(
      `/events/${events.find((event) => event.title.includes("Swaminathan"))?.slug}`,
    );
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("Swaminathan");
    expect(problems).toEqual([]);
    await close();
  });

  it("renders a results page served for a query afresh, and treats hostile queries as words", async () => {
    const { page, problems, close } = await openPage(browser());
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.goto(`/search?q=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
    await waitForHydration(page);
    await expect
      .poll(() => page.locator("#search-results [role=status]").textContent(), { timeout: 10_000 })
      .toMatch(/^No results for “<img src=x onerror=alert\(1\)>”/);
    await searchHere(page, "(((");
    await searchHere(page, "x".repeat(10_000));
    expect(dialogs).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it("works with the keyboard alone, from the header box to a result", async () => {
    const { page, close } = await openPage(browser());
    await page.goto("/");
    await waitForHydration(page);
    // Tab from the top of the page until the header's search box has the focus.
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.id === "site-search-q")) break;
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("site-search-q");
    await page.keyboard.type("general body");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/search\?q=general\+body/);
    await expect
      .poll(() => page.locator("#search-results li").count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const first = (await page.locator("#search-results li a").first().getAttribute("href")) as string;
    await page.locator("#search-results li a").first().focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname + url.search + url.hash === first);
    await close();
  });

  it("passes axe and fits 360 px with results shown", async () => {
    const { page, problems, close } = await openPage(browser(), { viewport: { width: 360, height: 740 } });
    await page.goto("/search");
    await waitForHydration(page);
    await searchHere(page, "Krishi Vishwavidyalaya");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(problems).toEqual([]);
    await close();
  });
});
