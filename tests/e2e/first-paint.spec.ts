/**
 * A page reads and works before its script arrives, and hydrating it changes nothing a reader
 * sees: nothing typed or ticked is lost, nothing moves, nothing is drawn twice, and a submit before
 * hydration takes the plain-form path that works without JavaScript.
 *
 * Until issue 32 the app's scripts waited for the page to paint (a boot script of ours), and
 * pages a function had filled in were drawn afresh behind the served one; both are gone. These
 * tests hold the framework's client entry back instead (holdApp), and check what a reader would
 * notice, not how it was done.
 */
import type { Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/shared/form-guard.ts";
import { holdApp, MAIN_TEXT, recordEachFrame, recorded, waitForHydration } from "./browser.ts";
import { expect, test } from "./fixtures.ts";
import { storedSubmissions } from "./stored.ts";

test.describe("the page paints before any of the app's scripts", () => {
  // Was: only the small boot script starts before the page has loaded and painted. Now: with the
  // app's script held back, the served page's own largest element is painted and reads whole.
  for (const path of ["/", "/about-us", "/contact-us"])
    test(`${path}: the served page paints its content while the app's script is held back`, async ({
      page,
      problems,
    }) => {
      // The served page's elements, taken when it has been parsed, so a largest paint of something
      // the app drew later (the home page's next slide) is not counted.
      await page.addInitScript(() => {
        const served = new WeakSet<Element>();
        (globalThis as { servedElements?: WeakSet<Element> }).servedElements = served;
        document.addEventListener("DOMContentLoaded", () => {
          for (const element of document.querySelectorAll("*")) served.add(element);
        });
      });
      const app = await holdApp(page);
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await app.requested;
      const lcp = await page.evaluate(async () => {
        const served = (globalThis as { servedElements?: WeakSet<Element> }).servedElements;
        return new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const paints = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
            const own = paints.filter((paint) => paint.element && served?.has(paint.element));
            if (own.length) resolve(own.at(-1)?.startTime ?? Number.NaN);
          }).observe({ type: "largest-contentful-paint", buffered: true });
        });
      });
      // The served page's own largest paint was seen, and the page is whole, still unhydrated.
      expect(lcp).toBeGreaterThan(0);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.locator("footer").getByRole("link", { name: "Home" })).toBeVisible();
      await expect(page.locator("nav[data-enhanced]")).toHaveCount(0);
      app.release();
      await waitForHydration(page);
      expect(problems).toEqual([]);
    });

  // Was: the HTML names no script but the boot script, and no modulepreload. The framework names
  // its modules in the head to fetch them early, which holds nothing up; what must not happen is
  // a script the parser waits for before the content.
  test("names no script that holds the page's content up", async ({ site }) => {
    const html = await (await fetch(`${site.url}/sign-up`)).text();
    const contentEnd = html.indexOf("</main>");
    expect(contentEnd).toBeGreaterThan(0);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].filter(
      ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ""),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const [tag, attributes = ""] = script;
      // A script that runs comes after the content, and a fetched one never blocks the parser.
      expect(script.index, tag).toBeGreaterThan(contentEnd);
      if (/\ssrc=/.test(attributes)) expect(attributes, tag).toMatch(/type="module"|\sasync|\sdefer/);
    }
  });
});

