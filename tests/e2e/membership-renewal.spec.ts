import type { Page } from "@playwright/test";
import { findAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";
import { runMembershipReminders } from "../../src/server/membership/membership-reminders.server.ts";
import { MIN_FILL_MS } from "../../src/shared/form-guard.ts";
import {
  dayInIndia,
  financialYearEnd,
  financialYearLabel,
  financialYearOf,
} from "../../src/shared/membership/calendar.ts";
import { memberNumberOf } from "../../src/shared/membership/reference.ts";
import { crampedHeadings, seriousAxeViolations, spillingCards, waitForHydration } from "./browser.ts";
import { expect, type Site, test, type WatchedPage } from "./fixtures.ts";
import { linkIn, mailTo, outbox } from "./outbox.ts";

const password = "Rabi-wheat-trial-5083";
const content = membershipContent();
const start = content.calendar.financialYearStartMonth;
const JOURNEY_TIMEOUT = 180_000;

/** "31 March 2027" for a day. */
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

async function enrolOrdinary(page: Page, email: string) {
  await page.goto("/sign-up");
  await page.getByLabel("Membership Type").selectOption({ label: "Ordinary Member" });
  await page.getByLabel("Full Name").fill("Meera Iyer");
  await page.getByLabel("Designation/Position").fill("Plant Breeder");
  await page.getByLabel("Date of Birth").fill("1988-11-02");
  await page.getByLabel("Office Address").fill("Millet Breeding Unit, Example Institute");
  await page.getByLabel("State").selectOption("Karnataka");
  await page.getByLabel("City").fill("Dharwad");
  await page.getByLabel("PIN Code").fill("580005");
  await page.getByLabel("Office Phone").fill("0836 000 0000");
  await page.getByLabel("Mobile").fill("90000 00188");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByLabel("I agree to the terms and conditions").check();
  await page.waitForTimeout(MIN_FILL_MS + 200);
  await page.getByRole("button", { name: "Pay Offline" }).click();
}

/** Confirms the address and has the secretariat mark the payment received (its own browser, no script). */
async function confirmAndApprove(site: Site, other: WatchedPage, email: string) {
  const confirmation = await mailTo(site, email, /^Confirm your e-mail address/);
  await other.page.goto(linkIn(confirmation, "/verify-email"));
  await other.page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await other.page.waitForURL("**/verify-email?status=confirmed");
  const acknowledgement = await mailTo(site, email, /Your application EN-/);
  const id = /application id is (EN-[0-9A-F]{10})/.exec(acknowledgement.text)?.[1] ?? "";
  const year = financialYearOf(dayInIndia(new Date()), start);
  // The acknowledgement carries the payment reference, the bank details and the UPI link.
  const reference = `ISGPB-${id}-${financialYearLabel(year, start)}`;
  expect(acknowledgement.text).toContain(`Payment reference: ${reference}`);
  expect(acknowledgement.text).toContain(content.bank.accountNumber);
  expect(acknowledgement.text).toContain(`upi://pay?pa=${content.upi.address}`);
  expect(acknowledgement.text).toContain(`tn=${reference}`);
  const application = await mailTo(site, "secretariat@example.org", new RegExp(id));
  await other.page.goto(linkIn(application, "/approve-payment"));
  await other.page.getByRole("textbox", { name: /Amount received/ }).fill("1500");
  await other.page.getByRole("button", { name: "Mark payment received" }).click();
  await other.page.waitForURL(/\/approve-payment\?status=approved/);
  await other.close();
  return { id, year };
}

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email Address").first().fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL(/\/account/);
}

/**
 * Runs the reminder schedule in this process on the served site's database (the worker's site runs
 * in this process, so `database()` is the site's), with its clock set to the day chosen. The
 * member's payment is first moved back one financial year (as if approved a year ago), so the
 * site's own clock, which the test cannot move, sees the same year as the schedule.
 */
async function runScheduleAYearOn(site: Site, email: string, id: string, year: number, now: Date) {
  const previous = financialYearLabel(year - 1, start);
  const account = await findAccount(email);
  if (!account) throw new Error(`no account for ${email}`);
  await database()
    .updateTable("payments")
    .set({ reference: `ISGPB-${id}-${previous}`, paid_on: `${year - 1}-06-01` })
    .where("account_id", "=", account.key)
    .execute();
  return await runMembershipReminders({ now, origin: site.url });
}

