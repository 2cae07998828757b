import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { createAccount } from "../../src/server/account/accounts.server.ts";
import { inTransaction } from "../../src/server/db/database.server.ts";
import { insertPayment } from "../../src/server/membership/membership-records.server.ts";
import { DEMO_SECRETARIAT } from "../../src/server/secretariat/auth.server.ts";
import { dayInIndia } from "../../src/shared/membership/calendar.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { seriousAxeViolations } from "./browser.ts";
import { expect, type Site, test } from "./fixtures.ts";
import { mailTo } from "./outbox.ts";

/**
 * The workspace's payments page (decision 0055): the ledger filtered by source, a bank payment's
 * refund recorded with the transfer's reference, with JavaScript and without, on a phone's width.
 */
test.describe.configure({ timeout: 120_000 });

const run = randomBytes(3).toString("hex");

async function paidMember(_site: Site, name: string) {
  const made = await createAccount({
    email: `${name.toLowerCase().replace(/\W+/g, ".")}.${run}@example.org`,
    name,
    membership: "1",
    applicationId: `EN-${randomBytes(5).toString("hex").toUpperCase()}`,
    submissionId: "",
    submittedAt: new Date(Date.now() - 86_400_000).toISOString(),
    status: "active",
    passwordHash: "unset",
  });
  if (!made) throw new Error(`no account for ${name}`);
  const reference = `ISGPB-${made.applicationId}-2026-27`;
  await inTransaction((tx) =>
    insertPayment(tx, made.key, {
      reference,
      amount: 1500,
      paidOn: dayInIndia(new Date()),
      confirmedAt: new Date().toISOString(),
      kind: "application",
      bankReference: `UTR-${run}`,
    }),
  );
  return { ...made, reference };
}

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(DEMO_SECRETARIAT.email);
  await page.getByLabel("Password").fill(DEMO_SECRETARIAT.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL("**/secretariat");
}

test.describe("the workspace's payments", { tag: "@js-and-no-js" }, () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("lists a payment with its receipt, records its refund once, and offers the reconciliation", async ({
    page,
    problems,
    site,
    javaScriptEnabled,
  }) => {
    const member = await paidMember(site, `Farida Refunded ${javaScriptEnabled ? "js" : "nojs"}`);
    await signIn(page);
    await page.getByRole("link", { name: "Payments" }).first().click();
    await page.waitForURL("**/secretariat/payments");
    await page.getByLabel("Source").selectOption("bank");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/source=bank/);
    const row = page.getByRole("row").filter({ hasText: member.reference });
    await expect(row.getByText(/^ISGPB\/\d{4}-\d{2}\/\d{6}$/)).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (javaScriptEnabled) await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    await row.getByText("Refund", { exact: true }).click();
    await row.getByRole("textbox", { name: /Reason/ }).fill("Membership withdrawn at the member's request");
    await row.getByRole("textbox", { name: /Bank reference of the transfer back/ }).fill(`NEFT-${run}`);
    await row.getByRole("button", { name: "Record the refund" }).click();
    await page.waitForURL(/done=refunded/);
    expect(page.url()).toContain("source=bank");
    await expect(page.getByRole("status").first()).toHaveText(FLASHES.refunded.text);
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: member.reference })
        .getByText(/^Refunded .*NEFT-/),
    ).toHaveCount(1);
    const mail = await mailTo(site, member.email, /^Refund of your payment/);
    expect(mail.text).toContain(`NEFT-${run}`);

    await page.getByRole("link", { name: "Reconcile with Razorpay's settlements" }).click();
    await page.waitForURL("**/secretariat/payments/reconciliation");
    await expect(page.getByText("Razorpay's keys are not set on this site")).toHaveCount(1);
    if (javaScriptEnabled) await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
  });
});
