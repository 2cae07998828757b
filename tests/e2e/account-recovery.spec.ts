import type { Page } from "@playwright/test";
import { createAccount } from "../../src/server/account/accounts.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import {
  EMAIL_CHANGE_SENT,
  EMAIL_CHANGED,
  LINK_REFUSALS,
  PASSWORD_CHANGED,
  PASSWORD_RESET_DONE,
  RESET_SENT,
} from "../../src/shared/account-recovery.ts";
import { PASSWORDS_DIFFER, WRONG_CURRENT_PASSWORD } from "../../src/shared/forms/account-recovery-fields.ts";
import { seriousAxeViolations, waitForHydration } from "./browser.ts";
import { expect, type Site, test } from "./fixtures.ts";
import { linkIn, mailTo } from "./outbox.ts";

const OLD_PASSWORD = "Kharif-maize-3304";
const NEW_PASSWORD = "Sorghum-line-7719";
const JOURNEY_TIMEOUT = 240_000;

/**
 * A confirmed, active account made straight in the worker's site's database (this process serves
 * the site, so `database()` here is the site's).
 */
async function seedAccount(_site: Site, label: string): Promise<string> {
  const email = `${label}.${Date.now()}@example.org`;
  const passwordHash = await hashPassword(OLD_PASSWORD);
  const made = await createAccount({
    email,
    name: "Meera Pillai",
    membership: "2",
    applicationId: `EN-${Date.now().toString(16).slice(-10).toUpperCase()}`,
    submissionId: "seeded",
    submittedAt: new Date(Date.now() - 60_000).toISOString(),
    status: "active",
    passwordHash,
  });
  if (!made) throw new Error(`no account was made for ${email}`);
  return email;
}

