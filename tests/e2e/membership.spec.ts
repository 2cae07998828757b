import type { Page } from "@playwright/test";
import { ENROLLED_MESSAGE, LOGIN_UNVERIFIED, VERIFY_OUTCOMES } from "../../src/shared/account.ts";
import { MIN_FILL_MS } from "../../src/shared/form-guard.ts";
import { waitForHydration } from "./browser.ts";
import { expect, test } from "./fixtures.ts";
import { linkIn, mailTo } from "./outbox.ts";

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

test.describe("the enrolment page", () => {
  test("has the SPEC's sections, choices and sidebar", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/sign-up");
    await expect(page.locator("h1")).toHaveText("ENROLLMENT FORM");
    const legends = await page.locator("legend").allTextContents();
    expect(legends).toEqual(["Personal Details", "Address", "Login Details", "Other Details"]);
    await expect(page.locator("#indianLanguages option")).toHaveCount(135);
    await expect(page.locator("#country option")).toHaveCount(194);
    await expect(page.locator("#country").inputValue()).resolves.toBe("India");
    await expect(page.locator("#state option:not([value=''])")).toHaveCount(36);
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
    await expect(page.getByText("use 'Pay Offline' to create your account")).toHaveCount(1);
  });

  test("shows field errors next to their fields", async ({ page }) => {
    await page.goto("/sign-up");
    await waitForHydration(page);
    await enrol(page, "kavya.errors@example.org");
    await page.getByLabel("PIN Code").fill("041003");
    await page.getByLabel("Confirm Password").fill("something-else-1");
    await page.getByRole("button", { name: "Pay Offline" }).click();
    // The page's own checks find both before anything is sent (the same checks as the schema's).
    await page
      .locator("#pincode-error")
      .getByText("Enter a six-digit PIN code that does not start with 0")
      .waitFor();
    await page.locator("#confirmPassword-error").getByText("The passwords do not match").waitFor();
    await expect(page.getByLabel("PIN Code").getAttribute("aria-invalid")).resolves.toBe("true");
  });
});

