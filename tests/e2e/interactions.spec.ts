import { waitForHydration } from "./browser.ts";
import { expect, test } from "./fixtures.ts";

const mobile = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test.describe("office bearers", () => {
  test("a year link shows that year's office bearers", { tag: "@js-and-no-js" }, async ({
    page,
    problems,
    javaScriptEnabled,
  }) => {
    await page.goto("/office-bearers");
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(page.getByText("Please select a year to view the office bearers")).toHaveCount(1);
    await page.getByRole("link", { name: "2020-2022" }).click();
    await page.getByRole("heading", { name: "Office Bearers 2020-2022" }).waitFor();
    // A year has a path of its own since issue 32 (it was ?year=2020-2022).
    expect(new URL(page.url()).pathname).toBe("/office-bearers/2020-2022");
    await page.getByRole("link", { name: "1960" }).click();
    await page.getByText("No data available for the selected year").waitFor();
    await page.reload();
    await page.getByText("No data available for the selected year").waitFor();
    expect(problems).toEqual([]);
  });
});

test.describe("awards", () => {
  test("downloads the chosen document", { tag: "@js-and-no-js" }, async ({
    page,
    javaScriptEnabled,
    allowProblems,
  }) => {
    // The PDF opens in the tab, and Chromium asks a document with no icon of its own for
    // /favicon.ico, which the site has not (its pages name /favicon.svg).
    allowProblems(/404 \(Not Found\) http:\/\/127\.0\.0\.1:\d+\/favicon\.ico$/);
    await page.goto("/awards");
    const card = page.locator("article").first();
    const button = card.getByRole("button", { name: /^Download/ });
    if (javaScriptEnabled) {
      await waitForHydration(page);
      await expect(button).toBeDisabled();
    }
    await card.getByLabel(/Documents/).selectOption({ label: "Guidelines" });
    await expect(button).toBeEnabled();
    const [response] = await Promise.all([
      page.waitForResponse((response) => response.url().includes("/downloads/award-guidelines.pdf")),
      button.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
  });

  test("the award list moves focus to the chosen card", async ({ page }) => {
    await page.goto("/awards");
    await waitForHydration(page);
    const last = page.getByRole("navigation", { name: "Our awards" }).getByRole("link").last();
    const name = await last.textContent();
    await last.click();
    const focused = page.locator("article:focus");
    await expect(focused.getByRole("heading", { level: 2 })).toHaveText(name ?? "");
    await expect(focused).toBeVisible();
  });

  test("Show/Hide Content toggles the past recipients", async ({ page }) => {
    await page.goto("/awards");
    await waitForHydration(page);
    const card = page.locator("article").first();
    const recipients = card.getByRole("list");
    await expect(recipients).toBeVisible();
    await card.getByRole("button", { name: "Hide Content" }).click();
    await expect(recipients).toBeHidden();
    await card.getByRole("button", { name: "Show Content" }).click();
    await expect(recipients).toBeVisible();
  });

  test("without JavaScript, shows every award's past recipients and no toggle that would do nothing", {
    tag: "@no-js",
  }, async ({ page }) => {
    await page.goto("/awards");
    const headings = page.getByRole("heading", { name: "Past recipients" });
    expect(await headings.count()).toBeGreaterThan(0);
    for (const heading of await headings.all()) await expect(heading).toBeVisible();
    await expect(page.getByRole("button", { name: /(Hide|Show) Content/ })).toHaveCount(0);
  });
});

test.describe("navigation", () => {
  test("on a large screen, dropdowns open on hover and by keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "THE SOCIETY" }).hover();
    await nav.getByRole("link", { name: "Society Rules" }).waitFor({ state: "visible" });
    await page.mouse.move(0, 600);
    await nav.getByRole("link", { name: "Society Rules" }).waitFor({ state: "hidden" });
    await nav.getByRole("button", { name: "BOARD" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/executive-council");
    await page.getByRole("heading", { level: 1, name: "Executive Council" }).waitFor();
  });

  test("on a phone, the menu button opens the menu and the close button closes it", async ({ openPage }) => {
    const { page, problems, close } = await openPage(mobile);
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const awards = nav.getByRole("link", { name: "AWARDS" });
    await expect(awards).toBeHidden();
    await nav.getByRole("button", { name: "Menu" }).click();
    await expect(awards).toBeVisible();
    await nav.getByRole("button", { name: "Close menu" }).click();
    await expect(awards).toBeHidden();
    await nav.getByRole("button", { name: "Menu" }).click();
    await nav.getByRole("button", { name: "THE SOCIETY" }).click();
    await nav.getByRole("link", { name: "Office Bearers" }).click();
    await page.getByRole("heading", { level: 1, name: "Office Bearers" }).waitFor();
    await expect(awards).toBeHidden();
    expect(problems).toEqual([]);
    await close();
  });

  test("on a phone, the open menu holds focus, leaves the page behind inert and still, and offers Sign In", async ({
    page,
    problems,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto("/about-us");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Menu" }).click();
    const inPanel = () =>
      page.evaluate(() => document.getElementById("site-menu")?.contains(document.activeElement));
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press("Tab");
      expect(await inPanel()).toBe(true);
    }
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press("Shift+Tab");
      expect(await inPanel()).toBe(true);
    }
    for (const selector of ["header", "main", "footer"]) {
      expect(await page.locator(selector).first().getAttribute("inert")).toBe("");
    }
    // The page behind does not scroll under the reader's finger or wheel.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.mouse.move(180, 600);
    await page.mouse.wheel(0, 800);
    await page.keyboard.press("PageDown");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await nav.getByRole("link", { name: "Sign In" }).click();
    // Back to the page it was followed from, once signed in.
    await page.waitForURL("**/login?next=%2Fabout-us");
    // The panel closes in the effect that follows the navigation's commit, a moment after the URL.
    await page.waitForFunction(() => !document.querySelector("main")?.hasAttribute("inert"));
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
    expect(problems).toEqual([]);
  });

  test("on a large screen, the menu items share one row", async ({ openPage }) => {
    for (const width of [1024, 1280]) {
      const { page, close } = await openPage({ viewport: { width, height: 800 } });
      await page.goto("/");
      await waitForHydration(page);
      const tops = await page
        .locator("#site-menu > ul > li")
        .evaluateAll((items) =>
          items
            .filter((item) => item.getClientRects().length > 0)
            .map((item) => item.getBoundingClientRect().top),
        );
      expect(tops.length, `${width} px`).toBeGreaterThanOrEqual(10);
      expect(new Set(tops).size, `${width} px: rows at ${[...new Set(tops)]}`).toBe(1);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${width} px`,
      ).toBeLessThanOrEqual(width);
      await close();
    }
  });

  test("on a phone without JavaScript, the menu link leads to the footer's Quick Links", {
    tag: "@no-js",
  }, async ({ openPage }) => {
    const { page, close } = await openPage({ ...mobile, javaScriptEnabled: false });
    await page.goto("/");
    await page.getByRole("link", { name: "Menu" }).click();
    expect(new URL(page.url()).hash).toBe("#quick-links");
    await expect(page.getByRole("navigation", { name: "Quick Links" })).toBeVisible();
    await close();
  });

  test("a new page starts at the top and Back restores the previous position", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto("/rules");
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY === 1500);
    // A click from script, so the page is not scrolled to the link first.
    await page.locator('footer a[href="/awards"]').evaluate((link: HTMLElement) => link.click());
    await page.waitForURL("**/awards");
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForURL("**/rules");
    await page.waitForFunction(() => window.scrollY === 1500);
  });

  test("the first Tab reaches the skip link, which moves to the content", async ({ page }) => {
    await page.goto("/about-us");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Enter");
    // The page's URL reaches Playwright in an event of its own, after the key press returns.
    await expect.poll(() => new URL(page.url()).hash).toBe("#main");
  });

  test("client-side navigation updates the title, description and canonical link", async ({ page }) => {
    await page.goto("/about-us");
    await waitForHydration(page);
    await page.locator("footer").getByRole("link", { name: "Editorial Board" }).click();
    await page.getByRole("heading", { level: 1, name: "Editorial Board" }).waitFor();
    await page.waitForFunction(() => document.title === "Editorial Board | ISGPB");
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toBe("https://www.isgpb.org/editorial-board");
  });
});
