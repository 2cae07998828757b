import type { Page } from "@playwright/test";
import { createAccount } from "../../src/server/account/accounts.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { inTransaction } from "../../src/server/db/database.server.ts";
import { insertPayment } from "../../src/server/membership/membership-records.server.ts";
import { dayInIndia } from "../../src/shared/membership/calendar.ts";
import { seriousAxeViolations, spillingCards, waitForHydration } from "./browser.ts";
import { expect, type Site, test } from "./fixtures.ts";

/**
 * A member downloads the receipt of their payment from the account page (decision 0055), with
 * JavaScript and without; another member's receipt is not found.
 */
const PASSWORD = "Kharif-sorghum-2291";

/** An active member with one payment recorded, made straight in the worker's site's database. */
async function paidMember(_site: Site, label: string) {
  const email = `${label}.${Date.now()}@example.org`;
  const made = await createAccount({
    email,
    name: "Anjali Deshmukh",
    membership: "1",
    applicationId: `EN-${(Date.now() + label.length).toString(16).slice(-10).toUpperCase()}`,
    submissionId: "seeded",
    submittedAt: new Date(Date.now() - 60_000).toISOString(),
    status: "active",
    passwordHash: await hashPassword(PASSWORD),
  });
  if (!made) throw new Error(`no account was made for ${email}`);
  const today = dayInIndia(new Date());
  await inTransaction((tx) =>
    insertPayment(tx, made.key, {
      reference: `ISGPB-${made.applicationId}-2026-27`,
      amount: 1500,
      paidOn: today,
      confirmedAt: new Date().toISOString(),
      kind: "application",
      bankReference: "UTR-E2E-1",
    }),
  );
  return email;
}

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email Address").first().fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL(/\/account/);
}

test.describe("receipts on the account page", { tag: "@js-and-no-js" }, () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("lists the member's receipt and downloads it as a PDF; another member's is not found", async ({
    page,
    problems,
    site,
    openPage,
    javaScriptEnabled,
  }) => {
    test.setTimeout(120_000);
    const email = await paidMember(site, `anjali.${javaScriptEnabled ? "js" : "nojs"}`);
    await signIn(page, email);
    await page.goto("/account");
    if (javaScriptEnabled) await waitForHydration(page);
    const list = page.getByRole("region", { name: "Your receipts" });
    const link = list.getByRole("link", { name: /^Receipt ISGPB\/\d{4}-\d{2}\/\d{6} \(PDF\)$/ });
    await expect(link).toHaveCount(1);
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/account\/receipts\/ISGPB-\d{4}-\d{2}-\d{6}\.pdf$/);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(href.split("/").pop());
    const file = await download.path();
    const { readFile } = await import("node:fs/promises");
    expect((await readFile(file)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await spillingCards(page)).toEqual([]);
    if (javaScriptEnabled) await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    const other = await openPage({ javaScriptEnabled });
    await signIn(other.page, await paidMember(site, `other.${javaScriptEnabled ? "js" : "nojs"}`));
    const theirs = await other.page.request.get(href);
    expect(theirs.status()).toBe(404);
    await other.close();
    expect(problems).toEqual([]);
  });
});
