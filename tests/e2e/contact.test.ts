import { describe, expect, it } from "vitest";
import { openPage, sharedBrowser, waitForHydration } from "./browser.ts";

const browser = sharedBrowser();

async function fill(page: import("playwright-core").Page, message: string) {
  await page.getByLabel("First name").fill("Arjun");
  await page.getByLabel("Last name").fill("Menon");
  await page.getByLabel(/E-mail address/).fill("arjun@example.org");
  await page.getByLabel(/Phone number/).fill("98765 43210");
  await page.getByLabel("Message").fill(message);
}

describe("contact form", () => {
  it("sends with JavaScript, showing the answer inline and clearing the form", async () => {
    const { page, problems, close } = await openPage(browser());
    await page.goto("/contact-us");
    await waitForHydration(page);
    await expect(page.locator("address").textContent()).resolves.toContain("New Delhi");
    await fill(page, `Browser test with JavaScript at ${Date.now()}`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you" }).textContent()).resolves.toBe(
      "Thank you. Your message has been sent to the secretariat.",
    );
    expect(new URL(page.url()).pathname).toBe("/contact-us");
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe("");
    expect(problems).toEqual([]);
    await close();
  });

  it("shows field errors next to the fields", async () => {
    const { page, close } = await openPage(browser());
    await page.goto("/contact-us");
    await waitForHydration(page);
    await fill(page, "Hello");
    await page.getByLabel(/E-mail address/).fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Enter a valid e-mail address").waitFor();
    await close();
  });

  it("sends without JavaScript and comes back to a page that says so", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/contact-us");
    await fill(page, `Browser test without JavaScript at ${Date.now()}`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL("**/contact-us?status=sent");
    await expect(page.getByRole("status").textContent()).resolves.toBe(
      "Thank you. Your message has been sent to the secretariat.",
    );
    await close();
  });
});
