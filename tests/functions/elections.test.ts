/**
 * Elections (issue 59), through real Requests: the roll frozen by the calendar on its cut-off day,
 * the Returning Officer's stages (only theirs, once however often pressed), the roll's changes,
 * nominations with their refusals and a term limit referred, and the notices' counts.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Account } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { standingCandidates } from "../../src/server/elections/nominations.server.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";
import { addDays } from "../../src/shared/membership/calendar.ts";
import { outboxMails } from "../support/database.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest, postAndFollow, scriptPostRequest } from "../support/requests.ts";
import { cookieFor, makeAccount, OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

const { office, pages } = workspaceFunctionTests();

const RO_EMAIL = "returning.officer@example.org";
const today = todayInIndia();
const day = (offset: number) => addDays(today, offset);

let memberPages: ReturnType<typeof pageServer> | undefined;
const member = async (request: Request) => {
  memberPages ??= pageServer((path) => path === "account" || path.startsWith("elections"));
  return (await memberPages)(request);
};

/** An Ordinary (or Life) member with these payments (`[reference period, day received]`). */
async function memberWith(
  email: string,
  name: string,
  paid: [string, string][],
  extra: Partial<Account> = {},
): Promise<{ account: Account; cookie: string }> {
  const applicationId = `EN-${Buffer.from(email).toString("hex").slice(0, 10).toUpperCase()}`;
  const account = await makeAccount(email, {
    name,
    applicationId,
    membership: "1",
    status: paid.length > 0 ? "active" : "pending-payment",
    submittedAt: "2024-04-01T05:00:00.000Z",
    ...(paid.length > 0 ? { activatedAt: `${paid[0]?.[1]}T06:00:00.000Z` } : {}),
    payments: paid.map(([period, paidOn]) => ({
      reference: `ISGPB-${applicationId}-${period}`,
      amount: 1000,
      paidOn,
      confirmedAt: `${paidOn}T06:00:00.000Z`,
    })),
    ...extra,
  });
  return { account, cookie: await cookieFor(account) };
}

let ro = "";
let electionId = "";
const people: Record<string, { account: Account; cookie: string }> = {};
const path = () => `/secretariat/elections/${electionId}`;
const press = (action: string, cookie: string, fields: Record<string, string> = {}) =>
  pages(formPostRequest(`${path()}?do=${action}`, fields, cookie));
const election = () =>
  database().selectFrom("elections").selectAll().where("id", "=", electionId).executeTakeFirstOrThrow();
const rollRows = () =>
  database().selectFrom("election_roll").selectAll().where("election_id", "=", electionId).execute();
const mailsNamed = async (name: string) => (await outboxMails()).filter((mail) => mail.name === name);
const auditLines = (action: string) =>
  database().selectFrom("audit_log").selectAll().where("action", "=", action).execute();

beforeAll(async () => {
  vi.stubEnv("SECRETARIAT_ACCOUNTS", `${OFFICE_EMAIL},${RO_EMAIL}`);
  ro = await cookieFor(
    await makeAccount(RO_EMAIL, { name: "Dr. Meenakshi Iyengar", role: "secretariat", status: "active" }),
  );
  // On the roll: paid for this year before the cut-off day (its directory entry is in Tamil Nadu).
  people.active = await memberWith("aarav.acharya.00573@example.org", "Dr. Aarav Acharya", [
    ["2026-27", "2026-04-15"],
  ]);
  people.second = await memberWith("second@example.org", "Dr. Farida Qureshi", [["2026-27", "2026-05-02"]]);
  people.candidate = await memberWith("candidate@example.org", "Dr. Ishaan Verma", [
    ["2026-27", "2026-06-20"],
  ]);
  // A Life member, the fee complete.
  people.life = await memberWith("life@example.org", "Dr. Radhika Menon", [["L1", "2025-01-15"]], {
    membership: "2",
  });
  await database()
    .updateTable("payments")
    .set({ completes_fee: true })
    .where("account_id", "=", people.life.account.key)
    .execute();
  // Secretary in the two terms before: nominating him again is referred for the term limit.
  people.secretary = await memberWith("nikhil@example.org", "Dr. Nikhil Mathur", [["2026-27", "2026-04-20"]]);
  // Not on the roll: in arrears (reminded, and three months passed), unpaid, paid after the cut-off day, corporate.
  people.arrears = await memberWith("arrears@example.org", "Dr. Kavya Rao", [["2025-26", "2025-04-15"]], {
    remindedOn: { "2026-27": "2026-03-15" },
  });
  people.unpaid = await memberWith("unpaid@example.org", "Dr. Arjun Pillai", []);
  people.late = await memberWith("late@example.org", "Dr. Late Payer", [["2026-27", today]]);
  people.corporate = await memberWith(
    "corporate@example.org",
    "Seed Company Ltd",
    [["2026-27", "2026-04-15"]],
    {
      membership: "3",
    },
  );
});