test.beforeAll(async ({ site: _site }) => {
  // Every test comes from 127.0.0.1: forget the worker's earlier reset requests from this
  // network, so the per-network limit (10 an hour) counts this file's only. (The site fixture is
  // asked for so its database is there.)
  await database().deleteFrom("throttle_events").where("bucket", "like", "password-reset/%").execute();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL(/\/account/);
}

async function fitsNarrowScreen(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test.describe("a forgotten password", () => {
  test("forgot → mail → reset ends the old sessions → sign in with the new password; the used link offers a fresh one", async ({
    page,
    problems,
    site,
    openPage,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const email = await seedAccount(site, "meera");
    const old = await openPage();
    await signIn(old.page, email, OLD_PASSWORD);
    await old.page.getByText("Meera Pillai").first().waitFor();

    await page.goto("/login");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByText(RESET_SENT).waitFor();

    const mail = await mailTo(site, email, /^Reset your password$/);
    const link = linkIn(mail, "/reset-password");
    await page.goto(link);
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill("Something-else-0");
    await page.getByRole("button", { name: "Set my new password" }).click();
    await page.getByText(PASSWORDS_DIFFER).first().waitFor();
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set my new password" }).click();
    await page.getByText(PASSWORD_RESET_DONE).waitFor();
    await mailTo(site, email, /^Your password was changed$/);

    // The session signed in before the reset has ended.
    await old.page.goto("/account");
    await old.page.waitForURL("**/login");
    await old.close();

    await signIn(page, email, NEW_PASSWORD);
    await page.getByText("Meera Pillai").first().waitFor();

    // The same link again: the fresh-link page, at once, and it still mails a link.
    const used = await openPage();
    await used.page.goto(link);
    await used.page.getByText(LINK_REFUSALS.used).waitFor();
    await used.page.getByRole("heading", { name: "Get a fresh link" }).waitFor();
    expect(await seriousAxeViolations(used.page)).toEqual([]);
    await fitsNarrowScreen(used.page);
    expect(used.problems).toEqual([]);
    await used.close();
    expect(problems).toEqual([]);
  });

  test("works without JavaScript: refused as typed with the passwords empty, then set; a used link offers a fresh one", {
    tag: "@no-js",
  }, async ({ page, site }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const email = await seedAccount(site, "anil");
    await page.goto("/forgot-password");
    await fitsNarrowScreen(page);
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.waitForURL("**/forgot-password?status=sent");
    await page.getByText(RESET_SENT).waitFor();

    const link = linkIn(await mailTo(site, email, /^Reset your password$/), "/reset-password");
    await page.goto(link);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill("Something-else-0");
    await page.getByRole("button", { name: "Set my new password" }).click();
    await page.locator("#confirmPassword-error").getByText(PASSWORDS_DIFFER).waitFor();
    await expect(page.getByLabel(/^New password/).inputValue()).resolves.toBe("");
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set my new password" }).click();
    await page.waitForURL("**/login?status=password-reset");
    await page.getByText(PASSWORD_RESET_DONE).waitFor();
    await signIn(page, email, NEW_PASSWORD);

    // The used link says so when its page opens, as with JavaScript, since issue 32: without
    // JavaScript it used to show the form, and say so only once a new password was posted
    // (answered at /reset-password?status=used). No form is offered for it any more.
    await page.goto(link);
    await page.getByText(LINK_REFUSALS.used).waitFor();
    await expect(page.getByLabel(/^New password/)).toHaveCount(0);
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.waitForURL("**/forgot-password?status=sent");
  });
});

test.describe("the account's settings", () => {
  test("change password (current one needed) and change e-mail (confirmed from the new address)", async ({
    page,
    problems,
    allowProblems,
    site,
    openPage,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    // The wrong current password below is answered 400, as it should be (by the page's own action
    // since issue 32, where it was /api/account/password).
    allowProblems(/status of 400 .*\/account\/settings\.data$/);
    const email = await seedAccount(site, "ritu");
    const newEmail = `moved.${email}`;
    await signIn(page, email, OLD_PASSWORD);
    await waitForHydration(page);
    await page.getByRole("link", { name: /Account settings/ }).click();
    await page.waitForURL("**/account/settings");
    await page.getByText(`You sign in with ${email}.`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await fitsNarrowScreen(page);

    const passwordForm = page.getByRole("form", { name: "Change password" });
    await passwordForm.getByLabel(/^Current password/).fill("not-my-password");
    await passwordForm.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await passwordForm.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    // Beside the field (the summary over the form names it too).
    await passwordForm.locator("#currentPassword-error").getByText(WRONG_CURRENT_PASSWORD).waitFor();
    await passwordForm.getByLabel(/^Current password/).fill(OLD_PASSWORD);
    await passwordForm.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await passwordForm.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await passwordForm.getByText(PASSWORD_CHANGED).waitFor();
    // Still signed in here.
    await page.reload();
    await page.getByText(`You sign in with ${email}.`).waitFor();

    const emailForm = page.getByRole("form", { name: "Change e-mail address" });
    await emailForm.getByLabel(/^New e-mail address/).fill(newEmail);
    await emailForm.getByLabel(/^Current password/).fill(NEW_PASSWORD);
    await emailForm.getByRole("button", { name: "Change e-mail address" }).click();
    await emailForm.getByText(EMAIL_CHANGE_SENT).waitFor();
    await mailTo(site, email, /^A change of your e-mail address was asked for$/);

    await page.goto(
      linkIn(await mailTo(site, newEmail, /^Confirm your new e-mail address$/), "/account/confirm-email"),
    );
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Confirm my new e-mail address" }).click();
    await page.getByText(EMAIL_CHANGED).waitFor();
    await page.goto("/account/settings");
    await page.getByText(`You sign in with ${newEmail}.`).waitFor();
    // The wrong current password above was answered 400, as it should be; nothing else went wrong.
    expect(problems.filter((problem) => !/status of 400 .*\/account\/settings\.data$/.test(problem))).toEqual(
      [],
    );

    const fresh = await openPage({ javaScriptEnabled: false });
    await signIn(fresh.page, newEmail, NEW_PASSWORD);
    await fresh.close();
  });

  test("without JavaScript: a wrong current password comes back beside its field, no password refilled", {
    tag: "@no-js",
  }, async ({ page, site }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const email = await seedAccount(site, "sunil");
    await signIn(page, email, OLD_PASSWORD);
    await page.goto("/account/settings");
    // The form posts to its page (/account/settings, intent=change-password) since issue 32,
    // where it posted to /api/account/password: found by its name.
    const passwordForm = page.getByRole("form", { name: "Change password" });
    await passwordForm.getByLabel(/^Current password/).fill("not-my-password");
    await passwordForm.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await passwordForm.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await page.locator("#currentPassword-error").getByText(WRONG_CURRENT_PASSWORD).waitFor();
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/])
      await expect(
        page.getByRole("form", { name: "Change password" }).getByLabel(label).inputValue(),
      ).resolves.toBe("");
  });
});
