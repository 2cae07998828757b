import { beforeAll, describe, expect, it, vi } from "vitest";
import { findAccount, getAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipOf } from "../../src/server/membership/membership.server.ts";
import { findApplications } from "../../src/server/secretariat/applications.server.ts";
import { accountActions, recentActions } from "../../src/server/secretariat/audit.server.ts";
import { activatedInPeriod } from "../../src/server/secretariat/directory-export.server.ts";
import { owingCounts } from "../../src/server/secretariat/membership-counts.server.ts";
import { dayInIndia, financialYearLabel, financialYearOf } from "../../src/shared/membership/calendar.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { sheetsValues } from "../mocks/google-sheets.ts";
import { readData, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest, scriptPostRequest } from "../support/requests.ts";
import { makeAccount, OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

const { office, pages, msw } = workspaceFunctionTests();

const HEADER = "MEMBER NO,NAME,EMAIL,CLASS,YEAR JOINED,LAST YEAR PAID,LIFE FEE OWED,ZONE,DATE OF BIRTH";
const thisYear = Number(dayInIndia(new Date()).slice(0, 4));
const fy = financialYearOf(dayInIndia(new Date()), 4);
const paidUp = financialYearLabel(fy, 4);
const csv = (...rows: string[]) => `${[HEADER, ...rows].join("\n")}\n`;

const GOOD = [
  `L-0001,Dr. Meera Kulkarni,meera.kulkarni@example.org,Life,1979,,,WZ,1950-02-11`,
  `O-0002,Dr. Farhan Qureshi,farhan.qureshi@example.org,Ordinary,2004,${paidUp},,NZ,`,
  `H-0003,Prof. Lata Menon,lata.menon@example.org,Honorary,1968,,,SZ,14/08/1931`,
];

/** The register's file posted from the Register page, as the browser sends a file (multipart). */
function previewRequest(text: string, script = false) {
  const body = new FormData();
  body.append("file", new File([text], "register.csv", { type: "text/csv" }));
  const path = script ? "/secretariat/register.data?do=preview" : "/secretariat/register?do=preview";
  return pageRequest(path, office(), {
    method: "POST",
    headers: script
      ? { accept: "*/*", "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" }
      : { accept: "text/html", "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" },
    body,
  });
}

/** Previews a file without JavaScript and reads the preview's page. */
async function preview(text: string) {
  const response = await pages(previewRequest(text));
  expect(response.status).toBe(303);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/secretariat\/register\?preview=[0-9a-f]{64}$/);
  const page = await readPage(await pages(pageRequest(location, office())));
  const form = page.document.querySelector('form[action="/secretariat/register?do=apply"]');
  return {
    ...page,
    location,
    digest: form?.querySelector<HTMLInputElement>('input[name="digest"]')?.value ?? "",
    plan: form?.querySelector<HTMLInputElement>('input[name="plan"]')?.value ?? "",
    counts: [...page.document.querySelectorAll('[aria-label="What Apply would do"] li')].map(
      (li) => li.textContent,
    ),
  };
}

const apply = (fields: Record<string, string | string[]>, script = false) =>
  pages(
    script
      ? scriptPostRequest("/secretariat/register?do=apply", fields, office())
      : formPostRequest("/secretariat/register?do=apply", fields, office()),
  );

