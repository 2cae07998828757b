import { rm, writeFile } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { baseUrl, openPage, sharedBrowser, sitemapPaths, waitForHydration } from "./browser.ts";

const browser = sharedBrowser();
const cards = (page: import("playwright-core").Page) => page.locator("main article");
/** How many pages of news the build has: the sitemap lists each. */
const newsPages = (await sitemapPaths()).filter((path) => path.startsWith("/news-events?page=")).length;

describe("news list", () => {
  it("shows the first 9 items and appends page 2 when scrolled near the bottom", async () => {
    const { page, problems, close } = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await page.goto("/news-events");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("NEWS & EVENTS");
    expect(await cards(page).count()).toBe(9);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll("main article").length === 18);
    expect(problems).toEqual([]);
    await close();
  });

  it("at 360 px, where the footer is taller than the window, appends the next page when the reader jumps to the foot", async () => {
    const { page, problems, close } = await openPage(browser(), { viewport: { width: 360, height: 640 } });
    await page.goto("/news-events");
    await waitForHydration(page);
    expect(await cards(page).count()).toBe(9);
    const footerHeight = await page
      .locator("footer")
      .evaluate((footer) => footer.getBoundingClientRect().height);
    expect(footerHeight).toBeGreaterThan(640);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll("main article").length >= 18);
    expect(problems).toEqual([]);
    await close();
  });

  it("without JavaScript, Load more is a link to the next page", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/news-events");
    await page.getByRole("link", { name: "Load more" }).click();
    expect(new URL(page.url()).search).toBe("?page=2");
    expect(await cards(page).count()).toBe(9);
    await close();
  });

  it("a page past the last one answers 404 without JavaScript, and says it is past the end with it", async () => {
    const past = `/news-events?page=${newsPages + 1}`;
    const response = await fetch(baseUrl() + past);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
    expect((await fetch(`${baseUrl()}/news-events?page=${newsPages}`)).status).toBe(200);

    const { page, close } = await openPage(browser());
    await page.goto(past);
    await expect(page.getByRole("alert").textContent()).resolves.toBe(
      `There is no page ${newsPages + 1} of the news. Go to the first page.`,
    );
    await expect(page.getByText("There is no news yet.").count()).resolves.toBe(0);
    await close();
  });

  it("shows no time for an item dated without one", async () => {
    const html = await (await fetch(`${baseUrl()}/news/office-closed-for-holi-2025`)).text();
    expect(html).toContain("11 March 2025");
    expect(html).not.toContain("12:00 am");
  });

  it("the Load more button appends the next page for keyboard users", async () => {
    const { page, close } = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await page.goto("/news-events");
    await waitForHydration(page);
    const loadMore = page.getByRole("button", { name: "Load more" });
    await loadMore.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelectorAll("main article").length >= 18);
    await close();
  });

  it("shows 'Failed to load news items.' when the next page cannot be fetched", async () => {
    const { page, close } = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await page.route("**/api/news?page=2", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto("/news-events");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Failed to load news items.");
    await close();
  });

  it("cards link to their pages, show 'No Image Available' without an image, and offer attachments", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/news-events?page=2");
    await expect(page.getByText("No Image Available").count()).resolves.toBeGreaterThan(0);
    await page.goto("/news-events?page=3");
    expect(await cards(page).count()).toBeGreaterThan(0);
    await page.goto("/news-events");
    const title = cards(page).first().getByRole("heading").getByRole("link");
    const href = await title.getAttribute("href");
    expect(href).toMatch(/^\/news\/[a-z0-9-]+$/);
    await page.getByRole("link", { name: "Older news" }).click();
    expect(new URL(page.url()).search).toBe("?page=2");
    expect(await cards(page).count()).toBe(9);
    await close();
  });
});

describe("news detail", () => {
  it("reads completely without JavaScript, with a working attachment download", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    const response = await page.goto("/news/workshop-genomics-assisted-breeding-2025");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("link", { name: "Back to News" }).getAttribute("href")).resolves.toBe(
      "/news-events",
    );
    expect(await page.locator("h1").textContent()).toMatch(/\S/);
    const download = page.getByRole("link", { name: /Download Attachment/ });
    const href = await download.getAttribute("href");
    const file = await fetch(baseUrl() + href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    await close();
  });

  it("opens from the list with JavaScript, and says 'News item not found.' for an unknown slug", async () => {
    const { page, problems, close } = await openPage(browser());
    await page.goto("/news-events");
    await waitForHydration(page);
    const title = cards(page).first().getByRole("heading");
    const name = await title.textContent();
    await title.getByRole("link").click();
    await page.getByRole("heading", { level: 1, name: name ?? "" }).waitFor();
    await page.waitForFunction((title) => document.title === title, `${name} | ISGPB`);
    await page.getByRole("link", { name: "Back to News" }).click();
    await page.waitForURL("**/news-events");
    expect(problems).toEqual([]);
    await close();
  });

  it("shows 'Failed to load news details.' when the request fails", async () => {
    const { page, close } = await openPage(browser());
    await page.goto("/news-events");
    await waitForHydration(page);
    await page.route("**/api/news/*", (route) => route.fulfill({ status: 500, body: "{}" }));
    await cards(page).first().getByRole("heading").getByRole("link").click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Failed to load news details.");
    await close();
  });

  it("links every page to the RSS feed, which lists the items", async () => {
    const html = await (await fetch(`${baseUrl()}/about-us`)).text();
    expect(html).toContain('<link rel="alternate" type="application/rss+xml"');
    const feed = await fetch(`${baseUrl()}/news/feed.xml`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('<rss version="2.0"');
  });

  it("carries Open Graph tags and NewsArticle JSON-LD", async () => {
    const html = await (await fetch(`${baseUrl()}/news/new-fellows-2026`)).text();
    expect(html).toMatch(/<meta property="og:type" content="article" \/>/);
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/www\.isgpb\.org\/news-media\/[^"]+" \/>/,
    );
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}";
    expect(JSON.parse(jsonLd)).toMatchObject({ "@type": "NewsArticle", datePublished: expect.any(String) });
  });
});

describe("an item published after the build", () => {
  const file = "content/news/published-after-the-build.md";
  afterAll(() => rm(file, { force: true }));

  it("is served by the edge function with its own title and canonical link", async () => {
    await writeFile(
      file,
      "---\ntitle: Late breaking notice\ndate: 2026-11-21T10:00:00+05:30\n---\nThis notice went up after the site was built.\n",
    );
    // The API knows the item. The edge function waits only 4 s for it, less than the local
    // server's function start-up on a busy machine, so the page may take a few asks to appear.
    expect((await fetch(`${baseUrl()}/api/news/published-after-the-build`)).status).toBe(200);
    let response = await fetch(`${baseUrl()}/news/published-after-the-build`);
    for (let tries = 1; response.status === 404 && tries < 10; tries += 1) {
      response = await fetch(`${baseUrl()}/news/published-after-the-build`);
    }
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Late breaking notice | ISGPB</title>");
    expect(html).toContain('<link rel="canonical" href="');
    expect(html).toContain("This notice went up after the site was built.");

    const { page, problems, close } = await openPage(browser());
    await page.goto("/news/published-after-the-build");
    await page.getByRole("heading", { level: 1, name: "Late breaking notice" }).waitFor();
    expect(problems).toEqual([]);
    await close();
  }, 120_000);

  it("an unknown slug still answers 404", async () => {
    const response = await fetch(`${baseUrl()}/news/never-published-anywhere`);
    expect(response.status).toBe(404);
  });
});