test.describe("before hydration", () => {
  test("what a visitor typed into the contact form is still there once the page hydrates", async ({
    page,
    problems,
  }) => {
    const app = await holdApp(page);
    await page.goto("/contact-us", { waitUntil: "domcontentloaded" });
    await app.requested;
    const form = page.getByRole("form", { name: "Send Us a Message" });
    await form.getByLabel("First name").fill("Meera");
    await form.getByLabel(/E-mail address/).fill("meera@example.org");
    await form.getByLabel("Message").fill("Typed while the scripts were still loading.");
    await expect(page.locator("nav[data-enhanced]")).toHaveCount(0);
    app.release();
    await waitForHydration(page);
    await expect(form.getByLabel("First name").inputValue()).resolves.toBe("Meera");
    await expect(form.getByLabel(/E-mail address/).inputValue()).resolves.toBe("meera@example.org");
    await expect(form.getByLabel("Message").inputValue()).resolves.toBe(
      "Typed while the scripts were still loading.",
    );
    expect(problems).toEqual([]);
  });

  // /search and /search?q=… are rendered for the request and hydrated, and the header's box is on
  // every page: each keeps what was typed and searches for it (the page's own box as it hydrates,
  // the header's when Enter is pressed).
  for (const [path, words, label] of [
    ["/search", "wheat", "Search the whole site"],
    ["/search?q=wheat", "rice", "Search the whole site"],
    ["/search?q=wheat", "maize", "Search the site"],
  ] as const)
    test(`${path}: words typed into a search box before the app arrived stay (${words}, ${label})`, async ({
      page,
      problems,
    }) => {
      const app = await holdApp(page);
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await app.requested;
      const box = page.getByLabel(label, { exact: true }).first();
      await box.fill(words);
      app.release();
      await waitForHydration(page);
      await expect(box.inputValue()).resolves.toBe(words);
      if (label === "Search the site") await box.press("Enter");
      await page.waitForURL(new RegExp(`/search\\?q=${words}$`));
      // The server answers the search (it was the browser, once the index had loaded); on a busy
      // machine, seconds later.
      await expect
        .poll(() => page.locator("main [role=status]").textContent(), { timeout: 10_000 })
        .toContain(words);
      expect(problems).toEqual([]);
    });

  test("the enrolment form keeps what was typed and chosen before it hydrated, and follows the chosen country", async ({
    page,
    problems,
  }) => {
    const app = await holdApp(page);
    await page.goto("/sign-up", { waitUntil: "domcontentloaded" });
    await app.requested;
    await page.getByLabel("Full Name").fill("Kavya Raman");
    await page.getByLabel("Country").selectOption("Nepal");
    await page.getByLabel("Areas of Interest").fill("Rice breeding");
    app.release();
    await waitForHydration(page);
    const state = page.getByLabel("State");
    await expect.poll(() => state.locator("option").first().textContent()).toBe("Not in India");
    await expect(page.getByLabel("Full Name").inputValue()).resolves.toBe("Kavya Raman");
    await expect(page.getByLabel("Country").inputValue()).resolves.toBe("Nepal");
    await expect(page.getByLabel("Areas of Interest").inputValue()).resolves.toBe("Rice breeding");
    expect(problems).toEqual([]);
  });

  test("a contact form submitted before hydration takes the plain-form path", async ({ page, site }) => {
    const app = await holdApp(page);
    await page.goto("/contact-us", { waitUntil: "domcontentloaded" });
    await app.requested;
    const message = `Sent before hydration at ${Date.now()}`;
    const form = page.getByRole("form", { name: "Send Us a Message" });
    await form.getByLabel("First name").fill("Meera");
    await form.getByLabel(/E-mail address/).fill("meera@example.org");
    await form.getByLabel("Message").fill(message);
    await page.waitForTimeout(MIN_FILL_MS + 200); // the spam guard quarantines quicker fills
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL("**/contact-us?status=sent", { waitUntil: "domcontentloaded" });
    app.release();
    const stored = await storedSubmissions<{ message: string }>(site, "contact");
    expect([...stored.values()].some((record) => record.data.message === message)).toBe(true);
  });
});