describe("the register's import on the workspace", () => {
  it("previews a file without JavaScript: new rows listed, nothing changed yet", async () => {
    const shown = await preview(csv(...GOOD));
    expect(shown.counts).toEqual([
      "3 new",
      "0 changed",
      "0 unchanged",
      "0 refused",
      "0 changed on the site since the last import",
    ]);
    expect(shown.text).toContain("Dr. Meera Kulkarni");
    expect(shown.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await database().selectFrom("register_members").select("member_no").execute()).toEqual([]);
    expect(await findAccount("meera.kulkarni@example.org")).toBeNull();
  });

  it("refuses each bad row beside its reason", async () => {
    await makeAccount("already.here@example.org", { name: "Someone Else" });
    const shown = await preview(
      csv(
        ...GOOD,
        `O-0010,Dr. Twice One,twice@example.org,Ordinary,2001,${paidUp},,,`,
        `O-0010,Dr. Twice Two,twice.two@example.org,Ordinary,2001,${paidUp},,,`,
        `O-0011,Dr. Same Address,shared@example.org,Ordinary,2001,${paidUp},,,`,
        `O-0012,Dr. Same Address Too,shared@example.org,Ordinary,2001,${paidUp},,,`,
        `O-0013,Dr. Unknown Class,unknown.class@example.org,Patron,2001,,,,`,
        `O-0014,Dr. Future,future@example.org,Ordinary,${thisYear + 1},,,,`,
        `O-0015,Dr. Malformed,malformed@example.org,Ordinary,nineteen,,,,`,
        `O-0016,Dr. Taken,already.here@example.org,Ordinary,2001,${paidUp},,,`,
        `O 17,Dr. Bad Number,bad.number@example.org,Ordinary,2001,,,,`,
      ),
    );
    const refused = [...shown.document.querySelectorAll("table")]
      .find((table) => table.querySelector("caption")?.textContent === "Refused rows")
      ?.querySelectorAll("tbody tr");
    const reasons = Object.fromEntries(
      [...(refused ?? [])].map((row) => [
        row.children[0]?.textContent,
        row.children[3]?.querySelector("p")?.textContent,
      ]),
    );
    expect(reasons).toEqual({
      "5": "member number O-0010 is on rows 5, 6",
      "6": "member number O-0010 is on rows 5, 6",
      "7": "the address shared@example.org is on rows 7, 8",
      "8": "the address shared@example.org is on rows 7, 8",
      "9": 'unknown class "Patron": give Life, Ordinary, Honorary, Corporate Annual or Corporate Single Copy',
      "10": `year joined ${thisYear + 1} is in the future`,
      "11": 'year joined "nineteen" is not a year like 1987',
      "12": expect.stringMatching(
        /^the address already\.here@example\.org is an account made on the site \(Someone Else, application EN-[0-9A-F]{10}\): tick to make it this member's/,
      ),
      "13": 'member number "O 17" is malformed (letters, digits, / and -, at most 20)',
    });
    expect(shown.counts[3]).toBe("9 refused");
    // All or nothing: no Apply while a row must be corrected, and the page says which.
    expect(shown.document.querySelector('form[action="/secretariat/register?do=apply"] button')).toBeNull();
    expect(shown.text).toContain(
      "Nothing can be applied until rows 5, 6, 7, 8, 9, 10, 11, 13 are corrected: nothing has been written.",
    );
  });

  it("writes nothing while a row is refused, even when Apply is posted, nor while a site account is left unticked", async () => {
    const unknownClass = `O-0013,Dr. Unknown Class,unknown.class@example.org,Patron,2001,,,,`;
    const onTheSite = `O-0016,Dr. Taken,already.here@example.org,Ordinary,2001,${paidUp},,,`;
    const nothingWritten = async () => {
      expect(await database().selectFrom("register_members").select("member_no").execute()).toEqual([]);
      expect(await database().selectFrom("register_imports").select("id").execute()).toEqual([]);
      expect(await findAccount("meera.kulkarni@example.org")).toBeNull();
    };
    const bad = await preview(csv(...GOOD, unknownClass, onTheSite));
    // Posted anyway (the page has no button), the site account's tick given: still nothing.
    const forced = await apply({ digest: bad.digest, plan: bad.plan, take: "O-0016/link" });
    expect(forced.headers.get("location")).toBe(`${bad.location}&done=register-refused`);
    const told = await readPage(await pages(pageRequest(forced.headers.get("location") ?? "", office())));
    expect(told.text).toContain(FLASHES["register-refused"].text);
    expect(told.text).toContain('unknown class "Patron"');
    await nothingWritten();
    // Only a site account's address is left: Apply is offered, and refused until it is ticked.
    const linkOnly = await preview(csv(...GOOD, onTheSite));
    expect(linkOnly.text).toContain("or tick each to make the site account the member's");
    expect(
      linkOnly.document.querySelector('form[action="/secretariat/register?do=apply"] button'),
    ).not.toBeNull();
    const unticked = await apply({ digest: linkOnly.digest, plan: linkOnly.plan }, true);
    expect((await readData(unticked)).redirect).toBe(`${linkOnly.location}&done=register-refused`);
    await nothingWritten();
  });

  it("refuses a file that is not the register, beside the file's field", async () => {
    const response = await pages(previewRequest("NAME,EMAIL\nDr. X,x@example.org\n", true));
    const answer = await readData(response);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      errors: { file: expect.stringContaining('the header row lacks "MEMBER NO"') },
    });
  });

  it("applies the preview once; a forged or stale preview changes nothing", async () => {
    const shown = await preview(csv(...GOOD));
    const forged = await apply({ digest: "f".repeat(64), plan: shown.plan });
    expect(forged.headers.get("location")).toBe("/secretariat/register?done=register-expired");
    const stale = await apply({ digest: shown.digest, plan: "0".repeat(64) });
    expect(stale.headers.get("location")).toBe(`${shown.location}&done=register-moved`);
    expect(await database().selectFrom("register_members").select("member_no").execute()).toEqual([]);

    const done = await apply({ digest: shown.digest, plan: shown.plan }, true);
    const answer = await readData(done);
    expect(answer.redirect).toMatch(/^\/secretariat\/register\?import=\d+&done=register-imported$/);
    const page = await readPage(await pages(pageRequest(answer.redirect as string, office())));
    expect(page.text).toContain(FLASHES["register-imported"].text);
    expect(page.text).toMatch(/Import \d+: 3 new, 0 changed, 0 unchanged, 0 site values kept/);
    const meera = (await findAccount("meera.kulkarni@example.org")) ?? expect.fail("no account");
    expect(meera).toMatchObject({ status: "active", passwordHash: "", membership: "2" });
    expect(membershipOf(meera)).toMatchObject({ status: "active", life: true, memberNumber: "L-0001" });
    const lata = (await findAccount("lata.menon@example.org")) ?? expect.fail("no account");
    expect(lata.register).toMatchObject({ class: "honorary", dateOfBirth: "1931-08-14", zone: "SZ" });
    expect(membershipOf(lata)).toMatchObject({ status: "active", rule: "honorary", next: null });
    const [line] = await recentActions(1);
    expect(line).toMatchObject({ who: OFFICE_EMAIL, action: "register-import" });

    // The same file again: all unchanged.
    const again = await preview(csv(...GOOD));
    expect(again.counts.slice(0, 4)).toEqual(["0 new", "0 changed", "3 unchanged", "0 refused"]);
    expect(again.text).toContain("there is nothing to apply");
  });

  it("of two Applies of one preview at the same moment, one imports and the other changes nothing", async () => {
    const row = `O-0020,Dr. Ishaan Rao,ishaan.rao@example.org,Ordinary,2011,${paidUp},,CZ,`;
    const shown = await preview(csv(...GOOD, row));
    expect(shown.counts[0]).toBe("1 new");
    const answers = await Promise.all([
      apply({ digest: shown.digest, plan: shown.plan }),
      apply({ digest: shown.digest, plan: shown.plan }),
    ]);
    const locations = answers.map((answer) => answer.headers.get("location") ?? "").sort();
    expect(locations[0]).toMatch(/^\/secretariat\/register\?import=\d+&done=register-imported$/);
    expect(locations[1]).toBe(`${shown.location}&done=register-moved`);
    const rows = await database()
      .selectFrom("accounts")
      .select("id")
      .where("email", "=", "ishaan.rao@example.org")
      .execute();
    expect(rows).toHaveLength(1);
    const imports = await database().selectFrom("register_imports").select(["added"]).orderBy("id").execute();
    expect(imports.at(-1)).toEqual({ added: 1 });
  });

  it("shows what the site changed since the last import, keeps it unless ticked, and takes the register's when ticked", async () => {
    const farhan = (await findAccount("farhan.qureshi@example.org")) ?? expect.fail("no account");
    const lata = (await findAccount("lata.menon@example.org")) ?? expect.fail("no account");
    // The member changed his name on the site, and so did the office for Prof. Menon.
    await database()
      .updateTable("accounts")
      .set({ name: "Dr. Farhan A. Qureshi" })
      .where("id", "=", farhan.key)
      .execute();
    await database()
      .updateTable("accounts")
      .set({ name: "Prof. Lata Menon-Iyer" })
      .where("id", "=", lata.key)
      .execute();
    const changed = [
      GOOD[0] as string,
      `O-0002,Dr. Farhan Ahmed Qureshi,farhan.qureshi@example.org,Ordinary,2004,${paidUp},,NZ,`,
      `H-0003,Prof. L. Menon,lata.menon@example.org,Honorary,1968,,,SZ,14/08/1931`,
      `O-0020,Dr. Ishaan Rao,ishaan.rao@example.org,Ordinary,2011,${paidUp},,WZ,`,
    ];
    const shown = await preview(csv(...changed));
    expect(shown.counts).toEqual([
      "0 new",
      "1 changed",
      "3 unchanged",
      "0 refused",
      "2 changed on the site since the last import",
    ]);
    const conflicts = [...shown.document.querySelectorAll("table")]
      .find((table) => table.querySelector("caption")?.textContent === "Changed on the site")
      ?.querySelectorAll("tbody tr");
    expect(
      [...(conflicts ?? [])].map((row) => [...row.children].slice(0, 4).map((cell) => cell.textContent)),
    ).toEqual([
      ["O-0002", "Name", "Dr. Farhan A. Qureshi", "Dr. Farhan Ahmed Qureshi"],
      ["H-0003", "Name", "Prof. Lata Menon-Iyer", "Prof. L. Menon"],
    ]);
    const done = await apply({ digest: shown.digest, plan: shown.plan, take: "H-0003/name" });
    expect(done.headers.get("location")).toMatch(/done=register-imported$/);
    expect((await getAccount(farhan.key))?.name).toBe("Dr. Farhan A. Qureshi");
    expect((await getAccount(lata.key))?.name).toBe("Prof. L. Menon");
    const ishaan = (await findAccount("ishaan.rao@example.org")) ?? expect.fail("no account");
    expect(ishaan.register?.zone).toBe("WZ");
  });

  it("lists the register's members with their standing, filtered, and keeps them out of the applications", async () => {
    const page = await readPage(await pages(pageRequest("/secretariat/register?class=honorary", office())));
    const cells = [...page.document.querySelectorAll("table[class] tbody tr, section table tbody tr")]
      .map((row) => [...row.children].map((cell) => cell.textContent))
      .filter((row) => row[0] === "H-0003");
    expect(cells).toEqual([
      [
        "H-0003",
        "Prof. L. Menon",
        "lata.menon@example.org",
        "Honorary",
        "SZ",
        "1968",
        "Active",
        "Not claimed",
      ],
    ]);
    expect(page.text).toContain("1 member found");
    // The member's own page in the workspace: the register's number and the standing.
    const lata = (await findAccount("lata.menon@example.org")) ?? expect.fail("no account");
    const record = await pages(pageRequest(`/secretariat/applications/${lata.key}`, office()));
    expect(record.status).toBe(200);
    const shown = await readPage(record);
    expect(shown.text).toContain("H-0003");
    expect(shown.text).toContain("Honorary Member");
    const applications = await findApplications({ search: "", status: "", page: 1 });
    expect(applications.rows.map((row) => row.email)).not.toContain("lata.menon@example.org");
    expect(applications.rows.map((row) => row.email)).toContain("already.here@example.org");
  });
});

