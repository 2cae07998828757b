import type { Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/shared/form-guard.ts";
import { waitForHydration } from "./browser.ts";
import { expect, type Site, test } from "./fixtures.ts";
import { heldSubmissions, storedSubmissions } from "./stored.ts";

type Stored = { data: { message: string }; reason?: string; mails?: Record<string, { status: string }> };

/** The record the site stored for a message: as a message (`contact/`), or held back (`quarantine/contact/`). */
async function storedMessage(site: Site, prefix: "contact/" | "quarantine/contact/", message: string) {
  const records: Map<string, Stored> =
    prefix === "contact/"
      ? await storedSubmissions<{ message: string }>(site, "contact")
      : await heldSubmissions<{ message: string }>(site, "contact");
  return [...records.values()].find((record) => record.data.message === message);
}

/** A person takes a few seconds over the form; the spam guard quarantines anything quicker. */
const takeYourTime = (page: Page) => page.waitForTimeout(MIN_FILL_MS + 200);

/** The contact form (the footer's Subscribe box has an e-mail field too). */
const contactForm = (page: Page) => page.getByRole("form", { name: "Send Us a Message" });

async function fill(page: Page, message: string) {
  const form = contactForm(page);
  await form.getByLabel("First name").fill("Arjun");
  await form.getByLabel("Last name").fill("Menon");
  await form.getByLabel(/E-mail address/).fill("arjun@example.org");
  await form.getByLabel(/Phone number/).fill("98765 43210");
  await form.getByLabel("Message").fill(message);
}

test.describe("contact form", () => {
  test("sends with JavaScript, showing the answer inline and clearing the form", async ({
    page,
    problems,
    site,
  }) => {
    await page.goto("/contact-us");
    await waitForHydration(page);
    await expect(page.locator("address")).toContainText("New Delhi");
    const message = `Browser test with JavaScript at ${Date.now()}`;
    await fill(page, message);
    await takeYourTime(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    // Said at the top of the page since issue 32 (the same route action answers with and without
    // JavaScript), where it was said inside the form.
    await expect(
      page.getByRole("main").getByRole("status").filter({ hasText: "Thank you" }).textContent(),
    ).resolves.toBe("Thank you. Your message has been sent to the secretariat.");
    expect(new URL(page.url()).pathname).toBe("/contact-us");
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe("");
    // Delivered, not quarantined: both e-mails went (to the local outbox, as RESEND_API_KEY is unset).
    const record = await storedMessage(site, "contact/", message);
    expect(record?.mails?.secretariat?.status).toBe("sent");
    expect(record?.mails?.acknowledgement?.status).toBe("sent");
    expect(problems).toEqual([]);
  });

  test("shows field errors next to the fields", async ({ page }) => {
    await page.goto("/contact-us");
    await waitForHydration(page);
    await fill(page, "Hello");
    await contactForm(page)
      .getByLabel(/E-mail address/)
      .fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    // Beside the field, and in the error summary over the form, which the title announces.
    await contactForm(page).locator("#email-error").getByText("Enter a valid e-mail address").waitFor();
    await page
      .locator(".error-summary")
      .getByRole("link", { name: "Enter a valid e-mail address" })
      .waitFor();
    await expect(page).toHaveTitle(/^Error: /);
  });

  test("sends without JavaScript and comes back to a page that says so", { tag: "@no-js" }, async ({
    page,
    site,
  }) => {
    await page.goto("/contact-us");
    const message = `Browser test without JavaScript at ${Date.now()}`;
    await fill(page, message);
    await takeYourTime(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL("**/contact-us?status=sent");
    // At the top of the page since issue 32, where it was inside the form.
    await expect(page.getByRole("main").getByRole("status").first()).toHaveText(
      "Thank you. Your message has been sent to the secretariat.",
    );
    expect((await storedMessage(site, "contact/", message))?.mails?.secretariat?.status).toBe("sent");
  });

  test("without JavaScript, a refused message comes back as typed with the error beside the field", {
    tag: "@no-js",
  }, async ({ page, site }) => {
    await page.goto("/contact-us");
    const message = `Refused without JavaScript at ${Date.now()}: <b>kept</b> as typed`;
    await fill(page, message);
    // The browser's own check lets this pass (no dot needed); the server's does not.
    await contactForm(page)
      .getByLabel(/E-mail address/)
      .fill("asha@gmail");
    await takeYourTime(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("heading", { name: "There is a problem" }).waitFor();
    expect(await page.title()).toMatch(/^Error: /);
    const form = contactForm(page);
    const email = form.getByLabel(/E-mail address/);
    await expect(email.inputValue()).resolves.toBe("asha@gmail");
    await expect(email.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(form.locator("#email-error")).toHaveText(/Enter a valid e-mail address/);
    await expect(form.getByLabel("Message").inputValue()).resolves.toBe(message);
    await expect(form.getByLabel("First name").inputValue()).resolves.toBe("Arjun");
    expect(await storedMessage(site, "contact/", message)).toBeUndefined();
    // The summary's link leads to the field; corrected, the message goes.
    await page.getByRole("link", { name: /Enter a valid e-mail address/ }).click();
    await email.fill("asha@gmail.com");
    await takeYourTime(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL("**/contact-us?status=sent");
    expect((await storedMessage(site, "contact/", message))?.mails?.secretariat?.status).toBe("sent");
  });

  test("quarantines a bot that fills every field at once, and tells it the same", { tag: "@no-js" }, async ({
    page,
    site,
  }) => {
    await page.goto("/contact-us");
    const message = `Buy cheap seeds now ${Date.now()}`;
    await fill(page, message);
    await contactForm(page).locator('[name="reference"]').fill("https://spam.example");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL("**/contact-us?status=sent");
    const record = await storedMessage(site, "quarantine/contact/", message);
    expect(record?.reason).toBe('the hidden "reference" field was filled in');
    expect(await storedMessage(site, "contact/", message)).toBeUndefined();
  });

  // The result page was a prerendered file of its own (dist/contact-us/status/sent/index.html);
  // since issue 32 the server renders it for the request, so its answer is what is checked.
  test("keeps its result pages out of the sitemap and out of search", async ({ site }) => {
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).not.toContain("status=");
    expect(await (await fetch(`${site.url}/contact-us?status=sent`)).text()).toMatch(
      /<meta name="robots" content="noindex"\s*\/?>/,
    );
    expect(await (await fetch(`${site.url}/contact-us`)).text()).not.toContain("noindex");
  });
});
