import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { localEntries } from "../../scripts/local-blobs.ts";
import { MIN_FILL_MS } from "../../src/shared/form-guard.ts";
import { ENROLLED_MESSAGE } from "../../src/shared/members.ts";
import { openPage, sharedBrowser, waitForHydration } from "./browser.ts";

const browser = sharedBrowser();

type OutboxMail = { to: string[]; subject: string; text: string };

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

const password = "Monsoon-paddy-4417";

async function enrol(page: Page, email: string) {
  await page.getByLabel("Membership Type").selectOption({ label: "Life Member" });
  await page.getByLabel("Full Name").fill("Kavya Raman");
  await page.getByLabel("Designation/Position").fill("Senior Scientist");
  await page.getByLabel("Date of Birth").fill("1984-07-19");
  await page.getByLabel("Languages Known").selectOption(["Tamil", "English"]);
  await page.getByLabel("Office Address").fill("Division of Genetics, Example Research Institute");
  await page.getByLabel("State").selectOption("Tamil Nadu");
  await page.getByLabel("City").fill("Coimbatore");
  await page.getByLabel("PIN Code").fill("641003");
  await page.getByLabel("Office Phone").fill("0422 000 0000");
  await page.getByLabel("Mobile").fill("90000 00077");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByLabel("I am an author").check();
  await page.getByLabel("Areas of Interest").fill("Rice breeding\nDrought tolerance");
  await page.getByLabel("I agree to the terms and conditions").check();
  // A person takes a few seconds over the form; the spam guard quarantines anything quicker.
  await page.waitForTimeout(MIN_FILL_MS + 200);
}

describe("the enrolment page", () => {
  it("has the SPEC's sections, choices and sidebar", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/sign-up");
    await expect(page.locator("h1").textContent()).resolves.toBe("ENROLLMENT FORM");
    const legends = await page.locator("legend").allTextContents();
    expect(legends).toEqual(["Personal Details", "Address", "Login Details", "Other Details"]);
    await expect(page.locator("#indianLanguages option").count()).resolves.toBe(135);
    await expect(page.locator("#country option").count()).resolves.toBe(194);
    await expect(page.locator("#country").inputValue()).resolves.toBe("India");
    await expect(page.locator("#state option:not([value=''])").count()).resolves.toBe(36);
    await expect(page.locator("#format").isDisabled()).resolves.toBe(true);
    await expect(page.locator("#format").inputValue()).resolves.toBe("Soft Copy");
    await expect(page.locator("#dob").getAttribute("placeholder")).resolves.toBe("YYYY-MM-DD");
    await expect(page.locator("#areasOfInterest").getAttribute("rows")).resolves.toBe("4");
    const qr = page.getByRole("img", { name: /QR code/ });
    await expect(qr.getAttribute("width")).resolves.toBe("150");
    await expect(qr.getAttribute("height")).resolves.toBe("150");
    await expect(page.getByRole("link", { name: "Sign In" }).last().getAttribute("href")).resolves.toBe(
      "/login",
    );
    const form = await page.request.get(
      (await page.getByRole("link", { name: "Download Application Form" }).getAttribute("href")) ?? "",
    );
    expect(form.headers()["content-type"]).toContain("application/pdf");
    await expect(
      page.getByRole("link", { name: /View Pricing Structure/ }).getAttribute("target"),
    ).resolves.toBe("_blank");
    await expect(page.getByText("use 'Pay Offline' to create your account").count()).resolves.toBe(1);
    await close();
  });

  it("shows field errors next to their fields", async () => {
    const { page, close } = await openPage(browser());
    await page.goto("/sign-up");
    await waitForHydration(page);
    await enrol(page, "kavya.errors@example.org");
    await page.getByLabel("PIN Code").fill("041003");
    await page.getByLabel("Confirm Password").fill("something-else-1");
    await page.getByRole("button", { name: "Pay Offline" }).click();
    const pin = page.getByLabel("PIN Code");
    await expect(pin.getAttribute("aria-invalid")).resolves.toBe("true");
    await page.getByText("Enter a six-digit PIN code that does not start with 0").waitFor();
    await page.getByText("The passwords do not match").waitFor();
    await close();
  }, 60_000);
});

/** Each scrypt hash takes a good part of a second on a busy machine; the journeys make several. */
const JOURNEY_TIMEOUT = 120_000;

