import type { Page } from "@playwright/test";
import { waitForHydration } from "./browser.ts";
import { expect, test } from "./fixtures.ts";

const cards = (page: Page) => page.locator("main article");
const CONTACT_DETAILS = /@example\.org|\+91 90000|PIN 0\d{5}/;

/** The count line under the search, once it says something matching `pattern`. */
async function countLine(page: Page, pattern: RegExp) {
  const line = page.locator("main p[aria-live]");
  await expect.poll(() => line.textContent(), { timeout: 10_000 }).toMatch(pattern);
  return (await line.textContent()) ?? "";
}

test.describe("/directory with JavaScript", () => {
  test("searches by name, institution, city or state, counts matches and keeps the query in the URL", async ({
    page,
    problems,
  }) => {
    await page.goto("/directory");
    await waitForHydration(page);
    await countLine(page, /^2,100 members, page 1 of 42$/);
    expect(await cards(page).count()).toBe(50);
    await page.getByRole("searchbox", { name: /Search by name/ }).fill("coimbatore");
    const count = await countLine(page, /^\d+ of 2,100 members match/);
    const matches = Number(count.split(" ")[0]);
    expect(matches).toBeGreaterThan(20);
    await expect
      .poll(() => new URL(page.url()).searchParams.get("q"), { timeout: 10_000 })
      .toBe("coimbatore");
    for (const text of await cards(page).locator("p").allTextContents())
      expect(text).not.toMatch(CONTACT_DETAILS);
    expect(problems).toEqual([]);
  });

  test("filters by state, and the shared URL opens the same search", async ({ page, openPage }) => {
    await page.goto("/directory");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "State" }).selectOption("Kerala");
    const count = await countLine(page, /of 2,100 members match/);
    await expect
      .poll(() => new URL(page.url()).searchParams.get("state"), { timeout: 10_000 })
      .toBe("Kerala");
    const shared = page.url();
    const second = await openPage();
    await second.page.goto(shared);
    await waitForHydration(second.page);
    expect(await countLine(second.page, /match/)).toBe(count);
    await expect(second.page.getByRole("combobox", { name: "State" }).inputValue()).resolves.toBe("Kerala");
    await second.close();
  });

  test("View More opens the member's public record in a dialog, with sign-in for contact details; Escape closes it and focus returns", async ({
    page,
    problems,
  }) => {
    await page.goto("/directory");
    await waitForHydration(page);
    const button = cards(page)
      .first()
      .getByRole("button", { name: /View More/ });
    await button.click();
    const dialog = page.getByRole("dialog");
    // A visitor: the public fields, and contact details only after signing in (decision 0015).
    await dialog.getByRole("link", { name: "Sign in as a member to see contact details" }).waitFor();
    for (const label of ["Position", "University", "City", "State"])
      await expect(dialog.getByText(label, { exact: true })).toHaveCount(1);
    for (const label of ["Email", "Mobile", "Address 1"])
      await expect(dialog.getByText(label, { exact: true })).toHaveCount(0);
    await expect(page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).resolves.toBe(true);
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    await expect(page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
  });
});

test.describe("/directory without JavaScript", () => {
  test("lists members a page at a time; View More is the member's own page, with sign-in for contact details", {
    tag: "@no-js",
  }, async ({ page }) => {
    await page.goto("/directory");
    expect(await cards(page).count()).toBe(50);
    await expect(page.getByText(/Searching and the state filter need JavaScript/)).toHaveCount(1);
    await expect(page.getByRole("button", { name: /View More/ })).toHaveCount(0);
    const first = await cards(page).first().locator("h3").textContent();
    await cards(page)
      .first()
      .getByRole("link", { name: /View More/ })
      .click();
    await page.waitForURL(/\/directory\/member\/[0-9a-f]{16}$/);
    await expect(page.locator("main h2")).toHaveText(first ?? "");
    await expect(page.getByRole("link", { name: "Sign in as a member to see contact details" })).toHaveCount(
      1,
    );
    expect(await page.locator("main").textContent()).not.toMatch(CONTACT_DETAILS);
    await page.goBack();
    await page.getByRole("link", { name: "Next page" }).click();
    // A list's further pages have their own paths since issue 32 (they were ?page=2).
    await page.waitForURL(/\/directory\/page\/2$/);
    await expect(page.getByText("2,100 members, page 2 of 42")).toHaveCount(1);
    expect(await cards(page).first().locator("h3").textContent()).not.toBe(first);
  });

  test("no prerendered directory page nor the list API carries an e-mail, mobile or address", async ({
    site,
  }) => {
    for (const path of ["/directory", "/directory/page/2", "/directory/page/42", "/api/directory"]) {
      const text = await (await fetch(site.url + path)).text();
      expect(text.length).toBeGreaterThan(1000);
      expect(text, path).not.toMatch(CONTACT_DETAILS);
    }
  });
});

test.describe("/api/directory/:id", () => {
  test("answers a visitor one member's public record, no contact details, and 404 for an unknown id", async ({
    site,
  }) => {
    const [first] = await (await fetch(`${site.url}/api/directory`)).json();
    const response = await fetch(`${site.url}/api/directory/${first.id}`);
    const record = await response.json();
    expect(record).toMatchObject({ id: first.id, contacts: "sign-in" });
    for (const field of ["email", "mobile", "address1", "address2"]) expect(record).not.toHaveProperty(field);
    const missing = await fetch(`${site.url}/api/directory/0000000000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "No member has this id." });
  });
});

test.describe("/fellowship", () => {
  test("searches, filters by year and shows a fellow's details in a dialog", async ({ page, problems }) => {
    await page.goto("/fellowship");
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Members Directory" }).waitFor();
    const all = await cards(page).count();
    expect(all).toBeGreaterThanOrEqual(60);
    await page.getByRole("combobox", { name: "Fellow of the year" }).selectOption("2024");
    await countLine(page, /of \d+ fellows match/);
    await expect
      .poll(() => new URL(page.url()).searchParams.get("elected"), { timeout: 10_000 })
      .toBe("2024");
    const name = (await cards(page).first().locator("h3").textContent()) ?? "";
    await page.getByRole("searchbox", { name: /Search by name/ }).fill(name.replace("Dr. ", ""));
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(1);
    const button = cards(page)
      .first()
      .getByRole("button", { name: /View More/ });
    await button.click();
    const dialog = page.getByRole("dialog", { name });
    for (const label of ["Serial number", "Fellow number", "Fellow of the year", "Address"]) {
      await expect(dialog.getByText(label, { exact: true })).toHaveCount(1);
    }
    await expect(dialog.getByText("2024", { exact: true })).toHaveCount(1);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
  });

  test("lists every fellow without JavaScript", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/fellowship");
    expect(await cards(page).count()).toBeGreaterThanOrEqual(60);
    // Each fellow's number, year and address open in the card itself.
    const first = cards(page).first();
    await first.getByText("View More").click();
    for (const label of ["Serial number", "Fellow number", "Fellow of the year", "Address"]) {
      await expect(first.getByText(label, { exact: true })).toBeVisible();
    }
  });
});
