import type { Page } from "@playwright/test";
import { createAccount } from "../../src/server/account/accounts.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { defaultOffices } from "../../src/shared/elections/elections.ts";
import { seriousAxeViolations, waitForHydration } from "./browser.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A nomination on a phone, with and without JavaScript (issue 59): a member on the roll nominates
 * another by name, a third seconds, the candidate accepts; each page passes axe at 360 px.
 */

const PASSWORD = "Rabi-wheat-plot-4417";
test.use({ viewport: { width: 360, height: 740 } });

let passwordHash = "";
test.beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** An election with nominations open and three active members on its roll, made in the worker's database. */
async function seedElection(tag: string) {
  const db = database();
  const people = await Promise.all(
    ["Nominator", "Seconder", "Candidate"].map(async (role, index) => {
      const account = await createAccount({
        email: `${role.toLowerCase()}.${tag}@example.org`,
        name: `Dr. ${role} ${tag}`,
        membership: "2",
        applicationId: `EN-${tag.slice(-8).toUpperCase()}0${index}`,
        submissionId: "",
        submittedAt: new Date(Date.now() - 400 * 86_400_000).toISOString(),
        status: "active",
        activatedAt: new Date(Date.now() - 300 * 86_400_000).toISOString(),
        passwordHash,
      });
      if (!account) throw new Error("no account");
      return account;
    }),
  );
  const [officer] = await db.selectFrom("accounts").select("id").limit(1).execute();
  const day = 86_400_000;
  const { id } = await db
    .insertInto("elections")
    .values({
      title: `Council election ${tag}`,
      term: "2027-2028",
      term_begins: "2027-04-01",
      created_at: new Date(),
      created_by: officer?.id ?? people[0]?.key ?? "",
      returning_officer: officer?.id ?? people[0]?.key ?? "",
      stage: "nominations",
      roll_cutoff: "2026-01-01",
      roll_frozen_at: new Date(),
      nominations_open: new Date(Date.now() - day),
      nominations_close: new Date(Date.now() + 5 * day),
      voting_open: new Date(Date.now() + 10 * day),
      voting_close: new Date(Date.now() + 20 * day),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("election_offices")
    .values(
      defaultOffices().map((office, position) => ({
        election_id: id,
        office: office.office,
        label: office.label,
        seats: office.seats,
        zone: office.zone,
        chosen_by: office.chosenBy,
        position,
      })),
    )
    .execute();
  await db
    .insertInto("election_roll")
    .values(
      people.map((person, index) => ({
        election_id: id,
        account_id: person.key,
        zone: null,
        member_no: `T-${tag.slice(-6)}${index}`,
        origin: "calendar" as const,
      })),
    )
    .execute();
  return { id, nominator: people[0], seconder: people[1], candidate: people[2] };
}

async function signInTo(page: Page, email: string, path: string, javaScript: boolean) {
  await page.context().clearCookies();
  await page.goto(`/login?next=${encodeURIComponent(path)}`);
  if (javaScript) await waitForHydration(page);
  await page.getByLabel("Email Address").first().fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL(`**${path}`);
  if (javaScript) await waitForHydration(page);
}

test("a member nominates, another seconds, the candidate accepts", { tag: "@js-and-no-js" }, async ({
  page,
  javaScriptEnabled,
  allowProblems,
}) => {
  test.setTimeout(120_000);
  // The refused nomination is the action's 400, which the browser logs for the script's post.
  allowProblems(/status of 400 .*\/elections\/[0-9a-f-]+\.data\?do=nominate$/);
  // axe runs in the page's own script context: it checks the pages with JavaScript on (the HTML is
  // the same without; the no-JavaScript run checks the journey).
  const axe = async () => (javaScriptEnabled ? seriousAxeViolations(page) : []);
  const tag = `${Date.now().toString(16)}${javaScriptEnabled ? "j" : "n"}`;
  const { id, nominator, seconder, candidate } = await seedElection(tag);
  const path = `/elections/${id}`;

  await signInTo(page, nominator?.email ?? "", path, javaScriptEnabled);
  await page.getByText("You are on the roll").waitFor();
  expect(await axe()).toEqual([]);
  // A name no one on the roll has is refused beside the field, what was typed kept.
  await page.getByLabel(/^Office/).selectOption({ label: "Secretary" });
  await page.getByLabel(/^Candidate's member number or full name/).fill("Dr. Nobody Here");
  await page.getByRole("button", { name: "Nominate" }).click();
  await page
    .getByRole("alert")
    .getByText(/No one on the roll has that member number or full name/)
    .waitFor();
  expect(await axe()).toEqual([]);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel(/^Office/).selectOption({ label: "Secretary" });
  await page.getByLabel(/^Candidate's member number or full name/).fill(candidate?.name ?? "");
  await page.getByRole("button", { name: "Nominate" }).click();
  await page.getByText("Your nomination is recorded.").waitFor();
  await expect(page.locator("main")).toContainText(`${candidate?.name} for Secretary`);

  await signInTo(page, seconder?.email ?? "", path, javaScriptEnabled);
  await page.getByRole("button", { name: /^Second this nomination/ }).click();
  await page.getByText("You have seconded the nomination.").waitFor();

  await signInTo(page, candidate?.email ?? "", path, javaScriptEnabled);
  expect(await axe()).toEqual([]);
  await page.getByRole("button", { name: /^Accept my nomination/ }).click();
  await page.getByText("You have accepted the nomination.").waitFor();
  await expect(page.locator("main")).toContainText("Stands");
  // Nothing spills sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
