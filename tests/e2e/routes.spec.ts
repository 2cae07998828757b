import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { netlifyRedirects } from "../../scripts/build/legacy-redirects.ts";
import {
  publicPaths,
  representatives,
  seriousAxeViolations,
  spillingCards,
  waitForHydration,
} from "./browser.ts";
import { expect, test } from "./fixtures.ts";

const paths = publicPaths();

test.describe("every public page", () => {
  for (const path of paths)
    test(`${path} answers 200 with its whole content in the HTML`, async ({ site }) => {
      const response = await fetch(site.url + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>(?:<[^>]+>)*\s*\S/);
      expect(html).toMatch(/<footer[\s\S]*>Home<\/a>/);
      expect(skippedHeadingLevels(html)).toEqual([]);
      // The page's stylesheets come in its head, ahead of its scripts: its first paint waits for
      // no other file (decision 0045).
      expect(headStyles(html)).toEqual({ inlineBeforeScripts: true, linkedOrPreloaded: [] });
    });
});

test.describe("a page reached in the browser", () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  // A served page carries its own styles (decision 0045); one reached by a link gets the
  // stylesheets it needs from the framework, and looks as it does when served.
  test("is styled as when it is served, and so is the page gone back to", async ({ page, problems }) => {
    await page.goto("/directory");
    // Hydrated, the directory fetches its whole list and its cards' View More links become
    // buttons: compare the page as it is then, which is how a link brings it back.
    await waitForHydration(page);
    await expect(page.getByText("Loading the whole directory for searching...")).toHaveCount(0);
    const directory = await styleOfMain(page);
    await page.goto("/about-us");
    const aboutUs = await styleOfMain(page);
    await waitForHydration(page);
    // Once hydrated, the page links its stylesheets as the framework does, and the styles it was
    // served with go once the files have arrived.
    await expect(page.locator("head style")).toHaveCount(0);
    await expect(page.locator('head link[rel="stylesheet"]')).not.toHaveCount(0);
    expect(await styleOfMain(page)).toEqual(aboutUs);
    await page.locator('a[href="/directory"]:visible').first().click();
    await expect(page).toHaveURL(/\/directory$/);
    await expect.poll(() => styleOfMain(page)).toEqual(directory);
    await page.goBack();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect.poll(() => styleOfMain(page)).toEqual(aboutUs);
    expect(problems).toEqual([]);
  });
});

/** What the page's styles make of each element of its main part. */
function styleOfMain(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main *")].slice(0, 400).map((element) => {
      const style = getComputedStyle(element);
      return [
        element.tagName,
        style.display,
        style.fontSize,
        style.fontWeight,
        style.color,
        style.backgroundColor,
        style.padding,
        style.margin,
        style.borderTopWidth,
      ].join(" ");
    }),
  );
}

