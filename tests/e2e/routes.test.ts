import { describe, expect, it } from "vitest";
import {
  baseUrl,
  openPage,
  representatives,
  seriousAxeViolations,
  sharedBrowser,
  sitemapPaths,
  waitForHydration,
} from "./browser.ts";

const paths = await sitemapPaths();
const browser = sharedBrowser();

describe("every page in the sitemap", () => {
  it.each(paths)("%s answers 200 with its whole content in the HTML", async (path) => {
    const response = await fetch(baseUrl() + path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>(?:<[^>]+>)*\s*\S/);
    expect(html).toMatch(/<footer[\s\S]*>Home<\/a>/);
  });
});

describe.each(representatives(paths))("%s", (path) => {
  it("reads completely with JavaScript off", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").first().textContent()).resolves.toMatch(/\S/);
    await expect(page.locator("footer").getByRole("link", { name: "Home" }).count()).resolves.toBe(1);
    await close();
  });

  it("hydrates with no console error or CSP violation, and passes axe", async () => {
    const { page, problems, close } = await openPage(browser());
    await page.goto(path);
    await waitForHydration(page);
    expect(problems).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await close();
  });
});

describe("legacy and unknown paths", () => {
  const legacy = {
    "/society": "/about-us",
    "/directorymain": "/directory",
    "/officemain": "/office-bearers",
    "/societyrulesmain": "/rules",
    "/award": "/awards",
    "/registrationformmain": "/sign-up",
    "/boardmain": "/editorial-board",
    "/executivecouncilmain": "/executive-council",
    "/congressmain": "/congress",
    "/doubt": "/contact-us",
    "/loginmain": "/login",
  };

  it.each(Object.entries(legacy))("%s answers 301 to %s", async (from, to) => {
    const response = await fetch(baseUrl() + from, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location") ?? "", baseUrl()).pathname).toBe(to);
  });

  it("/fellowship does not redirect to itself", async () => {
    const response = await fetch(`${baseUrl()}/fellowship`, { redirect: "manual" });
    expect(response.status).not.toBe(301);
  });

  it("an unknown path answers 404 with the not-found page", async () => {
    const response = await fetch(`${baseUrl()}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  it("an unknown /api path answers a JSON 404, not the HTML page", async () => {
    const response = await fetch(`${baseUrl()}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ error: "No such API endpoint" });
  });

  it("the not-found page renders cleanly once JavaScript runs", async () => {
    const { page, problems, close } = await openPage(browser());
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page not found");
    // The browser reports the document's own 404; nothing else may complain.
    expect(problems.filter((problem) => !problem.endsWith("/no-such-page"))).toEqual([]);
    await close();
  });
});

describe("headers", () => {
  it("pages carry the security headers", async () => {
    const response = await fetch(`${baseUrl()}/about-us`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("strict-transport-security") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBeTruthy();
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });

  it.each([
    "/",
    "/api/news?page=1",
    "/api/news/workshop-genomics-assisted-breeding-2025",
    "/api/events",
    "/events.ics",
    "/api/directory",
    "/api/fellows",
    "/api/slides",
    "/api/session",
    "/api/form-token",
    "/api/account/my-data",
    "/search?q=rice",
    "/secretariat",
  ])("HEAD %s answers as GET does, without a body", async (path) => {
    const get = await fetch(baseUrl() + path, { redirect: "manual" });
    const head = await fetch(baseUrl() + path, { method: "HEAD", redirect: "manual" });
    expect(head.status).toBe(get.status);
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
    expect(await head.text()).toBe("");
  });

  it("hashed assets are cached for a year, immutable", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    const response = await fetch(baseUrl() + asset);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("no page carries an inline executable script", async () => {
    // A few pages at a time: one after another, the 160-odd pages outlast the test's time limit.
    for (let start = 0; start < paths.length; start += 8) {
      await Promise.all(
        paths.slice(start, start + 8).map(async (path) => {
          const html = await (await fetch(baseUrl() + path)).text();
          const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
            ([, attributes, body]) =>
              body?.trim() && !/type="application\/(ld\+)?json"/.test(attributes ?? ""),
          );
          expect(inline, path).toEqual([]);
        }),
      );
    }
  });
});
