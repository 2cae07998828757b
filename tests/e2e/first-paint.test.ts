/**
 * The app's scripts wait for the page to paint (src/app/boot.ts), so a reader can see, type and
 * submit before React hydrates: nothing they typed is lost, and a submit before hydration takes
 * the plain-form path that works without JavaScript.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { localEntries } from "../../scripts/dev/local-blobs.ts";
import { MIN_FILL_MS } from "../../src/shared/form-guard.ts";
import {
  holdApp,
  MAIN_TEXT,
  openPage,
  recordEachFrame,
  recorded,
  sharedBrowser,
  waitForHydration,
} from "./browser.ts";

const browser = sharedBrowser();

type Timing = { name: string; startTime: number };

describe("first paint comes before any of the app's scripts", () => {
  it.each(["/", "/about-us", "/contact-us"])(
    "%s: only the small boot script starts before the page has loaded and painted",
    async (path) => {
      const { page, problems, close } = await openPage(browser());
      // The served page's elements, taken when it has been parsed (the app starts after load), so a
      // largest paint of something the app drew later (the home page's next slide) is not counted.
      await page.addInitScript(() => {
        const served = new WeakSet<Element>();
        (globalThis as { servedElements?: WeakSet<Element> }).servedElements = served;
        document.addEventListener("DOMContentLoaded", () => {
          for (const element of document.querySelectorAll("*")) served.add(element);
        });
      });
      await page.goto(path);
      await waitForHydration(page);
      const timing = await page.evaluate(async () => {
        const served = (globalThis as { servedElements?: WeakSet<Element> }).servedElements;
        const lcp = await new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const paints = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
            resolve(
              paints.filter((paint) => paint.element && served?.has(paint.element)).at(-1)?.startTime ??
                Number.NaN,
            );
          }).observe({
            type: "largest-contentful-paint",
            buffered: true,
          });
        });
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => /\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime }));
        const boot = document.querySelector("script[data-entry]")?.getAttribute("src");
        return { lcp, loadEnd: navigation?.loadEventEnd ?? Number.NaN, scripts, boot };
      });
      const early = timing.scripts.filter(
        (script: Timing) =>
          script.name !== timing.boot && (script.startTime < timing.loadEnd || script.startTime < timing.lcp),
      );
      // The served page's own largest paint was seen (else the check below would hold vacuously).
      expect(timing.lcp).toBeGreaterThan(0);
      expect(timing.boot).toMatch(/^\/assets\/.+\.js$/);
      expect(timing.scripts.length).toBeGreaterThan(1);
      expect(early).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    },
  );

  it("names no script but the boot script, and no modulepreload, in the HTML", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/sign-up");
    const executable = await page
      .locator('script:not([type="application/json"]):not([type="application/ld+json"])')
      .count();
    expect(executable).toBe(1);
    await expect(page.locator('link[rel="modulepreload"]').count()).resolves.toBe(0);
    await close();
  });
});

describe("before hydration", () => {
  it("what a visitor typed into the contact form is still there once the page hydrates", async () => {
    const { page, problems, close } = await openPage(browser());
    const app = await holdApp(page);
    await page.goto("/contact-us");
    await app.requested;
    const form = page.getByRole("form", { name: "Send Us a Message" });
    await form.getByLabel("First name").fill("Meera");
    await form.getByLabel(/E-mail address/).fill("meera@example.org");
    await form.getByLabel("Message").fill("Typed while the scripts were still loading.");
    await expect(page.locator("nav[data-enhanced]").count()).resolves.toBe(0);
    app.release();
    await waitForHydration(page);
    await expect(form.getByLabel("First name").inputValue()).resolves.toBe("Meera");
    await expect(form.getByLabel(/E-mail address/).inputValue()).resolves.toBe("meera@example.org");
    await expect(form.getByLabel("Message").inputValue()).resolves.toBe(
      "Typed while the scripts were still loading.",
    );
    expect(problems).toEqual([]);
    await close();
  });

  // /search is hydrated; /search?q=… is filled in by a function and rendered afresh, and the
  // header's box is on every page: each keeps what was typed and searches for it.
  it.each([
    ["/search", "wheat", "Search the whole site"],
    ["/search?q=wheat", "rice", "Search the whole site"],
    ["/search?q=wheat", "maize", "Search the site"],
  ])("%s: words typed into a search box before the app arrived stay (%s, %s)", async (path, words, label) => {
    const { page, problems, close } = await openPage(browser());
    const app = await holdApp(page);
    await page.goto(path);
    await app.requested;
    const box = page.getByLabel(label, { exact: true }).first();
    await box.fill(words);
    app.release();
    await waitForHydration(page);
    await expect(box.inputValue()).resolves.toBe(words);
    if (label === "Search the site") await box.press("Enter");
    await page.waitForURL(new RegExp(`/search\\?q=${words}$`));
    // The hits come once the index has loaded ("Searching…" until then), on a busy machine seconds later.
    await expect
      .poll(() => page.locator("#search-results").textContent(), { timeout: 10_000 })
      .toContain(words);
    expect(problems).toEqual([]);
    await close();
  });

  it("the enrolment form keeps what was typed and chosen before it hydrated, and follows the chosen country", async () => {
    const { page, problems, close } = await openPage(browser());
    const app = await holdApp(page);
    await page.goto("/sign-up");
    await app.requested;
    await page.getByLabel("Full Name").fill("Kavya Raman");
    await page.getByLabel("Country").selectOption("Nepal");
    await page.getByLabel("Areas of Interest").fill("Rice breeding");
    app.release();
    await waitForHydration(page);
    // Each fieldset hydrates in a turn of its own, so wait for the last one.
    const state = page.getByLabel("State");
    await expect.poll(() => state.locator("option").first().textContent()).toBe("Not in India");
    await expect(page.getByLabel("Full Name").inputValue()).resolves.toBe("Kavya Raman");
    await expect(page.getByLabel("Country").inputValue()).resolves.toBe("Nepal");
    await expect(page.getByLabel("Areas of Interest").inputValue()).resolves.toBe("Rice breeding");
    expect(problems).toEqual([]);
    await close();
  });

  it("a contact form submitted before hydration takes the plain-form path", async () => {
    const { page, close } = await openPage(browser());
    const app = await holdApp(page);
    await page.goto("/contact-us");
    await app.requested;
    const message = `Sent before hydration at ${Date.now()}`;
    const form = page.getByRole("form", { name: "Send Us a Message" });
    await form.getByLabel("First name").fill("Meera");
    await form.getByLabel(/E-mail address/).fill("meera@example.org");
    await form.getByLabel("Message").fill(message);
    await page.waitForTimeout(MIN_FILL_MS + 200); // the spam guard quarantines quicker fills
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL("**/contact-us?status=sent");
    app.release();
    const stored = await localEntries<{ data: { message: string } }>("submissions", "contact/");
    expect([...stored.values()].some((record) => record.data.message === message)).toBe(true);
    await close();
  });
});