test.describe("membership renewal", { tag: "@js-and-no-js" }, () => {
  // WCAG's reflow width: the account page, its payments table included, fits the narrowest screen.
  test.use({ viewport: { width: 320, height: 740 } });

  test("enrol, approve: active until 31 March with the reference and QR; the schedule's reminder; renewal due", async ({
    page,
    problems,
    site,
    openPage,
    javaScriptEnabled,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const email = `meera.${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}@example.org`;
    await enrolOrdinary(page, email);
    if (!javaScriptEnabled) await page.waitForURL(/\/sign-up\?status=sent/);
    else await page.getByRole("status").filter({ hasText: "Thank you" }).waitFor();
    const other = await openPage({ javaScriptEnabled: false });
    const { id, year } = await confirmAndApprove(site, other, email);
    await signIn(page, email);

    // The account page has the membership part in it, rendered for the member since issue 32.
    // (Prerendered, it linked without JavaScript to /account/membership, which the server
    // filled in: that is a 301 to /account#membership now.)
    const showMembership = async () => {
      if (javaScriptEnabled) await waitForHydration(page);
      return page.getByRole("region", { name: "Membership and payment" });
    };
    await page.goto("/account");
    let panel = await showMembership();
    const until = longDay(financialYearEnd(year, start));
    await panel.getByText(`Active until ${until}`).waitFor();
    await expect(panel.getByText(memberNumberOf(id), { exact: true })).toHaveCount(1);
    const next = `ISGPB-${memberNumberOf(id)}-${financialYearLabel(year + 1, start)}`;
    await expect(panel.locator("[data-payment-reference]")).toHaveText(next);
    await expect(panel.getByRole("img", { name: `UPI QR code for payment ${next}` })).toHaveCount(1);
    const upi = await panel.getByRole("link", { name: /with a UPI app/ }).getAttribute("href");
    expect(upi).toContain(`tn=${next}`);
    // axe runs as a script, so only where scripts run; the part's markup is the same either way.
    if (javaScriptEnabled) await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Each card holds its text: an id wider than its column wraps inside the card, and the
    // payments table's headings each fit their column.
    expect(await spillingCards(page)).toEqual([]);
    expect(await crampedHeadings(page)).toEqual([]);
    // The settings page names the address in a sentence: it breaks rather than widen the page.
    await page.goto("/account/settings");
    await expect(page.getByText(`You sign in with ${email}.`)).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await spillingCards(page)).toEqual([]);

    // The schedule, a year on. With its clock set to the year's last day (31 March), nothing is
    // due; with its clock at today, the reminder goes to the outbox and the account shows renewal due.
    const lastDay = new Date(`${financialYearEnd(year - 1, start)}T06:00:00Z`);
    await runScheduleAYearOn(site, email, id, year, lastDay);
    const early = (await outbox(site)).filter(
      (mail) => mail.to.includes(email) && /is due/.test(mail.subject),
    );
    expect(early).toEqual([]);
    const now = new Date();
    const run = await runScheduleAYearOn(site, email, id, year, now);
    expect(run.recorded["renewal-reminder"]).toBeGreaterThanOrEqual(1);
    const owed = `ISGPB-${memberNumberOf(id)}-${financialYearLabel(year, start)}`;
    const reminder = await mailTo(site, email, /subscription for .* is due/);
    expect(reminder.subject).toContain(owed);
    expect(reminder.text).toContain(`tn=${owed}`);
    expect(reminder.text).toContain(content.bank.ifsc);
    // A rerun mails no one twice.
    await runScheduleAYearOn(site, email, id, year, now);
    const reminders = (await outbox(site)).filter(
      (mail) => mail.to.includes(email) && /is due/.test(mail.subject),
    );
    expect(reminders).toHaveLength(1);

    await page.goto("/account");
    panel = await showMembership();
    await panel.getByText(/^Renewal due since/).waitFor();
    await expect(panel.locator("[data-payment-reference]")).toHaveText(owed);
    if (javaScriptEnabled) await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
  });
});
