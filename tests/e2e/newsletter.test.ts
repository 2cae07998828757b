import { describe, expect, it } from "vitest";
import { openPage, seriousAxeViolations, sharedBrowser, waitForHydration } from "./browser.ts";
import { lastMailTo, linkIn } from "./outbox.ts";

const browser = sharedBrowser();
const address = (tag: string) => `${tag}.${Date.now()}@example.org`;
/** Each journey takes several function calls, and the local emulator starts a worker for each. */
const JOURNEY_MS = 60_000;

describe("newsletter", () => {
  it(
    "subscribes from the footer and confirms from the e-mail, with JavaScript",
    async () => {
      const { page, problems, close } = await openPage(browser());
      await page.goto("/about-us");
      await waitForHydration(page);
      const email = address("js");
      const box = page.getByRole("form", { name: "Subscribe Us" });
      await box.getByLabel("E-mail address").fill(email);
      await box.getByRole("button", { name: "Subscribe" }).click();
      await box.getByRole("status").filter({ hasText: "Almost done" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/about-us");

      const mail = await lastMailTo(email);
      expect(mail?.subject).toBe("Please confirm your subscription to ISGPB news");
      await page.goto(linkIn(mail, "/newsletter/confirm"));
      await waitForHydration(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Confirm subscription" }).click();
      await page.getByRole("status").filter({ hasText: "your subscription is confirmed" }).waitFor();
      expect(problems).toEqual([]);
      await close();
    },
    JOURNEY_MS,
  );

  it(
    "subscribes, confirms and unsubscribes without JavaScript",
    async () => {
      const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
      await page.goto("/rules");
      const email = address("nojs");
      const box = page.getByRole("form", { name: "Subscribe Us" });
      await box.getByLabel("E-mail address").fill(email);
      await box.getByRole("button", { name: "Subscribe" }).click();
      await page.waitForURL("**/newsletter?status=pending");
      await expect(page.getByRole("main").getByRole("status").textContent()).resolves.toContain(
        "Almost done",
      );

      const mail = await lastMailTo(email);
      await page.goto(linkIn(mail, "/newsletter/confirm"));
      await page.getByRole("button", { name: "Confirm subscription" }).click();
      await page.waitForURL("**/newsletter?status=confirmed");
      await expect(page.getByRole("main").getByRole("status").textContent()).resolves.toContain(
        "your subscription is confirmed",
      );

      await page.goto(linkIn(mail, "/newsletter/unsubscribe"));
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await page.waitForURL("**/newsletter?status=unsubscribed");
      await expect(page.getByRole("main").getByRole("status").textContent()).resolves.toBe(
        "You have been unsubscribed and will receive no more news e-mails from us.",
      );
      await close();
    },
    JOURNEY_MS,
  );

  it("says so when a link is not valid", async () => {
    const { page, close } = await openPage(browser());
    await page.goto("/newsletter/confirm?token=made-up");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await page.getByText("This link has expired or is not valid. You can subscribe again below.").waitFor();
    await close();
  });
});