describe("hydration keeps the prerendered page", () => {
  // A search param that picks no prerendered page of this route (another route's ?page= or
  // ?year=, a campaign tag) leaves the page as served: it hydrates, and the canonical URL drops it.
  it.each([
    ["/no-such-page", null],
    ["/about-us", "/about-us"],
    ["/about-us?year=2020&utm_source=mail", "/about-us"],
    ["/fellowship?page=2", "/fellowship"],
    ["/contact-us?status=sent&page=2", "/contact-us?status=sent"],
  ])("%s: React adopts the HTML it was served instead of drawing it again", async (path, canonical) => {
    const { page, problems, close } = await openPage(browser());
    const app = await holdApp(page);
    await page.goto(path);
    await app.requested;
    await page.evaluate(() => {
      (window as unknown as { servedHeading: Element | null }).servedHeading = document.querySelector("h1");
    });
    app.release();
    await waitForHydration(page);
    const same = await page.evaluate(
      () =>
        (window as unknown as { servedHeading: Element | null }).servedHeading ===
        document.querySelector("h1"),
    );
    expect(same).toBe(true);
    if (canonical) {
      const href = await page.locator('link[rel="canonical"]').getAttribute("href");
      const url = new URL(href ?? "", "https://example.org");
      expect(url.pathname + url.search).toBe(canonical);
    }
    expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
    await close();
  });

  it("/search?q=…: the results a function served stay on screen while the app takes over and its index loads", async () => {
    const { page, problems, close } = await openPage(browser());
    // A slow index, as on a phone: the app has rendered this page afresh long before it arrives.
    await page.route(/\/search-index\.json$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await recordEachFrame(
      page,
      "results",
      `(() => {
        const results = document.getElementById("search-results");
        return results && results.querySelectorAll("li").length + " " + results.textContent.slice(0, 40);
      })()`,
    );
    const index = page.waitForResponse(/\/search-index\.json$/);
    await page.goto("/search?q=wheat");
    await index;
    await waitForHydration(page);
    await page.waitForTimeout(300);
    const states = await recorded(page, "results");
    expect(states).toHaveLength(1);
    expect(states[0]).toMatch(/^[1-9]\d* \d+ results? for “wheat”/);
    expect(problems).toEqual([]);
    await close();
  });

  it("/fellowship: the cards hydrate as served, keep their elements and text, and then get View More", async () => {
    const { page, problems, close } = await openPage(browser());
    const app = await holdApp(page);
    await page.goto("/fellowship");
    await app.requested;
    const served = await page.locator("main li").count();
    expect(served).toBeGreaterThan(16);
    await page.evaluate(() => {
      (window as unknown as { servedCards: Element[] }).servedCards = [
        ...document.querySelectorAll("main li"),
      ];
    });
    const headings = () => page.locator("main li h3").allTextContents();
    const servedHeadings = await headings();
    app.release();
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("button", { name: /^View More about / }).count()).toBe(served);
    await expect(page.locator("main li details").count()).resolves.toBe(0);
    const kept = await page.evaluate(() => {
      const before = (window as unknown as { servedCards: Element[] }).servedCards;
      const now = [...document.querySelectorAll("main li")];
      return now.length === before.length && now.every((card, n) => card === before[n]);
    });
    expect(kept).toBe(true);
    expect(await headings()).toEqual(servedHeadings);
    expect(problems).toEqual([]);
    await close();
  });

  it("/fellowship: a search cleared while the cards still go live never blanks a card", async () => {
    const { page, problems, close } = await openPage(browser());
    // A slow phone, so the cards go live over several tasks the page can act in between.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    await page.goto("/fellowship");
    const seen = await page.evaluate(async () => {
      const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
      const count = (selector: string) => document.querySelectorAll(selector).length;
      const blank = () =>
        [...document.querySelectorAll("main li")].filter((card) => !card.querySelector("h3")).length;
      let searched = false;
      let mostBlank = 0;
      for (let task = 0; task < 4000; task++) {
        await nextTask();
        const live = count("main li button");
        mostBlank = Math.max(mostBlank, blank());
        if (searched && live === count("main li")) break;
        if (!searched && live > 0 && count("main li details") > 0) {
          // Typed and erased at once, as a reader would, through the input's own events.
          const input = document.querySelector<HTMLInputElement>("main search input");
          const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
          for (const value of ["a", ""]) {
            setValue?.call(input, value);
            input?.dispatchEvent(new Event("input", { bubbles: true }));
            await nextTask();
            mostBlank = Math.max(mostBlank, blank());
          }
          searched = true;
        }
      }
      return { searched, mostBlank };
    });
    // The search came while some cards were live and others still waiting, and no card was ever
    // left without its content.
    expect(seen).toEqual({ searched: true, mostBlank: 0 });
    await expect
      .poll(() => page.getByRole("button", { name: /^View More about / }).count())
      .toBe(await page.locator("main li").count());
    expect(problems).toEqual([]);
    await close();
  });
});

