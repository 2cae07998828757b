import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse as parseCsv } from "csv-parse/sync";
import { JSDOM } from "jsdom";
import { parse } from "yaml";
import { localEvents } from "../../src/server/events/local-events.server.ts";
import { localNews } from "../../src/server/news/local-news.server.ts";
import { cleanQuery } from "../../src/shared/site-search.ts";
import { seriousAxeViolations, waitForHydration } from "./browser.ts";
import { expect, type Site, test } from "./fixtures.ts";

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
  // A term has a path of its own since issue 32 (it was /office-bearers?year=…).
  [`office bearers of ${oldTerm}`, oldPresident, new RegExp(`^/office-bearers/${oldTerm}`)],
  ["a council member", council.treasurer.name, /^\/executive-council/],
  ["an award's past recipient by name", recipient.name, new RegExp(`^/awards#${award.id}$`)],
  ["an award's recipients by year", `${award.name} ${recipient.year}`, new RegExp(`^/awards#${award.id}$`)],
  ["news", news[0]?.title ?? "", new RegExp(`^/news/${news[0]?.slug}$`)],
  ["an event", events[0]?.title ?? "", new RegExp(`^/events/${events[0]?.slug}$`)],
  ["the congress", "Second National Genetic Congress", /^\/congress$/],
  ["a member by name and institution", `${member.NAME} ${member.UNIVERSITY}`, /^\/directory/],
  ["a fellow by name and institution", `${fellow.Name} ${fellow.University}`, /^\/fellowship/],
];

/** The list of results on the search page: the one ordered list in main. */
const RESULTS = "main ol";

/**
 * A search made without JavaScript: the answer, and each result as its link's href, its text and
 * what it marks as matching. Read with a DOM parser: the results are React's markup now, where
 * they were a string the function filled in (with the ids and classes the test used to look for).
 */
async function serverResults(site: Site, query: string) {
  const response = await fetch(`${site.url}/search?q=${encodeURIComponent(query)}`);
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const hits = [...document.querySelectorAll(`${RESULTS} > li > a`)].map((link) => ({
    href: link.getAttribute("href") ?? "",
    text: link.textContent ?? "",
    marks: [...link.querySelectorAll("mark")].map((mark) => mark.textContent),
  }));
  return { status: response.status, html, hrefs: hits.map((hit) => hit.href), hits, document };
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
    .poll(() => page.locator("main [role=status]").textContent(), { timeout: 10_000 })
    .toContain(answered);
}