test.describe("the enrolment page without JavaScript", () => {
  test("comes back as typed when the server refuses it, the error beside the field, the passwords empty", {
    tag: "@no-js",
  }, async ({ page }) => {
    await page.goto("/sign-up");
    await enrol(page, "kavya.refused@example.org");
    // Only the server compares the two passwords.
    await page.getByLabel("Confirm Password").fill("something-else-1");
    await page.getByRole("button", { name: "Pay Offline" }).click();
    await page.getByRole("heading", { name: "There is a problem" }).waitFor();
    await page.locator("#confirmPassword-error").getByText("The passwords do not match").waitFor();
    await expect(page.getByLabel("Full Name").inputValue()).resolves.toBe("Kavya Raman");
    await expect(page.getByLabel("Email Address").inputValue()).resolves.toBe("kavya.refused@example.org");
    await expect(page.getByLabel("Membership Type").inputValue()).resolves.toBe("2");
    // The value lists (optionsFor) come back with the choices made, one or several.
    await expect(page.getByLabel("Country").inputValue()).resolves.toBe("India");
    await expect(page.getByLabel("State").inputValue()).resolves.toBe("Tamil Nadu");
    await expect(
      page
        .getByLabel("Languages Known")
        .evaluate((select: HTMLSelectElement) => [...select.selectedOptions].map((option) => option.value)),
    ).resolves.toEqual(["English", "Tamil"]);
    await expect(page.getByLabel("I am an author").isChecked()).resolves.toBe(true);
    await expect(page.getByLabel("Areas of Interest").inputValue()).resolves.toBe(
      "Rice breeding\nDrought tolerance",
    );
    await expect(page.getByLabel(/^Password/).inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Confirm Password").inputValue()).resolves.toBe("");
  });
});

/** Each scrypt hash takes a good part of a second on a busy machine; the journeys make several. */
const JOURNEY_TIMEOUT = 120_000;

test.describe("the membership journey", () => {
  test("enrol, pay offline, get approved, sign in, see Active, sign out", async ({
    page,
    problems,
    openPage,
    site,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const email = `kavya.${Date.now()}@example.org`;

    await page.goto("/sign-up");
    await waitForHydration(page);
    await expect(page.locator("header").getByRole("link", { name: "Sign In" })).toHaveCount(1);
    await enrol(page, email);
    await page.getByRole("button", { name: "Pay Offline" }).click();
    await page.getByRole("status").filter({ hasText: "Thank you" }).waitFor();
    await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toHaveText(ENROLLED_MESSAGE);

    const receipt = page.getByRole("region", { name: "Your application" });
    const shownId = /application id is (EN-[0-9A-F]{10})/.exec((await receipt.textContent()) ?? "")?.[1];
    expect(shownId).toBeDefined();
    await expect(receipt.getByRole("link", { name: "sign in" }).getAttribute("href")).resolves.toBe("/login");

    // Not before the address is confirmed: the right password is told so, with a way to a fresh link.
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("Email Address").first().fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.getByText(LOGIN_UNVERIFIED).waitFor();
    await expect(page.getByRole("button", { name: "Send me a fresh link" })).toHaveCount(1);

    const confirmation = await mailTo(site, email, /^Confirm your e-mail address/);
    expect(confirmation.text).toContain(shownId);
    await page.goto(linkIn(confirmation, "/verify-email"));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await page.getByText(VERIFY_OUTCOMES.confirmed).waitFor();

    const acknowledgement = await mailTo(site, email, /Your application EN-/);
    const applicationId = /application id is (EN-[0-9A-F]{10})/.exec(acknowledgement.text)?.[1];
    expect(applicationId).toBe(shownId);
    expect(acknowledgement.text).toContain("IFSC");
    expect(acknowledgement.text).not.toContain(password);

    // Signed in before payment: the account exists and waits for it.
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL("**/account");
    await page
      .getByRole("region", { name: "Your application" })
      .locator("dd")
      .getByText("Pending payment", { exact: true })
      .waitFor();
    await expect(
      page
        .locator("header")
        .getByRole("link", { name: /Kavya Raman/ })
        .count(),
    ).resolves.toBe(1);
    // Back at /login while signed in: says who, and offers to sign out.
    await page.goto("/login");
    await page.getByText(/Signed in as Kavya Raman/).waitFor();
    // The account's own status row: the membership panel below says it too.
    await page.goto("/account");
    await page
      .getByRole("region", { name: "Your application" })
      .locator("dd")
      .getByText("Pending payment", { exact: true })
      .waitFor();

    // The secretariat opens the link from its e-mail in its own browser and confirms the payment.
    const application = await mailTo(site, "secretariat@example.org", new RegExp(`${applicationId}`));
    expect(application.text).not.toContain(password);
    const link = /https?:\/\/\S+\/approve-payment\?token=\S+/.exec(application.text)?.[0] ?? "";
    const secretariat = await openPage();
    await secretariat.page.goto(link);
    await secretariat.page.getByText(`Application ${applicationId}`).waitFor();
    await secretariat.page.getByRole("textbox", { name: /Amount received/ }).fill("1500");
    await secretariat.page.getByRole("button", { name: "Mark payment received" }).click();
    await secretariat.page.getByText(/Payment recorded/).waitFor();
    expect(secretariat.problems).toEqual([]);
    await secretariat.close();
    await mailTo(site, email, /Your membership is active/);

    await page.reload();
    // The application's status row says what the membership part says: active, and until when (a
    // life fee's first instalment: the end of its year of instalments).
    await page
      .getByRole("region", { name: "Your application" })
      .locator("dd")
      .getByText(/^Active until \d{1,2} [A-Z][a-z]+ \d{4}/)
      .waitFor();
    await expect(page.getByText(applicationId ?? "", { exact: true })).toHaveCount(1);

    await page.getByRole("button", { name: "Sign out" }).click();
    // Signing out is the /logout route's action with or without JavaScript since issue 32, and it
    // answers with the sign-in page that says so (it was /login).
    await page.waitForURL("**/login?status=signed-out");
    await expect(page.locator("header").getByRole("link", { name: "Sign In" })).toHaveCount(1);
    await page.goto("/account");
    await page.waitForURL("**/login");
    // Chromium logs every refused fetch; the 403 of signing in before confirming was expected.
    const unexpected = problems.filter((problem) => !/status of 403 .*\/api\/login$/.test(problem));
    expect(unexpected).toEqual([]);
  });

  test("without JavaScript: enrol, see the id, confirm the address, sign in, see the status, get approved, sign out", {
    tag: "@no-js",
  }, async ({ page, openPage, site }) => {
    // Two browsers, five scrypt hashes and a dozen page loads: twice a journey's time.
    test.setTimeout(2 * JOURNEY_TIMEOUT);
    const email = `arun.${Date.now()}@example.org`;
    await page.goto("/sign-up");
    await enrol(page, email);
    await page.getByLabel("Membership Type").selectOption({ label: "Ordinary Member" });
    await page.getByRole("button", { name: "Pay Offline" }).click();
    await page.waitForURL(/\/sign-up\?status=sent&id=EN-/);
    const id = new URL(page.url()).searchParams.get("id") ?? "";
    await expect(page.getByRole("main").getByRole("status")).toHaveText(ENROLLED_MESSAGE);
    await expect(page.getByRole("region", { name: "Your application" })).toContainText(
      `Your application id is ${id}.`,
    );
    const confirmation = await mailTo(site, email, /^Confirm your e-mail address/);
    expect(confirmation.text).toContain(id);

    const signIn = async (secret: string) => {
      await page.goto("/login");
      await page.getByLabel("Email Address").first().fill(email);
      await page.getByLabel(/^Password/).fill(secret);
      await page.getByRole("button", { name: "Log In" }).click();
    };
    await signIn(password);
    await page.waitForURL("**/login?status=unverified");
    await page.getByText(LOGIN_UNVERIFIED).waitFor();

    // The link's page confirms only when its button is pressed; pressed again, the link is used.
    const link = linkIn(confirmation, "/verify-email");
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await page.waitForURL("**/verify-email?status=confirmed");
    await page.getByText(VERIFY_OUTCOMES.confirmed).waitFor();
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await page.waitForURL("**/verify-email?status=used");
    await expect(page.getByRole("button", { name: "Send me a fresh link" })).toHaveCount(1);

    // A refused sign-in is the login page again, the address kept, the password not.
    await signIn("not the password");
    await page.getByRole("heading", { name: "There is a problem" }).waitFor();
    await page.getByText("Wrong e-mail address or password.").first().waitFor();
    await expect(page.getByLabel(/^Password/).inputValue()).resolves.toBe("");
    await signIn(password);
    // The account page is rendered for the member since issue 32: it no longer needs the status
    // and id in its address (it was /account?status=pending-payment&id=EN-…).
    await page.waitForURL("**/account");
    // The account's own part: the membership part below it is on the page now too, with a status.
    const account = page.getByRole("region", { name: "Your application" });
    await account.locator("dd").getByText("Pending payment", { exact: true }).waitFor();
    await page.getByText(id, { exact: true }).waitFor();

    // The secretariat, also without JavaScript, confirms the payment from its e-mail.
    const application = await mailTo(site, "secretariat@example.org", new RegExp(id));
    const secretariat = await openPage({ javaScriptEnabled: false });
    await secretariat.page.goto(linkIn(application, "/approve-payment"));
    await secretariat.page.getByRole("textbox", { name: /Amount received/ }).fill("1500");
    await secretariat.page.getByRole("button", { name: "Mark payment received" }).click();
    await secretariat.page.waitForURL(/\/approve-payment\?status=approved&id=EN-/);
    await secretariat.page.getByRole("heading", { name: `Application ${id}` }).waitFor();
    await secretariat.page.getByText(/Payment recorded/).waitFor();
    await secretariat.close();

    // The account page, opened again, says the status as it is now. (Prerendered, it had a link
    // that asked the server for the status, answered at /account?status=active&id=EN-…; rendered
    // for the member since issue 32, it needs none.)
    await page.goto("/account");
    await account
      .locator("dd")
      .getByText(/^Active until \d{1,2} March \d{4}$/)
      .waitFor();

    await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/login?status=signed-out");
    await expect(page.getByRole("main").getByRole("status").first()).toHaveText("You have signed out.");
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "__Host-isgpb_session")).toBeUndefined();
  });
});