describe("the membership journey", () => {
  it(
    "enrol, pay offline, get approved, sign in, see Active, sign out",
    async () => {
      const email = `kavya.${Date.now()}@example.org`;
      const { page, problems, close } = await openPage(browser());

      await page.goto("/sign-up");
      await waitForHydration(page);
      await expect(page.locator("header").getByRole("link", { name: "Sign In" }).count()).resolves.toBe(1);
      await enrol(page, email);
      await page.getByRole("button", { name: "Pay Offline" }).click();
      await page.getByRole("status").filter({ hasText: "Thank you" }).waitFor();
      await expect(page.getByRole("status").filter({ hasText: "Thank you" }).textContent()).resolves.toBe(
        ENROLLED_MESSAGE,
      );

      const acknowledgement = await mailTo(email, /Your application EN-/);
      const applicationId = /application id is (EN-[0-9A-F]{10})/.exec(acknowledgement.text)?.[1];
      expect(applicationId).toBeDefined();
      expect(acknowledgement.text).toContain("IFSC");
      expect(acknowledgement.text).not.toContain(password);

      // Signed in before payment: the account exists and waits for it.
      await page.goto("/login");
      await waitForHydration(page);
      await page.getByLabel("Email Address").fill(email);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole("button", { name: "Log In" }).click();
      await page.waitForURL("**/account");
      await page.getByText("Pending payment").waitFor();
      await expect(
        page
          .locator("header")
          .getByRole("link", { name: /Kavya Raman/ })
          .count(),
      ).resolves.toBe(1);

      // The secretariat opens the link from its e-mail in its own browser and confirms the payment.
      const application = await mailTo("secretariat@example.org", new RegExp(`${applicationId}`));
      expect(application.text).not.toContain(password);
      const link = /https?:\/\/\S+\/approve-payment\?token=\S+/.exec(application.text)?.[0] ?? "";
      const secretariat = await openPage(browser());
      await secretariat.page.goto(link);
      await secretariat.page.getByText(`Application ${applicationId}`).waitFor();
      await secretariat.page.getByRole("button", { name: "Mark payment received" }).click();
      await secretariat.page.getByText(/Payment recorded/).waitFor();
      expect(secretariat.problems).toEqual([]);
      await secretariat.close();
      await mailTo(email, /Your membership is active/);

      await page.reload();
      await page.getByText("Active", { exact: true }).waitFor();
      await expect(page.getByText(applicationId ?? "").count()).resolves.toBe(1);

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL("**/login");
      await expect(page.locator("header").getByRole("link", { name: "Sign In" }).count()).resolves.toBe(1);
      await page.goto("/account");
      await page.waitForURL("**/login");
      expect(problems).toEqual([]);
      await close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "without JavaScript: enrol, sign in, come to the account page's explanation and sign out",
    async () => {
      const email = `arun.${Date.now()}@example.org`;
      const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
      await page.goto("/sign-up");
      await page.getByLabel("Membership Type").selectOption({ label: "Ordinary Member" });
      await enrol(page, email);
      await page.getByRole("button", { name: "Pay Offline" }).click();
      await page.waitForURL("**/sign-up?status=sent");
      await expect(page.getByRole("main").getByRole("status").textContent()).resolves.toBe(ENROLLED_MESSAGE);
      await mailTo(email, /Your application EN-/);

      await page.goto("/login");
      await page.getByLabel("Email Address").fill(email);
      await page.getByLabel(/^Password/).fill("not the password");
      await page.getByRole("button", { name: "Log In" }).click();
      await page.waitForURL("**/login?status=failed");
      await expect(page.getByRole("main").getByRole("status").textContent()).resolves.toBe(
        "Wrong e-mail address or password.",
      );
      await page.getByLabel("Email Address").fill(email);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole("button", { name: "Log In" }).click();
      await page.waitForURL("**/account");
      await expect(page.getByText("Your membership is shown here with JavaScript").count()).resolves.toBe(1);
      await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL("**/login?status=signed-out");
      await expect(page.getByRole("main").getByRole("status").textContent()).resolves.toBe(
        "You have signed out.",
      );
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === "__Host-isgpb_session")).toBeUndefined();
      await close();
    },
    JOURNEY_TIMEOUT,
  );
});