test.describe("hydration keeps the served page", () => {
  // A search param that picks nothing on this route (another route's ?page= or ?year=, a campaign
  // tag) leaves the page as served: it hydrates, and the canonical URL drops it.
  // The sent notice is a one-visitor flash on the contact page: its canonical is the form's page.
  for (const [path, canonical] of [
    ["/no-such-page", null],
    ["/about-us", "/about-us"],
    ["/about-us?year=2020&utm_source=mail", "/about-us"],
    ["/fellowship?page=2", "/fellowship"],
    ["/contact-us?status=sent&page=2", "/contact-us"],
  ] as const)
    test(`${path}: React adopts the HTML it was served instead of drawing it again`, async ({
      page,
      problems,
      allowProblems,
    }) => {
      // The browser reports the not-found page's own 404.
      allowProblems(/404/);
      const app = await holdApp(page);
      await page.goto(path, { waitUntil: "domcontentloaded" });
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
    });

  test("/search?q=…: the results the server sent stay on screen while the app takes over", async ({
    page,
    problems,
  }) => {
    await recordEachFrame(
      page,
      "results",
      `(() => {
        const results = document.querySelector("main ol")?.parentElement;
        return results && results.querySelectorAll("li").length + " " + results.textContent.slice(0, 40);
      })()`,
    );
    // A slow script, as on a phone: the results are on screen long before the app takes over.
    const app = await holdApp(page);
    await page.goto("/search?q=wheat", { waitUntil: "domcontentloaded" });
    await app.requested;
    await page.waitForTimeout(1500);
    app.release();
    await waitForHydration(page);
    await page.waitForTimeout(300);
    const states = await recorded(page, "results");
    expect(states).toHaveLength(1);
    expect(states[0]).toMatch(/^[1-9]\d* \d+ results? for “wheat”/);
    expect(problems).toEqual([]);
  });

  test("/fellowship: the cards hydrate as served, keep their elements and text, and then get View More", async ({
    page,
    problems,
  }) => {
    const app = await holdApp(page);
    await page.goto("/fellowship", { waitUntil: "domcontentloaded" });
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
    await expect(page.locator("main li details")).toHaveCount(0);
    const kept = await page.evaluate(() => {
      const before = (window as unknown as { servedCards: Element[] }).servedCards;
      const now = [...document.querySelectorAll("main li")];
      return now.length === before.length && now.every((card, n) => card === before[n]);
    });
    expect(kept).toBe(true);
    expect(await headings()).toEqual(servedHeadings);
    expect(problems).toEqual([]);
  });

  // The cards went live over several tasks (the hydration turns), and the search came while some
  // were live and others not. React makes them live in one commit now: the search comes as they
  // go live, and still no card may ever be left without its content.
  test("/fellowship: a search cleared as the cards go live never blanks a card", async ({
    page,
    problems,
  }) => {
    // A slow phone (Lighthouse's mobile CPU slowdown), so the page can act between the tasks of
    // its start. It was 20 times while the cards went live over several tasks; with one commit,
    // a harsher slowdown only made the test longer.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
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
        if (!searched && live > 0) {
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
    expect(seen).toEqual({ searched: true, mostBlank: 0 });
    await expect
      .poll(() => page.getByRole("button", { name: /^View More about / }).count())
      .toBe(await page.locator("main li").count());
    expect(problems).toEqual([]);
  });
});

test.describe("a page the server answers for the request", () => {
  // The app used to ask the API and draw its own answer behind the served not-found page
  // (src/app/fresh-render.ts). The server answers these paths itself now: what the reader sees
  // first is the answer, never a "Loading..." on the way. An unknown news item is the news page's
  // own 404, in SPEC's words (as news.spec.ts has it), not the site's "Page not found".
  for (const [path, answer] of [
    ["/news/no-such-item", "News item not found."],
    ["/news-events/page/999", "Page not found"],
  ] as const)
    test(`${path} shows its answer straight away, never Loading...`, async ({
      page,
      problems,
      allowProblems,
    }) => {
      allowProblems(/404/);
      await recordEachFrame(page, "main", MAIN_TEXT);
      await page.goto(path);
      await waitForHydration(page);
      await page.locator("main").getByText(answer).waitFor();
      const texts = await recorded(page, "main");
      expect(texts).toEqual([expect.stringContaining(answer)]);
      expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
    });
});

test.describe("a page scrolled before the app arrived", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("stays where the reader scrolled it: the router's reset to the top is never shown", async ({
    page,
    problems,
  }) => {
    const app = await holdApp(page);
    await recordEachFrame(page, "scrolls", "Math.round(window.scrollY)");
    // Was /directory?page=999, which the app drew afresh; a list page the server rendered now.
    await page.goto("/directory", { waitUntil: "domcontentloaded" });
    await app.requested;
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(
      () => (window as unknown as { __recorded: { scrolls: number[] } }).__recorded.scrolls.at(-1) === 300,
    );
    app.release();
    await waitForHydration(page);
    await page.waitForTimeout(300);
    // From the reader's scroll on, every frame is where the reader left it. (Whether a frame at
    // the top was drawn before the scroll depends on how busy the machine is, not on the site.)
    const scrolls = await recorded<number>(page, "scrolls");
    expect(scrolls.slice(scrolls.indexOf(300))).toEqual([300]);
    expect(problems).toEqual([]);
  });
});

