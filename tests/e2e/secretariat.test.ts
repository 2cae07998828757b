import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { localEntries, readLocalBlobs } from "../../scripts/dev/local-blobs.ts";
import { type Account, accountKey } from "../../src/server/account/accounts.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { DEMO_SECRETARIAT } from "../../src/server/secretariat/auth.server.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { openPage, seriousAxeViolations, sharedBrowser } from "./browser.ts";
import type { OutboxMail } from "./outbox.ts";

// The first sign-in makes the demo account (one scrypt), and each API function is bundled on first use.
vi.setConfig({ testTimeout: 120_000 });
const browser = sharedBrowser();
const run = randomBytes(3).toString("hex");

/** The newest mail in the local outbox to `address` whose subject matches. */
async function mailTo(address: string, subject: RegExp): Promise<OutboxMail> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mails = [...(await localEntries<OutboxMail>("outbox")).entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([, mail]) => mail);
    const found = mails.find((mail) => mail.to.includes(address) && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address} matching ${subject}`);
}

/** An application waiting for its payment, written into the served site's Blobs as enrolment would. */
async function seedApplication(name: string, extra: Partial<Account> = {}): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${run}@example.org`;
  const key = accountKey(email);
  const account: Account = {
    key,
    email,
    name,
    membership: "1",
    applicationId: `EN-${key.slice(0, 10).toUpperCase()}`,
    submissionId: "",
    submittedAt: new Date(Date.now() - 86_400_000).toISOString(),
    status: "pending-payment",
    passwordHash: extra.passwordHash ?? "unset",
    ...extra,
  };
  await readLocalBlobs(async (storeOf) => {
    await storeOf("members").setJSON(`account/${key}`, account);
    await storeOf("account-changes").set(`changed/${key}.${Date.now().toString(36)}.${run}`, "");
  });
  return account;
}

async function signIn(page: import("playwright-core").Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

describe("the secretariat's workspace", () => {
  it("the demo account signs in, finds an application by reference, records its payment and rejects another", async () => {
    const paying = await seedApplication(`Lakshmi Paying ${run}`);
    const refused = await seedApplication(`Gopal Refused ${run}`);
    const { page, problems, close } = await openPage(browser());
    try {
      await signIn(page, DEMO_SECRETARIAT.email, DEMO_SECRETARIAT.password);
      await page.waitForURL("**/secretariat");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Secretariat workspace");

      await page.getByRole("link", { name: "Applications" }).first().click();
      await page.getByLabel("Name, e-mail, member number or reference").fill(paying.applicationId);
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("link", { name: paying.name }).click();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel("Amount received (₹)").fill("1500");
      await page.getByLabel("Bank reference").fill(`UTR-${run}`);
      await page.getByRole("button", { name: "Payment received" }).click();
      await page.waitForURL(/done=payment-recorded/);
      expect(await page.getByRole("status").first().textContent()).toBe(FLASHES["payment-recorded"].text);
      const activated = await mailTo(paying.email, /active/i);
      expect(activated.text).toContain(paying.applicationId);

      await page.goto(`/secretariat/applications/${refused.key}`);
      await page.getByLabel("Reason").fill("We could not find your payment.");
      await page.getByRole("button", { name: "Reject" }).click();
      await page.waitForURL(/done=rejected/);
      expect((await mailTo(refused.email, /application/i)).text).toContain("We could not find your payment.");

      await page.goto("/secretariat/audit");
      expect(await page.textContent("main")).toContain(`UTR-${run}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("releases a held message, without JavaScript, at 360 px", async () => {
    const id = randomBytes(16).toString("hex");
    const sender = `held.${run}@example.org`;
    await readLocalBlobs(async (storeOf) => {
      await storeOf("submissions").setJSON(`quarantine/contact/${id}`, {
        id,
        kind: "contact",
        receivedAt: new Date().toISOString(),
        reason: "the form was sent too soon after it was opened",
        data: { first_name: "Held", last_name: run, email: sender, phone_number: "", message: `Held ${run}` },
      });
    });
    const { page, close } = await openPage(browser(), {
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    try {
      await signIn(page, DEMO_SECRETARIAT.email, DEMO_SECRETARIAT.password);
      await page.waitForURL("**/secretariat");
      await page.goto("/secretariat/held");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      const card = page.locator("li.ws-card", { hasText: `Held ${run}` });
      expect(await card.textContent()).toContain("the form was sent too soon after it was opened");
      await card.getByRole("button", { name: "Not spam" }).click();
      await page.waitForURL(/done=released/);
      expect((await mailTo(sender, /./)).to).toEqual([sender]);
      expect(await page.textContent("main")).not.toContain(`Held ${run}`);

      await page.goto("/secretariat/applications");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The keyboard reaches the search box from the skip link.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    } finally {
      await close();
    }
  });

  it("a member's session gets 403 and never sees the workspace", async () => {
    const password = `Member-${run}-Pass`;
    const member = await seedApplication(`Member Only ${run}`, {
      status: "active",
      activatedAt: new Date().toISOString(),
      passwordHash: await hashPassword(password),
    });
    const { page, close } = await openPage(browser());
    try {
      await signIn(page, member.email, password);
      await page.waitForURL("**/account**");
      const response = await page.goto("/secretariat/applications");
      expect(response?.status()).toBe(403);
      expect(await page.textContent("body")).not.toContain("Applications found");
      const api = await page.request.get("/api/secretariat/applications", {
        headers: { accept: "application/json" },
      });
      expect(api.status()).toBe(403);
      const post = await page.request.post(`/api/secretariat/applications/${member.key}/payment`, {
        headers: { accept: "application/json", "content-type": "application/json" },
        data: { amount: "1", date: "2026-01-01", bankReference: "x" },
      });
      expect(post.status()).toBe(403);
    } finally {
      await close();
    }
  });
});