/** Each heading that goes more than one level deeper than the one before it ("h1 → h3"). */
function skippedHeadingLevels(html: string): string[] {
  const levels = [...html.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
  return levels.flatMap((level, i) => {
    const before = levels[i - 1] ?? 0;
    return level > before + 1 ? [`h${before} → h${level}`] : [];
  });
}

/**
 * Whether the head holds the page's styles ahead of its first module preload, and which stylesheet
 * files it links or preloads (none: each would hold the first paint back).
 */
function headStyles(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const style = head.indexOf("<style");
  const firstScript = head.search(/<link[^>]*rel="modulepreload"/);
  return {
    inlineBeforeScripts: style !== -1 && (firstScript === -1 || style < firstScript),
    linkedOrPreloaded: [...head.matchAll(/<link[^>]*(?:rel="stylesheet"|as="style")[^>]*>/g)].map(
      ([tag]) => tag,
    ),
  };
}

// 320 CSS pixels: WCAG 1.4.10's reflow width (a 1280 px screen at 400 %), narrower than any phone we
// design for (360 px), so a page that holds here holds on every phone.
const NARROW = { width: 320, height: 740 };
const DESKTOP = { width: 1280, height: 720 };

/** How far the page reaches sideways: more than the viewport means the reader can scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// Every route, by the first and last page built from each template (representatives): each is
// opened once per project, at 320 px as a phone shows it, then with JavaScript widened to a
// desktop's screen for axe, so one page load serves the phone's checks and the desktop's.
for (const path of representatives(paths))
  test.describe(path, () => {
    test.use({ viewport: NARROW });

    test("reads completely with JavaScript off, and does not scroll sideways at 320 px", {
      tag: "@no-js",
    }, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1").first()).toHaveText(/\S/);
      await expect(page.locator("footer").getByRole("link", { name: "Home" })).toHaveCount(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW.width);
      expect(await spillingCards(page)).toEqual([]);
    });

    test("hydrates with no console error or CSP violation, does not scroll sideways at 320 px, and passes axe on a desktop", async ({
      page,
      problems,
    }) => {
      await page.goto(path);
      await waitForHydration(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW.width);
      await page.setViewportSize(DESKTOP);
      expect(problems).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

test.describe("legacy and unknown paths", () => {
  // Each of netlify.toml's redirects (the old site's addresses, checked against the spec by
  // tests/functions/legacy-redirects.test.ts), as the served site answers it.
  test("answers each of netlify.toml's redirects with its 301", async ({ site }) => {
    for (const { from, to } of await netlifyRedirects(process.cwd())) {
      const response = await fetch(site.url + from, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(new URL(response.headers.get("location") ?? "", site.url).pathname, from).toBe(to);
    }
  });

  test("/fellowship does not redirect to itself", async ({ site }) => {
    const response = await fetch(`${site.url}/fellowship`, { redirect: "manual" });
    expect(response.status).not.toBe(301);
  });

  test("an unknown path answers 404 with the not-found page", async ({ site }) => {
    const response = await fetch(`${site.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  test("a path with a malformed escape answers 404 with its page and headers, not a bare 500", async ({
    site,
  }) => {
    for (const [path, heading] of [
      ["/news/%E0%A4", "News item not found"],
      ["/no-such-page%", "Page not found"],
    ]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-security-policy"), path).toBeTruthy();
      expect(await response.text(), path).toContain(heading);
    }
  });

  test("a page spelt with needless escapes is sent to its plain spelling, and takes no post", async ({
    site,
  }) => {
    const get = await fetch(`${site.url}/%63ontact-us?from=footer`, { redirect: "manual" });
    expect(get.status).toBe(301);
    expect(get.headers.get("location")).toBe("/contact-us?from=footer");
    for (const path of ["/%63ontact-us", "/contact%2Dus", "/%73ign-up", "/%6Cogin"]) {
      const post = await fetch(site.url + path, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
        body: "first_name=Asha&email=asha%40example.org",
      });
      expect(post.status, path).toBe(404);
    }
  });

  test("a post from another site is refused with the site's own page and headers", async ({ site }) => {
    const response = await fetch(`${site.url}/contact-us`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      body: "first_name=Asha&email=asha%40example.org&message=Hello",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(await response.text()).toContain("Form not accepted");
  });

  test("an unknown /api path answers a JSON 404, not the HTML page", async ({ site }) => {
    const response = await fetch(`${site.url}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ error: "No such API endpoint" });
  });

  test("the not-found page renders cleanly once JavaScript runs", async ({
    page,
    problems,
    allowProblems,
  }) => {
    // The browser reports the document's own 404; nothing else may complain.
    allowProblems(/\/no-such-page$/);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.locator("h1")).toHaveText("Page not found");
    expect(problems.filter((problem) => !problem.endsWith("/no-such-page"))).toEqual([]);
  });
});

/** The sources of one directive of a policy, without its name. */
const directiveSources = (csp: string, directive: string) =>
  new RegExp(`(?:^|;\\s*)${directive} ([^;]*)`).exec(csp)?.[1]?.split(" ") ?? [];

/** The inline elements (attributes, body) that a policy's sources neither hash nor give a nonce. */
function unnamed(elements: RegExpMatchArray[], allowed: string[]): string[] {
  if (allowed.includes("'unsafe-inline'")) return ["the policy allows 'unsafe-inline'"];
  return elements
    .filter(([, attributes, body]) => {
      const hash = `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`;
      const nonce = /\snonce="([^"]+)"/.exec(attributes ?? "")?.[1];
      return !allowed.includes(hash) && !(nonce && allowed.includes(`'nonce-${nonce}'`));
    })
    .map(([element]) => element.slice(0, 80));
}