test.describe("hydration moves nothing on screen", () => {
  // The controls that only work with JavaScript arrive in places kept for them: the fellows' and
  // members' View More buttons in boxes as tall as the served summary or an unseen stand-in, the
  // awards' toggle in a heading row already as tall. Any layout shift at all from the moment the
  // app's script is let in fails here. What moved before that was the browser drawing the served
  // page as it arrived (a card's <details> drawn with the browser's own summary for a frame, before
  // its <summary> was parsed), which no script of ours can cause or prevent.
  const allLive = (button: RegExp) => async (page: Page) =>
    expect
      .poll(
        async () =>
          (await page.getByRole("button", { name: button }).count()) ===
          (await page.locator("main li > article").count()),
        // The directory's cards go live when its whole list has arrived, a second or two on a runner,
        // and longer for the run's first test to call the functions (they are built on that call).
        { timeout: 30_000 },
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
    test.describe(() => {
      test.use({ viewport });

      for (const path of Object.keys(settled))
        test(`${path} on ${screen}`, async ({ page, problems }) => {
          await page.addInitScript(() => {
            const shifts: string[] = [];
            const state = window as unknown as { shifts: string[]; appLetIn?: number };
            state.shifts = shifts;
            type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[]) {
                // What moved in the page's content; the header is not this test's subject (a sweep of
                // every page once saw its menu nudged by 0.001 at start-up, never again in 60 loads).
                const moved = entry.sources
                  .map((source) => source.node)
                  .filter(
                    (node): node is Element => node instanceof Element && node.closest("main") !== null,
                  );
                if (moved.length && entry.startTime >= (state.appLetIn ?? Number.POSITIVE_INFINITY))
                  shifts.push(
                    `${entry.value.toFixed(4)}: ${moved.map((node) => node.outerHTML.slice(0, 80)).join(" | ")}`,
                  );
              }
            }).observe({ type: "layout-shift", buffered: true });
          });
          const app = await holdApp(page);
          await page.goto(path, { waitUntil: "domcontentloaded" });
          await app.requested;
          // A reader who has scrolled to the cards before the script arrives (on a phone they are
          // below the fold, where a shift would not be counted).
          await page.evaluate(() => document.querySelector("main article")?.scrollIntoView());
          // The served page whole on screen (a frame drawn after it was parsed), then the app.
          await page.evaluate(
            () =>
              new Promise<void>((resolve) =>
                requestAnimationFrame(() =>
                  requestAnimationFrame(() => {
                    (window as unknown as { appLetIn: number }).appLetIn = performance.now();
                    resolve();
                  }),
                ),
              ),
          );
          app.release();
          await waitForHydration(page);
          await settled[path]?.(page);
          // A frame for the last change to be laid out and reported.
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
          );
          expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
          expect(problems).toEqual([]);
        });
    });
});
