import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createAccount } from "../../src/server/account/accounts.server.ts";
import { DEMO_SECRETARIAT } from "../../src/server/secretariat/auth.server.ts";
import { dayInIndia, financialYearLabel, financialYearOf } from "../../src/shared/membership/calendar.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { seriousAxeViolations } from "./browser.ts";
import { expect, test } from "./fixtures.ts";

// The first sign-in makes the demo account (one scrypt) and each function is bundled on first use.
test.describe.configure({ timeout: 120_000 });

const paidUp = financialYearLabel(financialYearOf(dayInIndia(new Date()), 4), 4);

/**
 * A small register in the import's columns, written to a file the page's file field takes; with
 * `mistake`, a third row of a class that does not exist (refused: the import is all or nothing).
 */
function registerFile(run: string, mistake = false): string {
  const text = [
    "MEMBER NO,NAME,EMAIL,CLASS,YEAR JOINED,LAST YEAR PAID,LIFE FEE OWED,ZONE,DATE OF BIRTH",
    `L-${run},Dr. Sunita Rao ${run},sunita.${run}@example.org,Life,1984,,,SZ,1952-03-09`,
    `O-${run},Dr. Vikram Sen ${run},vikram.${run}@example.org,Ordinary,2003,${paidUp},,EZ,`,
    ...(mistake ? [`X-${run},Dr. Wrong Class ${run},wrong.${run}@example.org,Patron,2003,,,,`] : []),
  ].join("\n");
  const file = path.join(mkdtempSync(path.join(tmpdir(), "register-")), "register.csv");
  writeFileSync(file, `${text}\n`);
  return file;
}

/** axe runs as a script in the page: only where the page runs scripts. */
const axeProblems = async (page: Page) =>
  test.info().project.use.javaScriptEnabled === false ? [] : seriousAxeViolations(page);

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(DEMO_SECRETARIAT.email);
  await page.getByLabel("Password").fill(DEMO_SECRETARIAT.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL("**/secretariat");
}

for (const width of [1280, 360])
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("imports the register: preview, refused row and reason, nothing applied until corrected, apply, the member listed", {
      tag: "@js-and-no-js",
    }, async ({ page, problems }) => {
      const run = randomBytes(3).toString("hex").toUpperCase();
      await signIn(page);
      await page.getByRole("link", { name: "Register" }).first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register");
      await page.getByLabel("The register (CSV)").setInputFiles(registerFile(run, true));
      await page.getByRole("button", { name: "Preview the import" }).click();
      await page.waitForURL(/\?preview=[0-9a-f]{64}$/);
      const counts = page.getByRole("list", { name: "What Apply would do" });
      await expect(counts).toContainText("2 new");
      await expect(counts).toContainText("1 refused");
      await expect(page.getByRole("region", { name: "Refused rows" })).toContainText(
        'unknown class "Patron"',
      );
      // All or nothing: no Apply while the row is refused, and the page names it.
      await expect(page.getByRole("button", { name: "Apply the import" })).toHaveCount(0);
      await expect(page.getByRole("main")).toContainText("Nothing can be applied until row 4 is corrected");
      expect(await axeProblems(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The office corrects its file (the row taken off) and previews it again.
      await page.getByLabel("The register (CSV)").setInputFiles(registerFile(run));
      await page.getByRole("button", { name: "Preview the import" }).click();
      await expect(counts).toContainText("0 refused");
      await page.getByRole("button", { name: "Apply the import" }).click();
      await page.waitForURL(/done=register-imported/);
      await expect(page.getByRole("status").first()).toHaveText(FLASHES["register-imported"].text);
      await expect(page.getByRole("main")).toContainText("2 new, 0 changed, 0 unchanged");

      await page.getByLabel("Name, e-mail or member number").fill(`L-${run}`);
      await page.getByRole("button", { name: "Search" }).click();
      const members = page.getByRole("region", { name: "Members on the register" });
      await expect(members).toContainText(`Dr. Sunita Rao ${run}`);
      await expect(members).toContainText("Life");
      await expect(members).toContainText("Not claimed");
      expect(await axeProblems(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    });
  });

test.describe("merging two records", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("finds a register member and the account the same person made on the site, and merges them, at 360 px", {
    tag: "@js-and-no-js",
  }, async ({ page, problems }) => {
    const run = randomBytes(3).toString("hex").toUpperCase();
    const site = await createAccount({
      email: `sunita.site.${run}@example.net`,
      name: `Sunita Rao ${run}`,
      membership: "1",
      applicationId: `EN-${randomBytes(5).toString("hex").toUpperCase()}`,
      submissionId: "",
      submittedAt: new Date().toISOString(),
      status: "pending-payment",
      passwordHash: "unset",
    });
    if (!site) throw new Error("no site account");
    await signIn(page);
    await page.goto("/secretariat/register");
    await page.getByLabel("The register (CSV)").setInputFiles(registerFile(run));
    await page.getByRole("button", { name: "Preview the import" }).click();
    await page.waitForURL(/\?preview=/);
    await page.getByRole("button", { name: "Apply the import" }).click();
    await page.waitForURL(/done=register-imported/);

    await page.getByRole("link", { name: "Merge them" }).click();
    await page.getByLabel("Record to keep (member number, e-mail or application id)").fill(`L-${run}`);
    await page.getByLabel("Record to merge into it").fill(site.email);
    await page.getByRole("button", { name: "Find the two records" }).click();
    await expect(page.getByRole("region", { name: "Kept" })).toContainText(
      `sunita.${run.toLowerCase()}@example.org`,
    );
    await expect(page.getByRole("region", { name: "Merged into it" })).toContainText(site.email);
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole("checkbox", { name: /are one person/ }).check();
    await page.getByRole("button", { name: "Merge into the first record" }).click();
    await page.waitForURL(/done=merged/);
    await expect(page.getByRole("status").first()).toHaveText(FLASHES.merged.text);
    expect(problems).toEqual([]);
  });
});