describe("the register read from the master sheet (REGISTER_SOURCE=sheet)", () => {
  it("previews the sheet's register columns as it would a file, from the same form", async () => {
    vi.stubEnv("REGISTER_SOURCE", "sheet");
    vi.stubEnv("GOOGLE_SHEETS_API_KEY", "sheets-key");
    vi.stubEnv("GOOGLE_SHEETS_SPREADSHEET_ID", "master");
    vi.stubEnv("GOOGLE_SHEETS_REGISTER_RANGE", "Register!A:K");
    const seen: URL[] = [];
    msw.use(
      sheetsValues(
        {
          "Register!A:K": [
            [
              "NAME",
              "MEMBER NO",
              "EMAIL",
              "CLASS",
              "YEAR JOINED",
              "LAST YEAR PAID",
              "LIFE FEE OWED",
              "ZONE",
              "DATE OF BIRTH",
              "MOBILE",
            ],
            [
              "Dr. Sheet Member",
              "O-0900",
              "sheet.member@example.org",
              "Ordinary",
              "2010",
              paidUp,
              "",
              "CZ",
              "",
              "+91 90000 00001",
            ],
          ],
        },
        seen,
      ),
    );
    try {
      const page = await readPage(await pages(pageRequest("/secretariat/register", office())));
      expect(page.document.querySelector('input[type="file"]')).toBeNull();
      const response = await pages(formPostRequest("/secretariat/register?do=preview", {}, office()));
      expect(response.status).toBe(303);
      const shown = await readPage(
        await pages(pageRequest(response.headers.get("location") ?? "", office())),
      );
      expect(shown.text).toContain("from the master sheet");
      expect(shown.text).toContain("1 new");
      expect(shown.text).toContain("O-0900");
      expect(seen.map((url) => decodeURIComponent(url.pathname))).toEqual([
        "/v4/spreadsheets/master/values/Register!A:K",
      ]);
    } finally {
      vi.stubEnv("REGISTER_SOURCE", "csv");
      vi.stubEnv("GOOGLE_SHEETS_API_KEY", "");
      vi.stubEnv("GOOGLE_SHEETS_SPREADSHEET_ID", "");
    }
  });
});