describe("an election run by its Returning Officer", () => {
  it("creates an election with the constitution's offices and its Returning Officer", async () => {
    const officers = await database()
      .selectFrom("accounts")
      .select(["id", "email"])
      .where("role", "=", "secretariat")
      .execute();
    const roId = officers.find((row) => row.email === RO_EMAIL)?.id ?? "";
    const created = await pages(
      formPostRequest(
        "/secretariat/elections",
        {
          title: "Election of the Executive Council 2027",
          term: "2027-2028",
          rollCutoff: day(-7),
          nominationsFrom: day(-5),
          nominationsTo: day(10),
          votingFrom: day(20),
          votingTo: day(30),
          termBegins: day(60),
          returningOfficer: roId,
          vicePresidents: "one-office",
          chosenBySZ: "zone",
        },
        office(),
      ),
    );
    expect(created.status).toBe(303);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/secretariat\/elections\/[0-9a-f-]{36}\?done=created$/);
    electionId = location.split("/")[3]?.split("?")[0] ?? "";
    const offices = await database()
      .selectFrom("election_offices")
      .selectAll()
      .where("election_id", "=", electionId)
      .orderBy("position")
      .execute();
    expect(offices.map((row) => [row.office, row.seats, row.chosen_by])).toEqual([
      ["vice-president", 2, "all"],
      ["secretary", 1, "all"],
      ["treasurer", 1, "all"],
      ["councillor-nz", 1, "all"],
      ["councillor-ez", 1, "all"],
      ["councillor-mez", 1, "all"],
      ["councillor-cz", 1, "all"],
      ["councillor-wz", 1, "all"],
      ["councillor-sz", 1, "zone"],
    ]);
    expect(await auditLines("election-created")).toHaveLength(1);
  });

  it("refuses a new election whose windows are out of order, beside the field", async () => {
    const refused = await readData(
      await pages(
        scriptPostRequest(
          "/secretariat/elections",
          {
            title: "Bad",
            term: "2027-2028",
            rollCutoff: day(1),
            nominationsFrom: day(0),
            nominationsTo: day(5),
            votingFrom: day(3),
            votingTo: day(9),
            termBegins: day(20),
            returningOfficer: "00000000-0000-4000-8000-000000000000",
          },
          office(),
        ),
      ),
    );
    expect(refused.data).toMatchObject({
      ok: false,
      errors: {
        rollCutoff: "The roll's cut-off day is on or before the day nominations open",
        votingFrom: "Voting opens after the last day of nominations",
      },
    });
  });

  it("lets no one but the Returning Officer take a step, and says so", async () => {
    // The page offers no press to anyone else (it names the Returning Officer); a post is refused.
    const page = await readPage(await pages(pageRequest(path(), office())));
    expect(page.text).toContain(
      "Only the Returning Officer, Dr. Meenakshi Iyengar, opens, extends and closes the stages",
    );
    expect(page.document.querySelector(`form[action*="do=notice"]`)).toBeNull();
    const refused = await readData(await pages(scriptPostRequest(`${path()}?do=notice`, {}, office())));
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({
      message: expect.stringContaining(
        "Only this election's Returning Officer, Dr. Meenakshi Iyengar, may open",
      ),
    });
    expect((await election()).roll_frozen_at).toBeNull();
    expect(await rollRows()).toHaveLength(0);
  });

  it("freezes the roll once, by the calendar on the cut-off day, when the notice is pressed twice at once", async () => {
    const [first, second] = await Promise.all([press("notice", ro), press("notice", ro)]);
    expect([first.headers.get("location"), second.headers.get("location")].sort()).toEqual([
      `${path()}?done=already`,
      `${path()}?done=roll-frozen`,
    ]);
    const roll = await rollRows();
    const on = new Set(roll.map((row) => row.account_id));
    for (const name of ["active", "second", "candidate", "life", "secretary"])
      expect(on.has(people[name]?.account.key ?? ""), name).toBe(true);
    for (const name of ["arrears", "unpaid", "late", "corporate"])
      expect(on.has(people[name]?.account.key ?? ""), name).toBe(false);
    expect(roll).toHaveLength(5);
    // The zone from the directory entry's state (Tamil Nadu); unknown without an entry.
    expect(roll.find((row) => row.account_id === people.active?.account.key)?.zone).toBe("SZ");
    expect(roll.find((row) => row.account_id === people.second?.account.key)?.zone).toBeNull();
    // One notice to each, once.
    const notices = await mailsNamed("election-notice");
    expect(notices).toHaveLength(5);
    expect(new Set(notices.map((mail) => mail.to[0])).size).toBe(5);
    expect(notices[0]?.subject).toBe("Notice of election: Election of the Executive Council 2027");
    expect(await auditLines("election-roll-frozen")).toHaveLength(1);
  });

  it("tells a member on their account page whether they are on the roll, and why not", async () => {
    const onRoll = await readPage(await member(pageRequest("/account", people.active?.cookie)));
    expect(onRoll.text).toContain("Election of the Executive Council 2027: You are on the roll");
    const arrears = await readPage(await member(pageRequest("/account", people.arrears?.cookie)));
    expect(arrears.text).toMatch(/Not on the roll: membership in arrears on \d+ \w+ 2026\./);
    const late = await readPage(await member(pageRequest("/account", people.late?.cookie)));
    expect(late.text).toContain("Not on the roll: the first payment had not reached the society by");
  });

  it("adds and strikes a name before voting opens, with a reason, a mail and an audit line", async () => {
    const added = await press("roll-add", ro, {
      member: "late@example.org",
      reason: "Paid at the bank before the cut-off day.",
    });
    expect(added.headers.get("location")).toBe(`${path()}?done=roll-added`);
    const again = await postAndFollow(
      pages,
      `${path()}?do=roll-add`,
      { member: "late@example.org", reason: "Twice." },
      ro,
    );
    expect((await readPage(again.page)).text).toContain("Dr. Late Payer is on the roll already.");
    const corporate = await postAndFollow(
      pages,
      `${path()}?do=roll-add`,
      { member: "corporate@example.org", reason: "Asked." },
      ro,
    );
    expect((await readPage(corporate.page)).text).toContain("is not a Life or Ordinary member");
    const struck = await press("roll-strike", ro, {
      member: "late@example.org",
      reason: "The bank returned the payment.",
    });
    expect(struck.headers.get("location")).toBe(`${path()}?done=roll-struck`);
    const mails = (await mailsNamed("election-roll-change")).filter(
      (mail) => mail.to[0] === "late@example.org",
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      "You are now on the electoral roll: Election of the Executive Council 2027",
      "Your name was struck from the electoral roll: Election of the Executive Council 2027",
    ]);
    expect(mails[1]?.text).toContain("The bank returned the payment.");
    expect(await auditLines("election-roll-added")).toHaveLength(1);
    expect(await auditLines("election-roll-struck")).toHaveLength(1);
    const late = await readPage(await member(pageRequest("/account", people.late?.cookie)));
    expect(late.text).toContain(
      "Not on the roll: struck by the Returning Officer. Reason: The bank returned the payment.",
    );
  });

  it("opens nominations once, and mails the call to everyone on the roll but the struck", async () => {
    const [a, b] = await Promise.all([press("open-nominations", ro), press("open-nominations", ro)]);
    expect([a.headers.get("location"), b.headers.get("location")].sort()).toEqual([
      `${path()}?done=already`,
      `${path()}?done=nominations-opened`,
    ]);
    expect((await election()).stage).toBe("nominations");
    const calls = await mailsNamed("election-nominations");
    expect(calls).toHaveLength(5);
    expect(calls.map((mail) => mail.to[0])).not.toContain("late@example.org");
  });
});

