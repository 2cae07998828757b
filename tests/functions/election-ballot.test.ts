/**
 * The secret ballot (issue 59, items 4, 5, 6 and 8): a vote through the voting page's real
 * Requests, with and without JavaScript; every refusal recording nothing; two tabs at once; the
 * Returning Officer's close and count, a tie's lot, the results page, the trackers, the export and
 * its recount; the one reminder.
 */
import { describe, expect, it, vi } from "vitest";
import { recount } from "../../scripts/elections/recount.ts";
import { findAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { ballotDigest, tally } from "../../src/server/elections/count-tally.server.ts";
import { DEVELOPMENT_SECRET } from "../../src/server/signed-token.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { outboxMails } from "../support/database.ts";
import { endVoting, makeElection, type TestElection } from "../support/elections.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { cookieSet, formPostRequest, pageRequest, scriptPostRequest } from "../support/requests.ts";
import { cookieFor, makeAccount, OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

const { office, pages } = workspaceFunctionTests({ testTimeout: 60_000 });

let electionPages: ReturnType<typeof pageServer> | undefined;
const site = async (request: Request) => {
  electionPages ??= pageServer((path) => path.startsWith("elections/"));
  return (await electionPages)(request);
};

const OFFICES = [
  { office: "vice-president", label: "Vice-President", seats: 2 },
  { office: "secretary", label: "Secretary", seats: 1 },
];

/** The list's entry, which the test made: a missing one is the test's own mistake. */
function one<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the test's own record is missing");
  return value;
}

const officer = async () => {
  const account = await findAccount(OFFICE_EMAIL);
  if (!account) throw new Error("the workspace's account is made first");
  return account;
};

/** A token the voting page would have handed out a minute ago. */
const token = () => issueFormToken(DEVELOPMENT_SECRET, new Date(Date.now() - 60_000));

const votePath = (election: TestElection) => `/elections/${election.id}/vote`;

async function vote(
  election: TestElection,
  index: number,
  choices: Record<string, string[]>,
  form_token?: string,
) {
  const cookie = await cookieFor(election.voters[index] ?? one(election.candidateAccounts[0]));
  const fields: Record<string, string | string[]> = { form_token: form_token ?? (await token()) };
  for (const [officeCode, picked] of Object.entries(choices)) fields[`office-${officeCode}`] = picked;
  return site(formPostRequest(votePath(election), fields, cookie));
}

const counts = async (electionId: string) => {
  const db = database();
  const n = async (table: "ballots" | "election_voters" | "ballot_trackers") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("election_id", "=", electionId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    ballots: await n("ballots"),
    voters: await n("election_voters"),
    trackers: await n("ballot_trackers"),
  };
};

describe("casting a ballot", () => {
  it("shows the ballot, records the vote with a tracker on screen and by mail, and refuses a second vote saying when", async () => {
    const election = await makeElection({
      officer: await officer(),
      offices: OFFICES,
      voters: 3,
      candidates: { "vice-president": 3, secretary: 2 },
      prefix: "cast",
    });
    const voter = one(election.voters[2]);
    const cookie = await cookieFor(voter);
    const page = await readPage(await site(pageRequest(votePath(election), cookie)));
    expect(page.text).toContain("Vice-President");
    expect(page.text).toContain("Vote for up to 2 candidates");
    const formToken = page.document.querySelector<HTMLInputElement>('input[name="form_token"]')?.value ?? "";
    expect(formToken).not.toBe("");

    const [vp1, vp2] = one(election.candidates["vice-president"]);
    const post = await site(
      formPostRequest(
        votePath(election),
        { form_token: await token(), "office-vice-president": [one(vp1), one(vp2)], "office-secretary": [] },
        cookie,
      ),
    );
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe(`${votePath(election)}?status=cast`);
    const after = await readPage(
      await site(pageRequest(`${votePath(election)}?status=cast`, `${cookie}; ${cookieSet(post)}`)),
    );
    const tracker = /[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}/.exec(after.text)?.[0] ?? "";
    expect(tracker).not.toBe("");
    expect(after.text).toContain("Your vote is recorded");

    expect(await counts(election.id)).toEqual({ ballots: 1, voters: 1, trackers: 1 });
    const ballot = await database()
      .selectFrom("ballots")
      .selectAll()
      .where("election_id", "=", election.id)
      .executeTakeFirstOrThrow();
    expect(ballot.choices).toEqual({ "vice-president": [vp1, vp2], secretary: [] });
    expect(Object.keys(ballot).sort()).toEqual(["cast_on", "choices", "election_id", "id"]);

    const mail = (await outboxMails()).find((one) => one.to.includes(voter.email));
    expect(mail?.text).toContain(tracker);
    // The receipt says nothing of the choices: no candidate's name, no nomination.
    for (const candidate of election.candidateAccounts) expect(mail?.text).not.toContain(candidate.name);
    expect(mail?.text).not.toContain(vp1);

    // Later, another tab's ballot: refused, saying when they voted; nothing more recorded.
    const again = await site(
      scriptPostRequest(
        votePath(election),
        { form_token: await token(), "office-secretary": [one(one(election.candidates.secretary)[0])] },
        cookie,
      ),
    );
    const answer = (await readData(again)).data as { ok: boolean; message: string };
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(
      /^You have already voted in this election, on .+ IST\. Each member votes once\.$/,
    );
    expect(await counts(election.id)).toEqual({ ballots: 1, voters: 1, trackers: 1 });
    // The same without JavaScript, from a tab opened before the vote, while the browser holds the
    // first vote's receipt: the page it comes back to shows that vote, and says this one was refused.
    const plain = await site(
      formPostRequest(
        votePath(election),
        { form_token: await token(), "office-secretary": [one(one(election.candidates.secretary)[1])] },
        `${cookie}; ${cookieSet(post)}`,
      ),
    );
    expect(plain.headers.get("location")).toBe(`${votePath(election)}#ballot-error-summary`);
    const refusedPage = await readPage(
      await site(pageRequest(votePath(election), `${cookie}; ${cookieSet(post)}; ${cookieSet(plain)}`)),
    );
    expect(refusedPage.document.querySelector("#ballot-error-summary")?.textContent).toMatch(
      /You have already voted in this election, on .+ IST\. Each member votes once\./,
    );
    expect(refusedPage.document.title).toMatch(/^Error: /);
    expect(refusedPage.text).toContain(tracker);
    expect(await counts(election.id)).toEqual({ ballots: 1, voters: 1, trackers: 1 });
    // Another member at the same browser is not shown the first one's tracker.
    const other = await readPage(
      await site(
        pageRequest(votePath(election), `${await cookieFor(one(election.voters[1]))}; ${cookieSet(post)}`),
      ),
    );
    expect(other.text).not.toContain(tracker);
  });

  it("refuses, beside the office and with nothing recorded, more choices than seats and a candidate of another office", async () => {
    const election = await makeElection({
      officer: await officer(),
      offices: OFFICES,
      voters: 2,
      candidates: { "vice-president": 3, secretary: 2 },
      prefix: "bad",
    });
    const vp = one(election.candidates["vice-president"]);
    const over = await site(
      scriptPostRequest(
        votePath(election),
        { form_token: await token(), "office-vice-president": vp },
        await cookieFor(one(election.voters[0])),
      ),
    );
    const refusal = (await readData(over)).data as { errors: Record<string, string> };
    expect(refusal.errors["office-vice-president"]).toBe(
      "Choose at most 2 for Vice-President (2 seats); you chose 3.",
    );
    const wrong = await vote(election, 0, { secretary: [one(vp[0])] });
    expect(wrong.status).toBe(303);
    const shown = await readPage(
      await site(
        pageRequest(
          wrong.headers.get("location") ?? "",
          `${await cookieFor(one(election.voters[0]))}; ${cookieSet(wrong)}`,
        ),
      ),
    );
    expect(shown.text).toContain("Choose only among the candidates for Secretary.");
    expect(shown.document.title).toMatch(/^Error: /);
    expect(await counts(election.id)).toEqual({ ballots: 0, voters: 0, trackers: 0 });
  });

  it("refuses a forged, a missing and another site's post, and votes outside the window or off the roll, recording nothing", async () => {
    const election = await makeElection({
      officer: await officer(),
      offices: OFFICES,
      voters: 3,
      candidates: { "vice-president": 2, secretary: 1 },
      prefix: "refuse",
    });
    const choice = { secretary: [one(one(election.candidates.secretary)[0])] };
    const refusalOf = async (response: Response) => (await readData(response)).data as { message: string };
    const cookie = await cookieFor(one(election.voters[0]));
    const post = (fields: Record<string, string>, headers: HeadersInit = {}, who = cookie) =>
      site(
        scriptPostRequest(
          votePath(election),
          { ...fields, "office-secretary": choice.secretary },
          who,
          headers,
        ),
      );

    const forged = await issueFormToken("a-guessed-key", new Date(Date.now() - 60_000));
    expect((await refusalOf(await post({ form_token: forged }))).message).toMatch(
      /not one the site gave you/,
    );
    expect((await refusalOf(await post({}))).message).toMatch(/not one the site gave you/);
    const crossSite = await post({ form_token: await token() }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);

    const struck = one(election.voters[1]);
    await database()
      .updateTable("election_roll")
      .set({ struck_at: new Date(), struck_reason: "Resigned from the society" })
      .where("account_id", "=", struck.key)
      .execute();
    expect(
      (await refusalOf(await post({ form_token: await token() }, {}, await cookieFor(struck)))).message,
    ).toMatch(/struck from the electoral roll/);
    const outsider = await makeAccount("not.on.roll@example.org", { membership: "1", status: "active" });
    expect(
      (await refusalOf(await post({ form_token: await token() }, {}, await cookieFor(outsider)))).message,
    ).toMatch(/not on the electoral roll/);
    for (const [email, membership] of [
      ["corporate@example.org", "3"],
      ["author@example.org", ""],
    ] as const) {
      const account = await makeAccount(email, { membership, status: "active" });
      await database()
        .insertInto("election_roll")
        .values({
          election_id: election.id,
          account_id: account.key,
          zone: "NZ",
          member_no: `M-${email}`,
          origin: "added",
          note: "test",
        })
        .execute();
      expect(
        (await refusalOf(await post({ form_token: await token() }, {}, await cookieFor(account)))).message,
      ).toMatch(/Only Life and Ordinary members vote/);
    }

    await database()
      .updateTable("elections")
      .set({ voting_open: new Date(Date.now() + 60_000), voting_close: new Date(Date.now() + 120_000) })
      .where("id", "=", election.id)
      .execute();
    expect((await refusalOf(await post({ form_token: await token() }))).message).toMatch(
      /^Voting has not opened yet/,
    );
    await database()
      .updateTable("elections")
      .set({ voting_open: new Date(Date.now() - 60_000), voting_close: new Date(Date.now() - 1000) })
      .where("id", "=", election.id)
      .execute();
    expect((await refusalOf(await post({ form_token: await token() }))).message).toMatch(/^Voting closed on/);
    expect(await counts(election.id)).toEqual({ ballots: 0, voters: 0, trackers: 0 });
  });

  it("records one ballot when two tabs vote at the same moment", async () => {
    const election = await makeElection({
      officer: await officer(),
      offices: OFFICES,
      voters: 2,
      candidates: { "vice-president": 2, secretary: 2 },
      prefix: "race",
    });
    const [a, b] = one(election.candidates.secretary);
    const answers = await Promise.all([
      vote(election, 0, { secretary: [one(a)] }),
      vote(election, 0, { secretary: [one(b)] }),
    ]);
    const locations = answers.map((answer) => answer.headers.get("location") ?? "");
    expect(locations.filter((where) => where.endsWith("?status=cast"))).toHaveLength(1);
    expect(await counts(election.id)).toEqual({ ballots: 1, voters: 1, trackers: 1 });
    expect(
      (await outboxMails()).filter((mail) => mail.to.includes(one(election.voters[0]).email)),
    ).toHaveLength(1);
    // The same form sent twice at once (a double click without JavaScript): one vote.
    const same = await token();
    await Promise.all([
      vote(election, 1, { secretary: [one(a)] }, same),
      vote(election, 1, { secretary: [one(a)] }, same),
    ]);
    expect(await counts(election.id)).toEqual({ ballots: 2, voters: 2, trackers: 2 });
  });

  it("offers a zone's Councillor only to that zone's voters when each zone chooses its own", async () => {
    const election = await makeElection({
      officer: await officer(),
      offices: [
        { office: "secretary", label: "Secretary", seats: 1 },
        { office: "councillor-sz", label: "Councillor, South Zone", seats: 1, zone: "SZ", chosenBy: "zone" },
      ],
      voters: 3,
      zones: ["SZ", "NZ", "SZ"],
      candidates: { secretary: 1, "councillor-sz": 2 },
      prefix: "zone",
    });
    const south = await readPage(
      await site(pageRequest(votePath(election), await cookieFor(one(election.voters[0])))),
    );
    const north = await readPage(
      await site(pageRequest(votePath(election), await cookieFor(one(election.voters[1])))),
    );
    expect(south.text).toContain("Councillor, South Zone");
    expect(north.text).not.toContain("Councillor, South Zone");
    const councillor = one(one(election.candidates["councillor-sz"])[0]);
    const refused = await vote(election, 1, { "councillor-sz": [councillor] });
    expect(refused.headers.get("location")).toContain("#ballot-error-summary");
    expect(await counts(election.id)).toEqual({ ballots: 0, voters: 0, trackers: 0 });
    expect((await vote(election, 0, { "councillor-sz": [councillor] })).headers.get("location")).toContain(
      "status=cast",
    );
  });
});

describe("the close, the count and the results", () => {
  it("counts, records the digest, publishes the results and mails every voter; the export recounts to the same", async () => {
    const ro = await officer();
    const election = await makeElection({
      officer: ro,
      offices: OFFICES,
      voters: 5,
      candidates: { "vice-president": 3, secretary: 2 },
      prefix: "count",
    });
    const [vpA, vpB, vpC] = one(election.candidates["vice-president"]);
    const [secA, secB] = one(election.candidates.secretary);
    const ballots = [
      { "vice-president": [one(vpA), one(vpB)], secretary: [one(secA)] },
      { "vice-president": [one(vpA)], secretary: [one(secA)] },
      { "vice-president": [one(vpA), one(vpC)], secretary: [one(secB)] },
      { "vice-president": [one(vpB)], secretary: [] },
    ];
    for (const [i, choices] of ballots.entries()) expect((await vote(election, i, choices)).status).toBe(303);

    const countPage = `/secretariat/elections/${election.id}/count`;
    const early = await pages(formPostRequest(`${countPage}?do=close`, {}, office()));
    expect(early.status).toBe(303);
    expect(await database().selectFrom("election_closes").selectAll().execute()).toHaveLength(0);
    await endVoting(election.id);
    // Only the Returning Officer closes: another secretariat account is refused.
    vi.stubEnv("SECRETARIAT_ACCOUNTS", `${OFFICE_EMAIL},deputy@example.org`);
    const deputy = await makeAccount("deputy@example.org", { role: "secretariat", status: "active" });
    const refused = await readData(
      await pages(scriptPostRequest(`${countPage}?do=close`, {}, await cookieFor(deputy))),
    );
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toBe(
      "Only this election's Returning Officer may do this.",
    );
    expect(await database().selectFrom("election_closes").selectAll().execute()).toHaveLength(0);

    const closed = await pages(formPostRequest(`${countPage}?do=close`, {}, office()));
    expect(closed.headers.get("location")).toBe(`${countPage}?done=closed-published`);
    const close = await database()
      .selectFrom("election_closes")
      .selectAll()
      .where("election_id", "=", election.id)
      .executeTakeFirstOrThrow();
    // The roll: the five voters and the five candidates (a candidate stands only while on it).
    expect(close).toMatchObject({ ballots: 4, voters: 4, trackers: 4, roll: 10 });
    expect(close.published_at).not.toBeNull();
    const stored = await database()
      .selectFrom("ballots")
      .select(["id", "choices"])
      .where("election_id", "=", election.id)
      .execute();
    const trackers = (
      await database()
        .selectFrom("ballot_trackers")
        .select("tracker")
        .where("election_id", "=", election.id)
        .execute()
    ).map((row) => row.tracker);
    expect(close.digest).toBe(ballotDigest(election.id, stored, trackers));

    const results = await readPage(await site(pageRequest(`/elections/${election.id}/results`)));
    expect(results.text).toContain("Turnout: 4 of the 10 members on the roll voted (40.0%)");
    expect(results.text).toContain(close.digest);
    const rows = [...results.document.querySelectorAll("tbody tr")].map((row) =>
      row.textContent?.replace(/\s+/g, " "),
    );
    expect(rows).toContain("Dr. vice-president Candidate A count3Elected");
    expect(rows).toContain("Dr. vice-president Candidate B count2Elected");
    expect(rows).toContain("Dr. secretary Candidate A count2Elected");
    // Before the Council takes office the page points nowhere else; once its term has begun and
    // the office bearers' page lists the term, it points there (decision 0058).
    expect(results.document.querySelector('main a[href^="/office-bearers/"]')).toBeNull();
    await database()
      .updateTable("elections")
      .set({ term: "2023-2024", term_begins: "2023-04-01" })
      .where("id", "=", election.id)
      .execute();
    const inOffice = await readPage(await site(pageRequest(`/elections/${election.id}/results`)));
    expect(inOffice.document.querySelector('main a[href="/office-bearers/2023-2024"]')?.textContent).toBe(
      "Office Bearers 2023-2024",
    );
    expect(inOffice.text).toContain("The Council took office on 1 April 2023");
    // The public sees no trackers; a voter sees them all, and finds theirs.
    expect(results.text).not.toContain(one(trackers[0]));
    const voterCookie = await cookieFor(one(election.voters[0]));
    const mine = await readPage(
      await site(pageRequest(`/elections/${election.id}/results?tracker=${trackers[0]}`, voterCookie)),
    );
    expect(mine.text).toContain(`${trackers[0]} is among the counted ballots.`);

    const digestMails = (await outboxMails()).filter((mail) => mail.name === "results-digest");
    expect(digestMails.map((mail) => mail.to[0]).sort()).toEqual(
      election.voters
        .slice(0, 4)
        .map((v) => v.email)
        .sort(),
    );
    expect(digestMails[0]?.text).toContain(close.digest);

    const exported = await site(pageRequest(`/elections/${election.id}/ballots.json`, voterCookie));
    expect(exported.status).toBe(200);
    const file = await exported.text();
    const recounted = recount(JSON.parse(file));
    expect(recounted.digest).toBe(close.digest);
    expect(recounted.matches).toBe(true);
    expect(recounted.offices.find((one) => one.office === "vice-president")?.elected).toEqual([vpA, vpB]);
    // A ballot changed after the close: the digest says so.
    const tampered = JSON.parse(file);
    const first = tampered.ballots[0].choices;
    first.secretary = first.secretary.includes(secA) ? [secB] : [secA];
    expect(recount(tampered).matches).toBe(false);
    expect((await site(pageRequest(`/elections/${election.id}/ballots.json`))).status).toBe(401);

    const lines = await database()
      .selectFrom("audit_log")
      .selectAll()
      .where("record", "=", `election/${election.id}`)
      .execute();
    expect(lines.map((line) => line.action)).toEqual(["election-close"]);
  });

  it("leaves a tie at the last seat to the Returning Officer's lot, then publishes", async () => {
    const election = await makeElection({
      officer: await officer(),
      offices: [{ office: "secretary", label: "Secretary", seats: 1 }],
      voters: 2,
      candidates: { secretary: 2 },
      prefix: "tie",
    });
    const [a, b] = one(election.candidates.secretary);
    await vote(election, 0, { secretary: [one(a)] });
    await vote(election, 1, { secretary: [one(b)] });
    await endVoting(election.id);
    const countPage = `/secretariat/elections/${election.id}/count`;
    const closed = await pages(formPostRequest(`${countPage}?do=close`, {}, office()));
    expect(closed.headers.get("location")).toBe(`${countPage}?done=closed-ties`);
    expect((await site(pageRequest(`/elections/${election.id}/results`))).status).toBe(404);
    const page = await readPage(await pages(pageRequest(countPage, office())));
    expect(page.text).toContain("Secretary: tied for the last seat");

    const both = await readData(
      await pages(
        scriptPostRequest(
          `${countPage}?do=lot&office=secretary`,
          { drawn: [one(a), one(b)], note: "Slips" },
          office(),
        ),
      ),
    );
    expect((both.data as { message: string }).message).toBe(
      "Mark exactly one candidate among the tied, as the lot fell.",
    );
    const drawn = await pages(
      formPostRequest(
        `${countPage}?do=lot&office=secretary`,
        { drawn: one(b), note: "Two slips drawn from a box before Dr. Kavita Rao and Dr. Anil Menon" },
        office(),
      ),
    );
    expect(drawn.headers.get("location")).toBe(`${countPage}?done=lot-published`);
    const results = await readPage(await site(pageRequest(`/elections/${election.id}/results`)));
    expect(results.text).toContain("Elected (by lot)");
    expect(results.text).toContain("Two slips drawn from a box");
  });
});

describe("the reminder", () => {
  it("goes once, at two presses together, to the members who have not voted, saying only that", async () => {
    const election = await makeElection({
      officer: await officer(),
      offices: OFFICES,
      voters: 4,
      candidates: { "vice-president": 2, secretary: 1 },
      prefix: "remind",
    });
    await vote(election, 0, { secretary: [one(one(election.candidates.secretary)[0])] });
    const press = () =>
      pages(formPostRequest(`/secretariat/elections/${election.id}/count?do=reminder`, {}, office()));
    await Promise.all([press(), press()]);
    const reminders = (await outboxMails()).filter((mail) => mail.name === "ballot-reminder");
    // Everyone on the roll who has not voted: the other voters and the candidates.
    expect(reminders.map((mail) => mail.to[0]).sort()).toEqual(
      [...election.voters.slice(1), ...election.candidateAccounts].map((v) => v.email).sort(),
    );
    const texts = new Set(reminders.map((mail) => mail.text));
    expect(texts.size).toBe(1);
    expect([...texts][0]).toContain("You have not voted yet");
    for (const candidate of election.candidateAccounts) expect([...texts][0]).not.toContain(candidate.name);
    const again = await readData(
      await pages(scriptPostRequest(`/secretariat/elections/${election.id}/count?do=reminder`, {}, office())),
    );
    expect((again.data as { message: string }).message).toMatch(/sent already/);
  });
});

describe("the count's rule", () => {
  it("elects the most voted, and leaves straddling ties to a lot", () => {
    const offices = [{ office: "vp", seats: 2, candidates: ["a", "b", "c", "d"] }];
    const ballot = (id: string, picks: string[]) => ({ id, choices: { vp: picks } });
    expect(tally(offices, [ballot("1", ["a", "b"]), ballot("2", ["a", "c"])])[0]).toMatchObject({
      elected: ["a"],
      tie: { seats: 1, tied: ["b", "c"] },
    });
    expect(tally(offices, [ballot("1", ["a", "b"]), ballot("2", ["a", "b"])])[0]).toMatchObject({
      elected: ["a", "b"],
      tie: null,
    });
  });
});