describe("the calendar and the export with the register in", () => {
  it("counts an annual member from the register who owes, and never exports the register as new members", async () => {
    await database().deleteFrom("notices").execute();
    const before = await owingCounts();
    const row = `O-0030,Dr. Owes Once,owes.once@example.org,Ordinary,1990,${financialYearLabel(fy - 1, 4)},,EZ,`;
    const shown = await preview(csv(...GOOD, row));
    await apply({ digest: shown.digest, plan: shown.plan });
    const after = await owingCounts();
    expect(after["renewal-due"]).toBe(before["renewal-due"] + 1);
    const owes = (await findAccount("owes.once@example.org")) ?? expect.fail("no account");
    expect(membershipOf(owes)).toMatchObject({ status: "renewal-due", arrearsYear: paidUp });
    const listed = await findApplications({ search: "", status: "renewal-due", page: 1 });
    expect(listed.rows.map((r) => r.email)).toContain("owes.once@example.org");
    const exported = await activatedInPeriod({ from: "2000-01-01", to: dayInIndia(new Date()) });
    // Every account so far is the register's (in the sheet already) or an application not yet paid.
    expect(exported.map((entry) => entry.EMAIL)).toEqual([]);
  });
});

describe("merging two records of one person", () => {
  let kept = "";
  let merged = "";
  beforeAll(async () => {
    // Dr. Kulkarni enrolled on the site with another address and paid there too.
    const now = new Date();
    const site = await makeAccount("meera.k@example.net", {
      name: "Meera Kulkarni",
      membership: "1",
      applicationId: "EN-ABCDEF0123",
      status: "active",
      activatedAt: now.toISOString(),
      payments: [
        {
          reference: `ISGPB-EN-ABCDEF0123-${paidUp}`,
          amount: 1500,
          paidOn: dayInIndia(now),
          confirmedAt: now.toISOString(),
        },
      ],
    });
    merged = site.key;
    kept = ((await findAccount("meera.kulkarni@example.org")) ?? expect.fail("no account")).key;
  });

  it("shows both records, asks for a confirmation, then moves everything to the record kept, once", async () => {
    const page = await readPage(
      await pages(
        pageRequest("/secretariat/register/merge?keep=L-0001&merge=meera.k%40example.net", office()),
      ),
    );
    expect(page.text).toContain("meera.kulkarni@example.org");
    expect(page.text).toContain("meera.k@example.net");
    const unconfirmed = await readData(
      await pages(
        scriptPostRequest("/secretariat/register/merge?do=merge", { keep: kept, merge: merged }, office()),
      ),
    );
    expect(unconfirmed.data).toMatchObject({
      errors: { confirm: "Tick to confirm these two records are one person" },
    });
    const site = (await getAccount(merged)) ?? expect.fail("no account");
    const exportedBefore = await activatedInPeriod({ from: "2000-01-01", to: dayInIndia(new Date()) });
    expect(exportedBefore.map((entry) => entry.EMAIL)).toContain("meera.k@example.net");

    const presses = await Promise.all([
      pages(
        formPostRequest(
          "/secretariat/register/merge?do=merge",
          { keep: kept, merge: merged, confirm: "yes" },
          office(),
        ),
      ),
      pages(
        formPostRequest(
          "/secretariat/register/merge?do=merge",
          { keep: kept, merge: merged, confirm: "yes" },
          office(),
        ),
      ),
    ]);
    expect(presses.map((press) => press.headers.get("location")).sort()).toEqual([
      `/secretariat/applications/${kept}?done=merge-already`,
      `/secretariat/applications/${kept}?done=merged`,
    ]);
    const after = (await getAccount(kept)) ?? expect.fail("no account");
    expect(site.payments?.map((payment) => payment.reference)).toEqual([`ISGPB-EN-ABCDEF0123-${paidUp}`]);
    expect(after.payments?.map((payment) => payment.reference)).toEqual([`ISGPB-EN-ABCDEF0123-${paidUp}`]);
    expect(after.mergedApplications).toEqual([site.applicationId]);
    expect(membershipOf(after)).toMatchObject({ status: "active", life: true, memberNumber: "L-0001" });
    expect((await getAccount(merged))?.closedAt).toBeDefined();
    expect(await findAccount("meera.k@example.net")).toBeNull();
    const lines = await accountActions(kept);
    expect(lines.filter((line) => line.action === "merge")).toHaveLength(1);
    expect(lines[0]?.summary).toMatch(/^Merged Meera Kulkarni <meera\.k@example\.net> \(application EN-/);
    // The sheet's export never lists the person twice, nor the register's member as new.
    const exported = await activatedInPeriod({ from: "2000-01-01", to: dayInIndia(new Date()) });
    expect(exported.map((entry) => entry.EMAIL)).not.toContain("meera.k@example.net");
    expect(exported.map((entry) => entry.EMAIL)).not.toContain("meera.kulkarni@example.org");
  });
});
