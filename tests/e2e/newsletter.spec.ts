import { seriousAxeViolations, waitForHydration } from "./browser.ts";
import { expect, test } from "./fixtures.ts";
import { lastMailTo, linkIn } from "./outbox.ts";

const address = (tag: string) => `${tag}.${Date.now()}@example.org`;

test.describe("newsletter", () => {
  test("subscribes from the footer and confirms from the e-mail, with JavaScript", async ({
    page,
    problems,
    site,
  }) => {
    await page.goto("/about-us");
    await waitForHydration(page);
    const email = address("js");
    const box = page.getByRole("form", { name: "Subscribe Us" });
    await box.getByLabel("E-mail address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByRole("status").filter({ hasText: "Almost done" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/about-us");

    const mail = await lastMailTo(site, email);
    expect(mail?.subject).toBe("Please confirm your subscription to ISGPB news");
    await page.goto(linkIn(mail, "/newsletter/confirm"));
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await page.getByRole("status").filter({ hasText: "your subscription is confirmed" }).waitFor();
    expect(problems).toEqual([]);
  });

  test("subscribes, confirms and unsubscribes without JavaScript", { tag: "@no-js" }, async ({
    page,
    site,
  }) => {
    await page.goto("/rules");
    const email = address("nojs");
    const box = page.getByRole("form", { name: "Subscribe Us" });
    await box.getByLabel("E-mail address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL("**/newsletter?status=pending");
    await expect(page.getByRole("main").getByRole("status")).toContainText("Almost done");

    const mail = await lastMailTo(site, email);
    await page.goto(linkIn(mail, "/newsletter/confirm"));
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await page.waitForURL("**/newsletter?status=confirmed");
    await expect(page.getByRole("main").getByRole("status")).toContainText("your subscription is confirmed");

    await page.goto(linkIn(mail, "/newsletter/unsubscribe"));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.waitForURL("**/newsletter?status=unsubscribed");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "You have been unsubscribed and will receive no more news e-mails from us.",
    );
  });

  test("says so when a link is not valid", async ({ page }) => {
    await page.goto("/newsletter/confirm?token=made-up");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await page.getByText("This link has expired or is not valid. You can subscribe again below.").waitFor();
  });
});