test.describe("headers", () => {
  test("pages carry the security headers", async ({ site }) => {
    // A prerendered page and one rendered for each request.
    for (const path of ["/about-us", "/contact-us"]) {
      const response = await fetch(site.url + path);
      const csp = response.headers.get("content-security-policy") ?? "";
      // Scripts and styles from the site itself, and inline ones only by their hash or this
      // answer's nonce.
      for (const directive of ["script-src", "style-src"]) {
        const [self, ...inline] = directiveSources(csp, directive);
        expect(self, path).toBe("'self'");
        for (const source of inline) expect(source, path).toMatch(/^'(sha256|nonce)-[\w+/=]+'$/);
      }
      expect(csp, path).toContain("frame-ancestors 'none'");
      const maxAge = Number(
        /max-age=(\d+)/.exec(response.headers.get("strict-transport-security") ?? "")?.[1],
      );
      expect(maxAge, path).toBeGreaterThanOrEqual(31_536_000);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBeTruthy();
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
    }
  });

  test("a page with a nonce is never shared from a cache: each visitor of /search gets a fresh one", async ({
    site,
  }) => {
    const nonces = [];
    for (const _ of [1, 2]) {
      const response = await fetch(`${site.url}/search?q=rice`);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("netlify-cdn-cache-control")).toBeNull();
      nonces.push(/'nonce-([\w+/=]+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1]);
    }
    expect(nonces[0]).toBeTruthy();
    expect(nonces[1]).not.toBe(nonces[0]);
  });

  test("every static file that is no page carries the policy that runs nothing, and the security headers", async ({
    site,
  }) => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/news/feed.xml", "/favicon.svg", "/about-us.data"]) {
      const response = await fetch(site.url + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-security-policy"), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("strict-transport-security"), path).toMatch(/max-age=\d+/);
    }
  });

  for (const path of [
    "/",
    "/events.ics",
    "/api/directory",
    "/api/fellows",
    "/api/session",
    "/api/account/my-data",
    "/search?q=rice",
    "/secretariat",
  ])
    test(`HEAD ${path} answers as GET does, without a body`, async ({ site }) => {
      const get = await fetch(site.url + path, { redirect: "manual" });
      const head = await fetch(site.url + path, { method: "HEAD", redirect: "manual" });
      expect(head.status).toBe(get.status);
      expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
      expect(await head.text()).toBe("");
    });

  test("hashed assets are cached for a year, immutable", async ({ site }) => {
    const html = await (await fetch(`${site.url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    const response = await fetch(site.url + asset);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  // Until issue 32 no page had an inline script and the policy allowed none. The framework writes
  // its data and module loader inline, and since decision 0045 each page's stylesheets are in its
  // head: each page's policy allows exactly those, by hash (a prerendered page) or by a nonce fresh
  // for each answer (a page rendered per request).
  test("no page carries an inline executable script or style its own policy does not name", async ({
    site,
  }) => {
    // A few pages at a time: one after another, the 140-odd pages outlast the test's time limit.
    for (let start = 0; start < paths.length; start += 8) {
      await Promise.all(
        paths.slice(start, start + 8).map(async (path) => {
          const response = await fetch(site.url + path);
          const html = await response.text();
          const csp = response.headers.get("content-security-policy") ?? "";
          const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
            ([, attributes, body]) =>
              body?.trim() && !/type="application\/(ld\+)?json"/.test(attributes ?? ""),
          );
          const styles = [...html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)];
          expect(styles.length, path).toBeGreaterThan(0);
          expect(unnamed(scripts, directiveSources(csp, "script-src")), path).toEqual([]);
          expect(unnamed(styles, directiveSources(csp, "style-src")), path).toEqual([]);
        }),
      );
    }
  });
});
