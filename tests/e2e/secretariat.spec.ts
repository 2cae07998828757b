import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { type Account, createAccount, type NewAccount } from "../../src/server/account/accounts.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { DEMO_SECRETARIAT } from "../../src/server/secretariat/auth.server.ts";
import { quarantineSubmission } from "../../src/server/submissions.server.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { seriousAxeViolations } from "./browser.ts";
import { expect, type Site, test } from "./fixtures.ts";
import { mailTo } from "./outbox.ts";

// The first sign-in makes the demo account (one scrypt) and each function is bundled on first use.
test.describe.configure({ timeout: 120_000 });

const run = randomBytes(3).toString("hex");

/** An application waiting for its payment, written into the served site's database as enrolment would. */
async function seedApplication(_site: Site, name: string, extra: Partial<NewAccount> = {}): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${run}@example.org`;
  const account = await createAccount({
    email,
    name,
    membership: "1",
    applicationId: `EN-${randomBytes(5).toString("hex").toUpperCase()}`,
    submissionId: "",
    submittedAt: new Date(Date.now() - 86_400_000).toISOString(),
    status: "pending-payment",
    passwordHash: extra.passwordHash ?? "unset",
    ...extra,
  });
  if (!account) throw new Error(`no account was made for ${email}`);
  return account;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

test.describe("the secretariat's workspace", () => {
  test("the demo account signs in, finds an application by reference, records its payment and rejects another", async ({
    page,
    problems,
    site,
  }) => {
    const paying = await seedApplication(site, `Lakshmi Paying ${run}`);
    const refused = await seedApplication(site, `Gopal Refused ${run}`);
    await signIn(page, DEMO_SECRETARIAT.email, DEMO_SECRETARIAT.password);
    await page.waitForURL("**/secretariat");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Secretariat workspace");

    await page.getByRole("link", { name: "Applications" }).first().click();
    await page
      .getByLabel("Name, e-mail, member number, reference or bank reference")
      .fill(paying.applicationId);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: paying.name }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel("Amount received (₹)").fill("1500");
    await page.getByLabel("Bank reference").fill(`UTR-${run}`);
    await page.getByRole("button", { name: "Payment received" }).click();
    await page.waitForURL(/done=payment-recorded/);
    await expect(page.getByRole("status").first()).toHaveText(FLASHES["payment-recorded"].text);
    const activated = await mailTo(site, paying.email, /active/i);
    expect(activated.text).toContain(paying.applicationId);

    await page.goto(`/secretariat/applications/${refused.key}`);
    await page.getByRole("textbox", { name: "Reason" }).fill("We could not find your payment.");
    // A rejection is confirmed: the box is required, with JavaScript and without (issue 33).
    await page.getByRole("checkbox", { name: "Yes, reject this application" }).check();
    await page.getByRole("button", { name: "Reject" }).click();
    await page.waitForURL(/done=rejected/);
    expect((await mailTo(site, refused.email, /application/i)).text).toContain(
      "We could not find your payment.",
    );

    await page.goto("/secretariat/audit");
    expect(await page.textContent("main")).toContain(`UTR-${run}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test.describe(() => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("releases a held message, without JavaScript, at 360 px", { tag: "@no-js" }, async ({
      page,
      site,
    }) => {
      const sender = `held.${run}@example.org`;
      await quarantineSubmission(
        "contact",
        { first_name: "Held", last_name: run, email: sender, phone_number: "", message: `Held ${run}` },
        "the form was sent too soon after it was opened",
      );
      await signIn(page, DEMO_SECRETARIAT.email, DEMO_SECRETARIAT.password);
      await page.waitForURL("**/secretariat");
      await page.goto("/secretariat/held");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      const card = page.locator("li.ws-card", { hasText: `Held ${run}` });
      expect(await card.textContent()).toContain("the form was sent too soon after it was opened");
      await card.getByRole("button", { name: "Not spam" }).click();
      await page.waitForURL(/done=released/);
      expect((await mailTo(site, sender, /./)).to).toEqual([sender]);
      expect(await page.textContent("main")).not.toContain(`Held ${run}`);

      // The Messages filter's kinds are as long as their names: the longest one widens no page.
      await page.goto("/secretariat/messages");
      await page.evaluate(() => {
        const option = document.createElement("option");
        option.textContent = "Application confirmed by the applicant, with a long count (1234)";
        document.querySelector("select#kind")?.append(option);
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.goto("/secretariat/applications");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The keyboard reaches the search box from the skip link.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    });
  });

  test("a member's session gets 403 and never sees the workspace", async ({ page, site, allowProblems }) => {
    // Chromium reports the document's own 403.
    allowProblems(/status of 403 .*\/secretariat\/applications$/);
    const password = `Member-${run}-Pass`;
    const member = await seedApplication(site, `Member Only ${run}`, {
      status: "active",
      activatedAt: new Date().toISOString(),
      passwordHash: await hashPassword(password),
    });
    await signIn(page, member.email, password);
    await page.waitForURL("**/account**");
    const response = await page.goto("/secretariat/applications");
    expect(response?.status()).toBe(403);
    expect(await page.textContent("body")).not.toContain("Applications found");
    // Nor the list's data, which the page's script asks for on a client-side navigation.
    const data = await page.request.get("/secretariat/applications.data");
    expect(data.status()).toBe(403);
    expect(await data.text()).not.toContain(member.email);
    // And a press of an application's button, as the page's form posts it, changes nothing.
    const post = await page.request.post(`/secretariat/applications/${member.key}?do=payment`, {
      headers: { origin: new URL(page.url()).origin },
      form: { amount: "1", date: "2026-01-01", bankReference: "x" },
    });
    expect(post.status()).toBe(403);
    const payments = await database()
      .selectFrom("payments")
      .select("id")
      .where("account_id", "=", member.key)
      .execute();
    expect(payments).toEqual([]);
  });
});