test.describe("site search without JavaScript", () => {
  for (const [kind, query, href] of KINDS)
    test(`finds ${kind}`, async ({ site }) => {
      const { status, hrefs } = await serverResults(site, query);
      expect(status).toBe(200);
      expect(
        hrefs.some((candidate) => href.test(candidate)),
        `${query} → ${hrefs.join(", ")}`,
      ).toBe(true);
    });

  test("is blind to case, accents and transliteration: 'Swaminathan', 'krishi', 'SVAMINÄTHAN'", async ({
    site,
  }) => {
    // "M. S. <mark>Swaminathan</mark>" and "<mark>Krishi</mark> Vishwavidyalaya", in a result's text.
    const swaminathan = await serverResults(site, "Swaminathan");
    expect(swaminathan.hits).toContainEqual(
      expect.objectContaining({ text: expect.stringContaining("M. S. Swaminathan"), marks: ["Swaminathan"] }),
    );
    expect((await serverResults(site, "SVAMINÄTHAN")).hrefs).toEqual(swaminathan.hrefs);
    const krishi = await serverResults(site, "krishi");
    // Hundreds of members match: the page says it shows the first 50 of them all (issue 54, item 6).
    const said = krishi.document.querySelector("main [role=status]")?.textContent ?? "";
    expect(said).toMatch(/^First 50 of [\d,]+ results for “krishi”\. Add a word to narrow them/);
    expect(Number(/of ([\d,]+)/.exec(said)?.[1]?.replace(/,/g, ""))).toBeGreaterThan(50);
    const marked = krishi.document.querySelectorAll(`${RESULTS} mark`);
    expect(
      [...marked].some(
        (mark) =>
          mark.textContent === "Krishi" && mark.nextSibling?.textContent?.startsWith(" Vishwavidyalaya"),
      ),
    ).toBe(true);
  });

  test("never finds contact details", async ({ site }) => {
    for (const query of [member.EMAIL, member.MOBILE, member.ADDRESS1] as string[]) {
      const { hrefs } = await serverResults(site, query.split(",")[0] ?? query);
      expect(
        hrefs.filter((candidate) => candidate.startsWith("/directory")),
        query,
      ).toEqual([]);
    }
  });

  for (const [what, query] of [
    ["10,000 characters", "genetics ".repeat(1112).slice(0, 10_000)],
    ["markup", `<script>alert("x")</script><img src=x onerror=alert(1)>`],
    ["regex syntax", String.raw`.*(?<=a)[\d+]{2,}\\`],
    ["nothing", ""],
    ["quotes and ampersands", `"'&amp;`],
  ])
    test(`answers a query of ${what} cleanly, with nothing injected`, async ({ site }) => {
      const { status, html, document } = await serverResults(site, query ?? "");
      expect(status).toBe(200);
      // The results' place, with its answer (a count, "No results", or what to type).
      expect(document.querySelector("main [role=status]")?.textContent).toMatch(/\S/);
      expect(html).not.toMatch(/<script>alert|<img src=x/);
      // The same executable scripts as the page with no query: none added (JSON blocks are data).
      const executable = (page: string) => page.match(/<script\b(?![^>]*type="application\/(?:ld\+)?json")/g);
      expect(executable(html)).toEqual(executable(await (await fetch(`${site.url}/search`)).text()));
    });

  test("the header's search box works as a plain form", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/rules");
    await page.getByRole("searchbox", { name: "Search the site" }).fill("Swaminathan");
    await page.getByRole("searchbox", { name: "Search the site" }).press("Enter");
    await page.waitForURL(/\/search\?q=Swaminathan/);
    await expect(page.locator(`${RESULTS} mark`).first()).toHaveText("Swaminathan");
  });
});

test.describe("site search with JavaScript", () => {
  // Until issue 32 the browser fetched the index (and minisearch) once the visitor searched; the
  // server answers every query now, so nothing for search is ever loaded, before or after.
  test("loads nothing for search, before the visitor searches or after, and shows results as they type", async ({
    page,
    problems,
  }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/about-us");
    await waitForHydration(page);
    expect(requested.filter((path) => /search-index|minisearch/.test(path))).toEqual([]);
    await page.getByRole("searchbox", { name: "Search the site" }).fill("krishi");
    await page.getByRole("searchbox", { name: "Search the site" }).press("Enter");
    await page.waitForURL(/\/search\?q=krishi/);
    await expect
      .poll(() => page.locator(`${RESULTS} mark`).first().textContent(), { timeout: 10_000 })
      .toBe("Krishi");
    await searchHere(page, "Swaminathan");
    expect(requested.filter((path) => /search-index|minisearch/.test(path))).toEqual([]);
    await expect(page.locator(`${RESULTS} li a`).first().getAttribute("href")).resolves.toBe(
      `/events/${events.find((event) => event.title.includes("Swaminathan"))?.slug}`,
    );
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("Swaminathan");
    expect(problems).toEqual([]);
  });

  test("hydrates a results page served for a query, and treats hostile queries as words", async ({
    page,
    problems,
  }) => {
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.goto(`/search?q=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
    await waitForHydration(page);
    await expect
      .poll(() => page.locator("main [role=status]").textContent(), { timeout: 10_000 })
      .toMatch(/^No results for “<img src=x onerror=alert\(1\)>”/);
    await searchHere(page, "(((");
    await searchHere(page, "x".repeat(10_000));
    expect(dialogs).toBe(0);
    expect(problems).toEqual([]);
  });

  test("works with the keyboard alone, from the header box to a result", async ({ page }) => {
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
    await expect.poll(() => page.locator(`${RESULTS} li`).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const first = (await page.locator(`${RESULTS} li a`).first().getAttribute("href")) as string;
    await page.locator(`${RESULTS} li a`).first().focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname + url.search + url.hash === first);
  });

  test("passes axe and fits 360 px with results shown", async ({ page, problems }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/search");
    await waitForHydration(page);
    await searchHere(page, "Krishi Vishwavidyalaya");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(problems).toEqual([]);
  });
});
