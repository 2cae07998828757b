/**
 * The secret ballot in the browser (issue 59): a voter votes, with JavaScript at a desktop's
 * width and without it at 360 px, is refused more ticks than seats and a second vote, and has
 * their tracker on screen and by mail; the Returning Officer closes the count, draws the lot of a
 * tie, and the results are public; a voter finds their tracker among the counted.
 *
 * The elections are made straight in the worker's database (tests/support/elections.ts), once per
 * worker: the voting stage's pages are what is tested here, not the stages before it.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { type Account, findAccount, updateAccount } from "../../src/server/account/accounts.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { castBallot } from "../../src/server/elections/ballot-cast.server.ts";
import { DEMO_SECRETARIAT, ensureDemoSecretariat } from "../../src/server/secretariat/auth.server.ts";
import { freshFormToken } from "../../src/server/spam/form-token.server.ts";
import { endVoting, makeElection, type TestElection } from "../support/elections.ts";
import { crampedHeadings, seriousAxeViolations, waitForHydration } from "./browser.ts";
import { test as base, expect } from "./fixtures.ts";
import { mailTo } from "./outbox.ts";

const password = "Kharif-sorghum-ballot-7316";
const TRACKER = /[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}/;

const OFFICES = [
  { office: "vice-president", label: "Vice-President", seats: 2 },
  { office: "secretary", label: "Secretary", seats: 1 },
];

type Elections = {
  /** Open for votes all through the file: the vote test's voters, one for each project. */
  voting: TestElection;
  /** Its ballots cast before the test (a tie for Secretary), for the Returning Officer to count. */
  counting: TestElection;
  /** The tracker of `counting`'s first voter, as their receipt gave it. */
  countedTracker: string;
};

/** The list's entry, which the setup made: a missing one is the test's own mistake. */
function one<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the test's own record is missing");
  return value;
}

/** A nomination's candidate's name on the ballot (tests/support/elections.ts names them). */
const candidateName = (office: string, letter: string, prefix: string) =>
  `Dr. ${office} Candidate ${letter} ${prefix}`;

