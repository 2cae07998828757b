import type { Page } from "@playwright/test";
import { database } from "../../src/server/db/database.server.ts";
import { mailTemplates } from "../../src/server/mail/templates/registry.server.ts";
import { DEMO_SECRETARIAT } from "../../src/server/secretariat/auth.server.ts";
import { seriousAxeViolations } from "./browser.ts";
import { expect, test } from "./fixtures.ts";

const NARROW = 360;
/** Several function calls each, and the local emulator starts a worker for every one. */
const JOURNEY_MS = 120_000;

/**
 * Confirmed subscribers written straight into the worker's database (the footer's journey has its
 * own test): the site runs in this process, and `database()` reaches the worker's.
 */
async function confirmedSubscribers(tag: string): Promise<string[]> {
  const emails = [`reader-a.${tag}@example.org`, `reader-b.${tag}@example.org`];
  const now = new Date();
  await database()
    .insertInto("subscribers")
    .values(
      emails.map((email) => ({
        email,
        status: "subscribed" as const,
        requested_at: now,
        changed_at: now,
        segment_synced: true,
      })),
    )
    .execute();
  return emails;
}

/** The mails in the outbox (sent or still waiting) to `email` with this subject. */
async function outboxTo(email: string, subject: string) {
  const rows = await database().selectFrom("outbox").select("mail").orderBy("id").execute();
  return rows.map((row) => row.mail).filter((mail) => mail.to.includes(email) && mail.subject === subject);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * A page at 360 px signed in as the local demo secretariat, with JavaScript on (the workspace's
 * forms post through their pages' fetchers; axe runs as a script in the page).
 * secretariat.spec.ts posts its actions without JavaScript too.
 */
async function signedIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(DEMO_SECRETARIAT.email);
  await page.getByLabel("Password").fill(DEMO_SECRETARIAT.password);
  // The first sign-in makes the demo account (one scrypt): give it time.
  await Promise.all([
    page.waitForURL("**/secretariat", { timeout: 90_000 }),
    page.getByRole("button", { name: "Log In" }).click({ noWaitAfter: true }),
  ]);
}

test.describe("the secretariat's e-mail previews and newsletter, at 360 px", () => {
  test.use({ viewport: { width: NARROW, height: 740 } });

  test("lists every template with its plain-text part, and shows one in its sandboxed frame", async ({
    page,
  }) => {
    test.setTimeout(JOURNEY_MS);
    await signedIn(page);
    await page.goto("/secretariat/mails");
    for (const template of mailTemplates) await page.getByRole("heading", { name: template.title }).waitFor();
    expect(await seriousAxeViolations(page, { frames: false })).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW);
    // The hidden part of the name is a block of its own, so browsers read a space before its colon.
    await page.getByRole("link", { name: /See the e-mail ?: Confirm your e-mail address/ }).click();
    await page.waitForURL("**/secretariat/mails/verification");
    const frame = page.frameLocator('iframe[src="/secretariat/mails/verification/html"]');
    await frame.getByText("Confirm my e-mail address").waitFor();
    expect(await page.locator("pre.ws-mail-text").textContent()).toContain("/verify-email?token=");
    expect(await seriousAxeViolations(page, { frames: false })).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW);
  });

  test("composes, tests and sends an issue: one copy each in the outbox, each with its unsubscribe header", async ({
    page,
  }) => {
    test.setTimeout(JOURNEY_MS);
    const tag = String(Date.now());
    const readers = await confirmedSubscribers(tag);
    await signedIn(page);
    await page.goto("/secretariat/newsletter");
    expect(await seriousAxeViolations(page, { frames: false })).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW);
    const subject = `ISGPB news ${tag}`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Text").fill("Dear members,\n\nThe programme is at https://www.isgpb.org/events.");
    await page.getByRole("button", { name: "Save and preview" }).click();
    await page.waitForURL(/\/secretariat\/newsletter\/[a-z0-9]+\?done=issue-saved$/);
    await page.getByRole("heading", { name: subject }).waitFor();
    // axe (legacy mode) puts itself into every frame. Into the sandboxed preview still loading, the
    // attempt waits, runs once it has loaded, and Chromium logs it as a blocked script: let the
    // preview arrive first.
    await page.frameLocator("iframe").getByText("Dear members,").waitFor();
    expect(await seriousAxeViolations(page, { frames: false })).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW);

    await page.getByRole("button", { name: "Send a test to myself" }).click();
    await page.waitForURL(/done=test-sent$/);
    expect(await outboxTo(DEMO_SECRETARIAT.email, `[Test] ${subject}`)).toHaveLength(1);

    // The send asks for its box first, as 'Reject' does.
    await page.getByLabel(/^Yes, send this issue now to/).check();
    await page.getByRole("button", { name: /Send to every confirmed subscriber/ }).click();
    await page.waitForURL(/done=send-(done|going)$/);
    for (const email of readers) {
      const copies = await outboxTo(email, subject);
      expect(copies, email).toHaveLength(1);
      const header = copies[0]?.headers?.["List-Unsubscribe"] ?? "";
      expect(header).toMatch(/^<https?:\/\/[^>]+\/newsletter\/unsubscribe\?token=[^>]+>$/);
      expect(copies[0]?.text).toContain(header.slice(1, -1));
      expect(copies[0]?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }
    // The button is gone: the issue is sent (or being sent), and a replayed post starts nothing.
    await expect(page.getByRole("button", { name: /Send to every confirmed subscriber/ })).toHaveCount(0);
  });
});