describe("nominations", () => {
  const nominate = (who: string, fields: Record<string, string>) =>
    postAndFollow(member, `/elections/${electionId}?do=nominate`, fields, people[who]?.cookie);
  const numberOf = async (who: string) =>
    (await rollRows()).find((row) => row.account_id === people[who]?.account.key)?.member_no ?? "";
  const nominationOf = async (who: string) =>
    database()
      .selectFrom("nominations")
      .selectAll()
      .where("election_id", "=", electionId)
      .where("candidate", "=", people[who]?.account.key ?? "")
      .executeTakeFirstOrThrow();

  it("takes a nomination by member number, mails the candidate, and refuses what the rules forbid", async () => {
    const done = await nominate("active", { office: "secretary", candidate: await numberOf("candidate") });
    expect(done.post.headers.get("location")).toBe(`/elections/${electionId}?status=nominated`);
    const told = (await mailsNamed("election-nominated")).filter(
      (mail) => mail.to[0] === "candidate@example.org",
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("Dr. Aarav Acharya has nominated you for Secretary");

    const refusals: [string, Record<string, string>, string][] = [
      [
        "second",
        { office: "secretary", candidate: "Dr. Ishaan Verma" },
        "Dr. Ishaan Verma is nominated for Secretary already: second that nomination instead.",
      ],
      ["active", { office: "treasurer", candidate: "Dr. Aarav Acharya" }, "You cannot nominate yourself"],
      [
        "arrears",
        { office: "treasurer", candidate: "Dr. Ishaan Verma" },
        "You are not on the roll of this election, so you cannot nominate.",
      ],
      [
        "active",
        { office: "treasurer", candidate: "Dr. Kavya Rao" },
        "No one on the roll has that member number or full name.",
      ],
      [
        "active",
        { office: "treasurer", candidate: "late@example.org" },
        "No one on the roll has that member number or full name.",
      ],
      [
        "second",
        { office: "councillor-sz", candidate: "Dr. Aarav Acharya" },
        "is chosen by the members of the Southern Zone alone",
      ],
      ["active", { office: "president", candidate: "Dr. Ishaan Verma" }, "Choose an office from the list"],
    ];
    for (const [who, fields, message] of refusals) {
      const answer = await readData(
        await member(scriptPostRequest(`/elections/${electionId}?do=nominate`, fields, people[who]?.cookie)),
      );
      expect((answer.data as { message: string }).message, `${who} ${JSON.stringify(fields)}`).toContain(
        message,
      );
    }
    // Without JavaScript a refusal comes back beside the form, with what was typed.
    const { page } = await nominate("active", { office: "treasurer", candidate: "Nobody Such" });
    const shown = await readPage(page);
    expect(shown.text).toContain("No one on the roll has that member number or full name.");
    expect(shown.document.querySelector<HTMLInputElement>("#candidate")?.value).toBe("Nobody Such");
    expect(await database().selectFrom("nominations").selectAll().execute()).toHaveLength(1);
  });

  it("refuses a nomination by an author or corporate account, for another zone's candidate, from another site or signed out, recording nothing", async () => {
    const before = await database().selectFrom("nominations").selectAll().execute();
    const refusal = async (request: Request) =>
      (await readData(await member(request))).data as { message: string };
    const nominateAs = (
      cookie: string | undefined,
      fields: Record<string, string>,
      headers: HeadersInit = {},
    ) => scriptPostRequest(`/elections/${electionId}?do=nominate`, fields, cookie, headers);
    // An author's account (no membership) and a corporate member's: neither nominates, and a
    // corporate account is refused even when the roll has it (its type changed after the freeze).
    const author = await makeAccount("author.only@example.org", { name: "Dr. Author Only", membership: "" });
    const corporateNo = "CORP-0001";
    await database()
      .insertInto("election_roll")
      .values({
        election_id: electionId,
        account_id: people.corporate?.account.key ?? "",
        zone: "WZ",
        member_no: corporateNo,
        origin: "added",
        note: "its type was changed after the roll froze",
      })
      .execute();
    try {
      for (const cookie of [await cookieFor(author), people.corporate?.cookie])
        expect(
          (await refusal(nominateAs(cookie, { office: "treasurer", candidate: "Dr. Radhika Menon" })))
            .message,
        ).toBe(
          "Only Life and Ordinary members nominate in the society's elections: this account is not one.",
        );
      expect(
        (await refusal(nominateAs(people.active?.cookie, { office: "treasurer", candidate: corporateNo })))
          .message,
      ).toBe("Seed Company Ltd is not a Life or Ordinary member, so they cannot stand.");
    } finally {
      await database()
        .deleteFrom("election_roll")
        .where("election_id", "=", electionId)
        .where("member_no", "=", corporateNo)
        .execute();
    }
    // A candidate of another zone for a zone's seat that all voters elect: refused, not referred.
    expect(
      (
        await refusal(
          nominateAs(people.second?.cookie, { office: "councillor-nz", candidate: await numberOf("active") }),
        )
      ).message,
    ).toContain("Dr. Aarav Acharya is on the roll for the Southern Zone");
    // Another site's post, and a post with no one signed in.
    const crossSite = await member(
      nominateAs(
        people.active?.cookie,
        { office: "treasurer", candidate: "Dr. Radhika Menon" },
        { "sec-fetch-site": "cross-site" },
      ),
    );
    expect(crossSite.status).toBe(403);
    const signedOut = await member(
      formPostRequest(`/elections/${electionId}?do=nominate`, {
        office: "treasurer",
        candidate: "Dr. Radhika Menon",
      }),
    );
    expect(signedOut.headers.get("location")).toMatch(/^\/login\?next=/);
    expect(await database().selectFrom("nominations").selectAll().execute()).toEqual(before);
  });

  it("records one nomination when two voters nominate the same candidate at the same moment", async () => {
    const fields = { office: "treasurer", candidate: "Dr. Radhika Menon" };
    const answers = await Promise.all(
      ["active", "second"].map(async (who) =>
        readData(
          await member(
            scriptPostRequest(`/elections/${electionId}?do=nominate`, fields, people[who]?.cookie),
          ),
        ),
      ),
    );
    expect(
      answers.filter((answer) => answer.redirect === `/elections/${electionId}?status=nominated`),
    ).toHaveLength(1);
    expect(
      answers.map((answer) => (answer.data as { message?: string } | undefined)?.message).filter(Boolean),
    ).toEqual(["Dr. Radhika Menon is nominated for Treasurer already: second that nomination instead."]);
    const rows = await database()
      .selectFrom("nominations")
      .selectAll()
      .where("election_id", "=", electionId)
      .where("candidate", "=", people.life?.account.key ?? "")
      .execute();
    expect(rows).toHaveLength(1);
    expect(
      (await mailsNamed("election-nominated")).filter((mail) => mail.to[0] === "life@example.org"),
    ).toHaveLength(1);
    // The candidate declines it, so the term-limit case below starts from the nominations it expects.
    await member(
      formPostRequest(
        `/elections/${electionId}?do=decline&nomination=${rows[0]?.id}`,
        { nomination: rows[0]?.id ?? "" },
        people.life?.cookie,
      ),
    );
  });

  it("is seconded by a second voter (by script, as the page's own does) and accepted by the candidate", async () => {
    const nomination = await nominationOf("candidate");
    const bySelf = await readData(
      await member(
        scriptPostRequest(
          `/elections/${electionId}?do=second&nomination=${nomination.id}`,
          { nomination: nomination.id },
          people.candidate?.cookie,
        ),
      ),
    );
    expect(bySelf.data).toMatchObject({ message: "A candidate cannot second their own nomination." });
    const seconded = await readData(
      await member(
        scriptPostRequest(
          `/elections/${electionId}?do=second&nomination=${nomination.id}`,
          { nomination: nomination.id },
          people.second?.cookie,
        ),
      ),
    );
    expect(seconded.redirect).toBe(`/elections/${electionId}?status=seconded`);
    const accepted = await member(
      formPostRequest(
        `/elections/${electionId}?do=accept&nomination=${nomination.id}`,
        { nomination: nomination.id },
        people.candidate?.cookie,
      ),
    );
    expect(accepted.headers.get("location")).toBe(`/elections/${electionId}?status=accepted`);
    expect((await standingCandidates(electionId)).map((one) => [one.office, one.name])).toEqual([
      ["secretary", "Dr. Ishaan Verma"],
    ]);
  });

  it("refers a nomination that breaks a term limit to the Returning Officer, who must decide before nominations close", async () => {
    await nominate("life", { office: "secretary", candidate: "Dr. Nikhil Mathur" });
    const nomination = await nominationOf("secretary");
    expect(nomination.flag).toContain("as Secretary in the 2 terms before this one (2020-2022, 2023-2024)");
    await member(
      formPostRequest(
        `/elections/${electionId}?do=second&nomination=${nomination.id}`,
        { nomination: nomination.id },
        people.active?.cookie,
      ),
    );
    await member(
      formPostRequest(
        `/elections/${electionId}?do=accept&nomination=${nomination.id}`,
        { nomination: nomination.id },
        people.secretary?.cookie,
      ),
    );
    expect((await standingCandidates(electionId)).map((one) => one.name)).toEqual(["Dr. Ishaan Verma"]);

    const early = await postAndFollow(pages, `${path()}?do=close-nominations`, {}, ro);
    expect((await readPage(early.page)).text).toContain("they cannot be closed before");
    await database()
      .updateTable("elections")
      .set({ nominations_close: new Date(Date.now() - 1000) })
      .where("id", "=", electionId)
      .execute();
    const undecided = await postAndFollow(pages, `${path()}?do=close-nominations`, {}, ro);
    expect((await readPage(undecided.page)).text).toContain("Decide on the nomination referred to you first");
    const late = await readData(
      await member(
        scriptPostRequest(
          `/elections/${electionId}?do=nominate`,
          { office: "treasurer", candidate: "Dr. Radhika Menon" },
          people.second?.cookie,
        ),
      ),
    );
    expect(late.data).toMatchObject({ message: expect.stringContaining("Nominations closed at the end of") });

    const decided = await press("decide", ro, {
      nomination: nomination.id,
      decision: "rejected",
      note: "Two consecutive terms as Secretary.",
    });
    expect(decided.headers.get("location")).toBe(`${path()}?done=decided`);
    const closed = await press("close-nominations", ro);
    expect(closed.headers.get("location")).toBe(`${path()}?done=nominations-closed`);
    const published = await readPage(
      await member(pageRequest(`/elections/${electionId}`, people.life?.cookie)),
    );
    expect(published.text).toContain("Candidates");
    expect(published.text).toContain("Dr. Ishaan Verma");
    expect(published.text).not.toContain("Dr. Nikhil Mathur");
  });

  it("opens voting once it is due and mails the roll", async () => {
    const early = await postAndFollow(pages, `${path()}?do=open-voting`, {}, ro);
    expect((await readPage(early.page)).text).toContain("not before");
    await database()
      .updateTable("elections")
      .set({ voting_open: new Date(Date.now() - 1000) })
      .where("id", "=", electionId)
      .execute();
    const opened = await press("open-voting", ro);
    expect(opened.headers.get("location")).toBe(`${path()}?done=voting-opened`);
    expect(await mailsNamed("election-voting")).toHaveLength(5);
    const strike = await readData(
      await pages(
        scriptPostRequest(
          `${path()}?do=roll-strike`,
          { member: "life@example.org", reason: "Too late." },
          ro,
        ),
      ),
    );
    expect(strike.data).toMatchObject({ message: "Voting has opened: the roll can no longer change." });
    expect((await rollRows()).filter((row) => row.struck_at)).toHaveLength(1);
  });
});
