import type { Page } from "@playwright/test";
import { database } from "../../src/server/db/database.server.ts";
import {
  CLAIM_DONE,
  CLAIM_LINK_REFUSALS,
  CLAIM_LINK_TEXT,
  CLAIM_SENT,
} from "../../src/shared/account-claim.ts";
import { PASSWORDS_DIFFER } from "../../src/shared/forms/account-recovery-fields.ts";
import { registerMember } from "../support/register.ts";
import { seriousAxeViolations, waitForHydration } from "./browser.ts";
import { expect, test } from "./fixtures.ts";
import { linkIn, mailTo, outbox } from "./outbox.ts";

/**
 * An existing member of the society gets the website account (issue 57): from the sign-in page's
 * link to the claim page, the mail to the register's address, the password set on the link's page,
 * and the account page with the register's number; with JavaScript and without, at 360 px and on
 * a desktop, with axe on each new page (in the JavaScript run: axe runs in the page's own script).
 */
const PASSWORD = "Pearl-millet-5521";
const JOURNEY_TIMEOUT = 240_000;

test.beforeAll(async ({ site: _site }) => {
  // Every test comes from 127.0.0.1: the claim page's per-network limit counts this file's only.
  await database().deleteFrom("throttle_events").where("bucket", "like", "claim/%").execute();
});

/** A member on the register, unclaimed, in the worker's site's database. */
async function seedMember(label: string) {
  const stamp = Date.now().toString(36).toUpperCase();
  return registerMember({
    memberNo: `L-${stamp}`.slice(0, 20),
    email: `${label}.${stamp.toLowerCase()}@example.org`,
    name: "Dr. Aarav Acharya",
    class: "life",
    joinedYear: 1986,
  });
}

async function fitsNarrowScreen(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test.describe("claiming the website account", () => {
  test("with JavaScript: from the sign-in page to the account page, on a desktop and at 360 px", async ({
    page,
    problems,
    site,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const { account, memberNo } = await seedMember("aarav");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByRole("link", { name: CLAIM_LINK_TEXT }).click();
    await page.waitForURL("**/claim-account");
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel("Email Address").fill(account.email);
    await page.getByLabel(/^Member number/).fill(memberNo);
    await page.getByRole("button", { name: "Send me the link" }).click();
    await page.getByText(CLAIM_SENT).waitFor();
    await fitsNarrowScreen(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const link = linkIn(
      await mailTo(site, account.email, /^Your website account with the society$/),
      "/claim-account/password",
    );
    await page.goto(link);
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await fitsNarrowScreen(page);
    await page.getByLabel(/^New password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill("Something-else-0");
    await page.getByRole("button", { name: "Set my password" }).click();
    await page.getByText(PASSWORDS_DIFFER).first().waitFor();
    await page.getByLabel(/^Confirm new password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Set my password" }).click();
    await page.waitForURL("**/account?status=claimed");
    await page.getByText(CLAIM_DONE).waitFor();
    await expect(page.locator("main")).toContainText(memberNo);
    await expect(page.locator("main")).toContainText("Life member");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await fitsNarrowScreen(page);
    expect(problems).toEqual([]);
  });

  test("without JavaScript at 360 px: an older link is no longer valid, the newest sets the password", {
    tag: "@no-js",
  }, async ({ page, site }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const { account, memberNo } = await seedMember("kavya");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/sign-up");
    await page.getByRole("link", { name: CLAIM_LINK_TEXT }).first().click();
    await page.waitForURL("**/claim-account");
    await fitsNarrowScreen(page);
    for (let n = 0; n < 2; n++) {
      await page.goto("/claim-account");
      await page.getByLabel("Email Address").fill(account.email);
      await page.getByRole("button", { name: "Send me the link" }).click();
      await page.waitForURL("**/claim-account?status=sent");
      await page.getByText(CLAIM_SENT).waitFor();
    }
    // The outbox lists the newest first.
    await mailTo(site, account.email, /^Your website account with the society$/);
    const [newest = "", older = ""] = (await outbox(site))
      .filter((mail) => mail.to.includes(account.email))
      .map((mail) => linkIn(mail, "/claim-account/password"));
    expect(older).not.toBe("");
    await page.goto(older);
    await page.getByText(CLAIM_LINK_REFUSALS.replaced).waitFor();
    await page.getByRole("heading", { name: "Get a fresh link" }).waitFor();
    await fitsNarrowScreen(page);

    await page.goto(newest);
    await fitsNarrowScreen(page);
    await page.getByLabel(/^New password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Set my password" }).click();
    await page.waitForURL("**/account?status=claimed");
    await page.getByText(CLAIM_DONE).waitFor();
    await expect(page.locator("main")).toContainText(memberNo);
    await fitsNarrowScreen(page);
  });
});