describe("a page the app renders afresh", () => {
  // Served the not-found page, these ask the API (an item may be newer than the build) and draw
  // their own answer behind the served page until it is in (src/app/fresh-render.ts).
  it.each([
    ["/news/no-such-item", "News item not found."],
    ["/news-events?page=999", "There is no page 999 of the news."],
  ])(
    "%s goes from the page served straight to the app's answer, never through Loading...",
    async (path, answer) => {
      const { page, problems, close } = await openPage(browser());
      await recordEachFrame(page, "main", MAIN_TEXT);
      await page.goto(path);
      await page.locator("main").getByText(answer).waitFor();
      const texts = await recorded(page, "main");
      expect(texts).toEqual([expect.stringContaining("Page not found"), expect.stringContaining(answer)]);
      expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
      await close();
    },
  );
});

describe("a page the app renders afresh, scrolled before the app arrived", () => {
  it("stays where the reader scrolled it: the router's reset to the top is never shown", async () => {
    const { page, problems, close } = await openPage(browser(), { viewport: { width: 360, height: 640 } });
    const app = await holdApp(page);
    await recordEachFrame(page, "scrolls", "Math.round(window.scrollY)");
    // A page past the directory's last: served as its first page, drawn afresh by the app.
    await page.goto("/directory?page=999");
    await app.requested;
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(
      () => (window as unknown as { __recorded: { scrolls: number[] } }).__recorded.scrolls.at(-1) === 300,
    );
    app.release();
    await waitForHydration(page);
    await page.waitForTimeout(300);
    const scrolls = await recorded<number>(page, "scrolls");
    expect(scrolls).toEqual([0, 300]);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("hydration moves nothing on screen", () => {
  // The controls that only work with JavaScript arrive in places kept for them: the fellows' and
  // members' View More buttons in boxes as tall as the served summary or an unseen stand-in, the
  // awards' toggle in a heading row already as tall. Any layout shift at all fails here.
  const allLive = (button: RegExp) => async (page: Page) =>
    expect
      .poll(
        async () =>
          (await page.getByRole("button", { name: button }).count()) ===
          (await page.locator("main li > article").count()),
        // The directory's cards go live when its whole list has arrived, a second or two on a runner.
        { timeout: 10_000 },
      )
      .toBe(true);
  const settled: Record<string, (page: Page) => Promise<unknown>> = {
    "/fellowship": allLive(/^View More about /),
    "/directory": allLive(/^View More about /),
    "/awards": (page) => page.getByRole("button", { name: "Hide Content" }).first().waitFor(),
  };
  const screens = [
    ["a phone", { width: 360, height: 740 }],
    ["a desktop", { width: 1280, height: 900 }],
  ] as const;
  for (const [screen, viewport] of screens)
    it.each(Object.keys(settled))(`%s on ${screen}`, async (path) => {
      const { page, problems, close } = await openPage(browser(), { viewport });
      await page.addInitScript(() => {
        const shifts: string[] = [];
        (window as unknown as { shifts: string[] }).shifts = shifts;
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            // What moved in the page's content; the header is not this test's subject (a sweep of
            // every page once saw its menu nudged by 0.001 at start-up, never again in 60 loads).
            const moved = entry.sources
              .map((source) => source.node)
              .filter((node): node is Element => node instanceof Element && node.closest("main") !== null);
            if (moved.length)
              shifts.push(
                `${entry.value.toFixed(4)}: ${moved.map((node) => node.outerHTML.slice(0, 80)).join(" | ")}`,
              );
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      const app = await holdApp(page);
      await page.goto(path);
      await app.requested;
      // A reader who has scrolled to the cards before the script arrives (on a phone they are
      // below the fold, where a shift would not be counted).
      await page.evaluate(() => document.querySelector("main article")?.scrollIntoView());
      app.release();
      await waitForHydration(page);
      await settled[path]?.(page);
      // A frame for the last change to be laid out and reported.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    });
});
