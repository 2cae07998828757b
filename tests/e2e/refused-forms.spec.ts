/**
 * A refused form, public or the workspace's, with or without JavaScript: the page's title begins
 * "Error: " and the error summary is shown; without JavaScript on a phone the page comes back
 * showing the summary, not its top a screen or more above it (issue 54).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { createAccountLink } from "../../src/server/account/account-links.server.ts";
import { type Account, createAccount } from "../../src/server/account/accounts.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { DEMO_SECRETARIAT } from "../../src/server/secretariat/auth.server.ts";
import { MIN_FILL_MS } from "../../src/shared/form-guard.ts";
import { PASSWORDS_DIFFER } from "../../src/shared/forms/account-recovery-fields.ts";
import { WRONG_PASSWORD } from "../../src/shared/forms/own-data-fields.ts";
import { seriousAxeViolations, waitForHydration } from "./browser.ts";
import { expect, type Site, test } from "./fixtures.ts";

const PHONE = { width: 360, height: 740 };
const PASSWORD = "Rabi-wheat-trial-5521";
/** A sign-in hashes a password (scrypt) and the first workspace sign-in makes the demo account. */
const SLOW = 120_000;

/** A person takes a few seconds over a form; the spam guard quarantines anything quicker. */
const takeYourTime = (page: Page) => page.waitForTimeout(MIN_FILL_MS + 200);

/** The refused page as a reader first sees it: the summary in view, whole, and the title saying so. */
async function expectRefusalInView(page: Page) {
  const summary = page.locator(".error-summary");
  await summary.getByRole("heading", { name: "There is a problem" }).waitFor();
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(page).toHaveTitle(/^Error: /);
}

/** An active member written straight into the worker's site's database. */
async function seedMember(_site: Site, label: string, passwordHash: string): Promise<Account> {
  const email = `${label}.${Date.now()}@example.org`;
  const account = await createAccount({
    email,
    name: "Ishaan Rao",
    membership: "2",
    applicationId: `EN-${randomBytes(5).toString("hex").toUpperCase()}`,
    submissionId: "seeded",
    submittedAt: new Date(Date.now() - 60_000).toISOString(),
    status: "active",
    activatedAt: new Date(Date.now() - 60_000).toISOString(),
    passwordHash,
  });
  if (!account) throw new Error(`no account was made for ${email}`);
  return account;
}

/** The enrolment form filled in whole, the two passwords different (only the server compares them without JavaScript). */
async function enrolMismatched(page: Page) {
  await page.getByLabel("Membership Type").selectOption({ label: "Life Member" });
  await page.getByLabel("Full Name").fill("Ishaan Rao");
  await page.getByLabel("Designation/Position").fill("Scientist");
  await page.getByLabel("Date of Birth").fill("1986-02-11");
  await page.getByLabel("Office Address").fill("Division of Genetics, Example Research Institute");
  await page.getByLabel("State").selectOption("Karnataka");
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("PIN Code").fill("560065");
  await page.getByLabel("Office Phone").fill("080 0000 0000");
  await page.getByLabel("Mobile").fill("90000 00091");
  await page.getByLabel("Email Address").fill(`ishaan.${Date.now()}@example.org`);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill("Something-else-0042");
  await page.getByLabel("I agree to the terms and conditions").check();
}

test.describe("a refused form without JavaScript, on a phone", () => {
  test.use({ viewport: PHONE });

  test("contact: the page comes back at its summary, titled Error, with what was typed", {
    tag: "@no-js",
  }, async ({ page }) => {
    await page.goto("/contact-us");
    const form = page.getByRole("form", { name: "Send Us a Message" });
    await form.getByLabel("First name").fill("Asha");
    await form.getByLabel(/E-mail address/).fill("asha@gmail");
    await form.getByLabel("Message").fill("Kept as typed");
    await takeYourTime(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectRefusalInView(page);
    expect(new URL(page.url()).hash).toBe("#contact-error-summary");
    await expect(form.getByLabel("Message")).toHaveValue("Kept as typed");
    await expect(form.getByLabel(/E-mail address/)).toHaveValue("asha@gmail");
  });

  test("enrolment: the page comes back at its summary, titled Error", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/sign-up");
    await enrolMismatched(page);
    await takeYourTime(page);
    await page.getByRole("button", { name: "Pay Offline" }).click();
    await expectRefusalInView(page);
    await expect(page.locator(".error-summary")).toContainText("The passwords do not match");
    await expect(page.getByLabel("Full Name")).toHaveValue("Ishaan Rao");
  });

  test("close account: the page comes back at its summary, titled Error", { tag: "@no-js" }, async ({
    page,
    site,
  }) => {
    test.setTimeout(SLOW);
    const member = await seedMember(site, "closing", await hashPassword(PASSWORD));
    await page.goto("/login?next=/account/my-data");
    await page.getByLabel("Email Address").first().fill(member.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL("**/account/my-data");
    await page.getByLabel("Your password").fill("not-the-password-1");
    await page.getByRole("button", { name: "Close my account" }).click();
    await expectRefusalInView(page);
    await expect(page.locator(".error-summary")).toContainText(WRONG_PASSWORD);
  });

  test("the workspace's newsletter: the page comes back at its summary, titled Error", {
    tag: "@no-js",
  }, async ({ page }) => {
    test.setTimeout(SLOW);
    await page.goto("/login");
    await page.getByLabel("Email Address").fill(DEMO_SECRETARIAT.email);
    await page.getByLabel("Password").fill(DEMO_SECRETARIAT.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL("**/secretariat", { timeout: 90_000 });
    await page.goto("/secretariat/newsletter");
    await page.getByLabel("Subject").fill("Kept as typed");
    await page.getByLabel("Text").fill("Dear members,");
    // A link the browser takes as one; the server wants https.
    await page.getByLabel(/Attachment link/).fill("http://example.org/issue.pdf");
    await page.getByRole("button", { name: "Save and preview" }).click();
    await expectRefusalInView(page);
    await expect(page).toHaveTitle("Error: Newsletter | ISGPB secretariat");
    await expect(page.getByLabel("Subject")).toHaveValue("Kept as typed");
  });
});

test.describe("a refused form with JavaScript", () => {
  test("enrolment: the summary over the form, the title Error until it is sent", async ({
    page,
    problems,
  }) => {
    await page.goto("/sign-up");
    await waitForHydration(page);
    const title = await page.title();
    await enrolMismatched(page);
    await page.getByRole("button", { name: "Pay Offline" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "The passwords do not match" })).toHaveAttribute(
      "href",
      "#confirmPassword",
    );
    await expect(page).toHaveTitle(`Error: ${title}`);
    await expect(page.getByLabel("Confirm Password")).toBeFocused();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Corrected and sent: the confirmation's own title, no "Error: ".
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await takeYourTime(page);
    await page.getByRole("button", { name: "Pay Offline" }).click();
    await page.waitForURL("**/sign-up?status=sent**");
    await expect(page).toHaveTitle(/^Application received/);
    expect(problems).toEqual([]);
  });

  test("reset password: the summary over the form and the title Error", async ({ page, problems, site }) => {
    const member = await seedMember(site, "resetting", "seeded-hash");
    const token = await createAccountLink(member, "password-reset");
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await waitForHydration(page);
    const title = await page.title();
    await page.getByLabel(/^New password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill("Something-else-0042");
    await page.getByRole("button", { name: "Set my new password" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: PASSWORDS_DIFFER })).toHaveAttribute(
      "href",
      "#confirmPassword",
    );
    await expect(page).toHaveTitle(`Error: ${title}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