const test = base.extend<object, { elections: Elections & { prefix: string } }>({
  elections: [
    async ({ site: _served }, use) => {
      // The worker's site is up (its database with it) before the rows are written.
      const prefix = `e2e${randomBytes(3).toString("hex")}`;
      await ensureDemoSecretariat(DEMO_SECRETARIAT.email);
      const officer = one((await findAccount(DEMO_SECRETARIAT.email)) ?? undefined);
      const candidates = { "vice-president": 3, secretary: 2 };
      const voting = await makeElection({
        officer,
        offices: OFFICES,
        voters: 3,
        candidates,
        prefix: `${prefix}v`,
      });
      const counting = await makeElection({
        officer,
        offices: OFFICES,
        voters: 4,
        candidates,
        prefix: `${prefix}c`,
      });
      // One scrypt for all: the voters who sign in share a password.
      const passwordHash = await hashPassword(password);
      for (const voter of [...voting.voters.slice(0, 2), one(counting.voters[0])])
        await updateAccount(voter.key, { passwordHash });
      // Three of the four vote, through the voting page's own handler: A and B share the
      // Vice-Presidents' two seats, Secretary ties at one vote each.
      const [vpA, vpB] = one(counting.candidates["vice-president"]);
      const [secA, secB] = one(counting.candidates.secretary);
      const ballots = [
        { "office-vice-president": [vpA, vpB], "office-secretary": [secA] },
        { "office-vice-president": [vpA, vpB], "office-secretary": [secB] },
        { "office-vice-president": [vpA], "office-secretary": [] },
      ];
      const trackers: string[] = [];
      for (const [i, choices] of ballots.entries()) {
        const cast = await castBallot(
          counting.id,
          one(counting.voters[i]),
          { form_token: await freshFormToken(), ...choices },
          "http://127.0.0.1",
        );
        trackers.push(one(cast.tracker));
      }
      await use({ voting, counting, countedTracker: one(trackers[0]), prefix });
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

// Each page's first visit may wait for its function's first build, and two sign-ins cost a scrypt each.
test.describe.configure({ timeout: 120_000 });

/** Signs in on the sign-in page the site has just sent the visitor to, and waits to be sent back. */
async function signInAndReturn(page: Page, account: Account, back: string, secret = password) {
  await page.waitForURL(/\/login\?/);
  await page.getByLabel("Email Address").first().fill(account.email);
  await page.getByLabel(/^Password/).fill(secret);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((url) => url.pathname === back);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Whether the account has voted in the election: its row in election_voters. */
const hasVoted = async (election: TestElection, account: Account) =>
  (await database()
    .selectFrom("election_voters")
    .select("voted_at")
    .where("election_id", "=", election.id)
    .where("account_id", "=", account.key)
    .executeTakeFirst()) !== undefined;

test.describe("the secret ballot", () => {
  // With JavaScript at a desktop's width; without it on the narrowest phone we serve (both tabs).
  test.use({
    viewport: async ({ javaScriptEnabled }, use) =>
      use(javaScriptEnabled ? { width: 1280, height: 800 } : { width: 360, height: 740 }),
  });

  test("a voter is refused more than the seats, votes, gets a tracker on screen and by mail, and a second vote is refused", {
    tag: "@js-and-no-js",
  }, async ({ page, site, elections, javaScriptEnabled, allowProblems }) => {
    // Chromium reports the refused second vote's answer (409) to the page's script.
    allowProblems(/status of 409 .*\/vote\.data$/);
    const { voting, prefix } = elections;
    const voter = one(voting.voters[javaScriptEnabled ? 0 : 1]);
    const votePath = `/elections/${voting.id}/vote`;
    const check = async () => {
      if (javaScriptEnabled) expect(await seriousAxeViolations(page)).toEqual([]);
      else expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    };

    // The voting page sends a visitor to sign in first, and back to the ballot after.
    await page.goto(votePath);
    await signInAndReturn(page, voter, votePath);
    if (javaScriptEnabled) await waitForHydration(page);
    const vicePresident = page.getByRole("group", { name: "Vice-President" });
    await expect(vicePresident).toContainText("Vote for up to 2 candidates (2 seats)");
    await check();

    // A second tab opened on the ballot now, to vote from once the first has voted.
    const other = await page.context().newPage();
    await other.goto(votePath);
    if (javaScriptEnabled) await waitForHydration(other);

    // Three ticks for two seats: refused beside the office, nothing recorded.
    for (const letter of ["A", "B", "C"])
      await vicePresident.getByLabel(candidateName("vice-president", letter, `${prefix}v`)).check();
    await page.getByRole("button", { name: "Cast my vote" }).click();
    const overTheSeats = "Choose at most 2 for Vice-President (2 seats); you chose 3.";
    await expect(vicePresident.locator(".field-error")).toHaveText(`Error: ${overTheSeats}`);
    await expect(page.locator(".error-summary")).toContainText(overTheSeats);
    await expect(page).toHaveTitle(/^Error: /);
    expect(await hasVoted(voting, voter)).toBe(false);
    await check();

    // Two for Vice-President and one for Secretary: recorded, the tracker on screen.
    await vicePresident.getByLabel(candidateName("vice-president", "C", `${prefix}v`)).uncheck();
    await page
      .getByRole("group", { name: "Secretary" })
      .getByLabel(candidateName("secretary", "A", `${prefix}v`))
      .check();
    await page.getByRole("button", { name: "Cast my vote" }).click();
    await page.waitForURL(`**${votePath}?status=cast`);
    const receipt = page.getByRole("status").filter({ hasText: "Your vote is recorded" });
    await expect(receipt).toContainText(TRACKER);
    const tracker = one(TRACKER.exec((await receipt.textContent()) ?? "")?.[0]);
    await expect(page.getByRole("group", { name: "Vice-President" })).toHaveCount(0);
    await check();

    // The mail carries the tracker and nothing of the choices.
    const mail = await mailTo(site, voter.email, /^Your vote in the .* is recorded$/, tracker);
    for (const name of voting.candidateAccounts.map((candidate) => candidate.name))
      expect(mail.text).not.toContain(name);
    for (const nomination of Object.values(voting.candidates).flat())
      expect(mail.text).not.toContain(nomination);

    // The other tab's ballot, sent later: refused, saying when they voted; still one vote.
    await other
      .getByRole("group", { name: "Secretary" })
      .getByLabel(candidateName("secretary", "B", `${prefix}v`))
      .check();
    await other.getByRole("button", { name: "Cast my vote" }).click();
    const already = /You have already voted in this election, on .+ IST\. Each member votes once\./;
    // Without JavaScript the page it comes back to shows the first vote's receipt: it must still
    // say that this one was refused (it did not, until the summary was drawn there too).
    await expect(other.getByRole("alert", { name: "There is a problem" })).toContainText(already);
    if (javaScriptEnabled) expect(await seriousAxeViolations(other)).toEqual([]);
    else expect(await pageWidth(other)).toBeLessThanOrEqual(360);
    const ballots = await database()
      .selectFrom("ballots")
      .select("id")
      .where("election_id", "=", voting.id)
      .execute();
    const voters = await database()
      .selectFrom("election_voters")
      .select("voted_at")
      .where("election_id", "=", voting.id)
      .execute();
    expect(ballots).toHaveLength(voters.length);
    expect(await hasVoted(voting, voter)).toBe(true);
  });

  test("the Returning Officer closes the count and draws the tie's lot; the results are public and a voter finds their tracker", async ({
    page,
    openPage,
    elections,
  }) => {
    const { counting, countedTracker, prefix } = elections;
    const name = (office: string, letter: string) => candidateName(office, letter, `${prefix}c`);
    await endVoting(counting.id);
    const countPath = `/secretariat/elections/${counting.id}/count`;

    // The Returning Officer, a secretariat account, signs in and closes.
    await page.goto("/login");
    await page.getByLabel("Email Address").first().fill(DEMO_SECRETARIAT.email);
    await page.getByLabel(/^Password/).fill(DEMO_SECRETARIAT.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL("**/secretariat");
    await page.goto(countPath);
    await expect(page.getByText("Members who have voted: 3.")).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Close voting and count" }).click();
    await page.waitForURL(/done=closed-ties/);
    await expect(page.getByRole("status").first()).toContainText("A tie needs a lot drawn");

    // Secretary is tied at one vote each: the lot falls on B, as the officer marks it.
    const lot = page.getByRole("form", { name: "Lot for Secretary" });
    await expect(lot.getByRole("group", { name: "Secretary: tied for the last seat" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await lot.getByLabel(name("secretary", "B")).check();
    await lot.getByLabel("How the lot was drawn").fill("Two slips drawn from a box before two witnesses");
    await lot.getByRole("button", { name: "Record the lot" }).click();
    await page.waitForURL(/done=lot-published/);
    await expect(page.getByText(/the lot fell on/)).toContainText(name("secretary", "B"));

    // Anyone, on a phone: turnout, votes, who is elected and how; no trackers.
    const visitor = await openPage({ viewport: { width: 360, height: 740 } });
    const resultsPath = `/elections/${counting.id}/results`;
    await visitor.page.goto(resultsPath);
    const main = visitor.page.locator("main");
    await expect(main).toContainText("Turnout: 3 of the 9 members on the roll voted (33.3%).");
    const rows = (table: string) =>
      visitor.page
        .getByRole("table", { name: table })
        .locator("tbody tr")
        .evaluateAll((found) => found.map((row) => (row.textContent ?? "").replace(/\s+/g, " ").trim()));
    expect(await rows("Vice-President: 2 seats")).toEqual([
      `${name("vice-president", "A")}3Elected`,
      `${name("vice-president", "B")}2Elected`,
      `${name("vice-president", "C")}0`,
    ]);
    expect((await rows("Secretary: 1 seat")).sort()).toEqual(
      [`${name("secretary", "A")}1`, `${name("secretary", "B")}1Elected (by lot)`].sort(),
    );
    await expect(main).toContainText("Two slips drawn from a box before two witnesses");
    await expect(main).not.toContainText(countedTracker);
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    expect(await pageWidth(visitor.page)).toBeLessThanOrEqual(360);
    expect(await crampedHeadings(visitor.page)).toEqual([]);

    // A voter, without JavaScript, signs in from the page and finds their tracker.
    const voter = await openPage({ javaScriptEnabled: false });
    await voter.page.goto(resultsPath);
    await voter.page.getByRole("link", { name: "sign in", exact: true }).click();
    await signInAndReturn(voter.page, one(counting.voters[0]), resultsPath);
    await voter.page.getByLabel("Your ballot tracker").fill(countedTracker.toLowerCase());
    await voter.page.getByRole("button", { name: "Find it" }).click();
    await expect(voter.page.locator("main").getByRole("status")).toHaveText(
      `${countedTracker} is among the counted ballots.`,
    );
    await expect(voter.page.locator("main")).toContainText("All 3 trackers");
  });
});
