import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import exportFunction from "../../netlify/functions/secretariat-export.ts";
import type { Account } from "../../src/server/account/accounts.server.ts";
import { saveOwnDetails } from "../../src/server/directory/own-details.server.ts";
import { DIRECTORY_COLUMNS } from "../../src/server/directory/sheet-rows.server.ts";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";
import { recentActions } from "../../src/server/secretariat/audit.server.ts";
import { PERIOD_ERRORS } from "../../src/server/secretariat/export-period.server.ts";
import { neutralised } from "../../src/server/spreadsheet-csv.server.ts";
import { storeSubmission } from "../../src/server/submissions.server.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";
import { allowConsole } from "../support/console.ts";
import { startDatabase } from "../support/database.ts";
import { functionContext } from "../support/function-context.ts";
import { storeRecords } from "../support/membership-records.ts";
import { readPage } from "../support/page-server.ts";
import { jsonGetRequest, pageRequest } from "../support/requests.ts";
import { cookieFor, makeAccount, workspacePages } from "../support/secretariat.ts";

// The worker's database starts (WebAssembly, then the migrations) in the first file's beforeAll.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
startDatabase();
allowConsole("warn", /SIGNING_SECRET is unset/);

let office = "";
let pages: (request: Request) => Promise<Response>;

/** Names a spreadsheet or a careless CSV writer would trip on. */
const HOSTILE_NAMES = [
  'Dr. "Quoted", Comma',
  "Line\nBreak",
  '=HYPERLINK("http://evil.example","x")',
  "+91 Plus",
  "-2+3",
  "@SUM(A1:A9)",
];

const enrolment = (name: string, email: string, designation = "Plant breeder") => ({
  membership: "1",
  format: "Soft Copy",
  name,
  designation,
  dob: "1980-05-06",
  gender: "",
  indianLanguages: [],
  address: "Seed Station, Block B\nExample Road",
  city: "Pune",
  state: "Maharashtra",
  country: "India",
  pincode: "411001",
  phone: "020 0000 0000",
  mobile: "90000 00003",
  email,
  author: false,
  reviewer: false,
  areasOfInterest: "",
  agreement: true,
});

/** An applicant whose whole form is stored, activated at `activatedAt` (none: still pending). */
async function applicant(
  email: string,
  name: string,
  activatedAt?: string,
  extra: Partial<Account> = {},
  mobile = "90000 00003",
) {
  const { submission } = await storeSubmission("enrolment", { ...enrolment(name, email), mobile }, {});
  return makeAccount(email, {
    name,
    submissionId: submission.id,
    ...(activatedAt ? { status: "active", activatedAt } : {}),
    ...extra,
  });
}

beforeAll(async () => {
  vi.stubEnv("SECRETARIAT_ACCOUNTS", "office@example.org");
  office = await cookieFor(
    await makeAccount("office@example.org", { role: "secretariat", status: "active" }),
  );
  pages = await workspacePages();
  // The period below is 1 April to 30 June 2025, days in India (UTC+05:30).
  await applicant("before@example.org", "Before Period", "2025-03-31T18:00:00.000Z"); // 23:30 on 31 March
  await applicant("first-day@example.org", "First Day", "2025-03-31T19:00:00.000Z"); // 00:30 on 1 April
  await applicant("last-day@example.org", "Last Day", "2025-06-30T18:00:00.000Z"); // 23:30 on 30 June
  await applicant("after@example.org", "After Period", "2025-06-30T19:00:00.000Z"); // 00:30 on 1 July
  await applicant("pending@example.org", "Still Pending");
  // An author: active as soon as the address was confirmed, with no membership and nothing paid.
  await applicant("author@example.org", "Only An Author", "2025-05-10T10:00:00.000Z", {
    membership: "none",
    emailVerifiedAt: "2025-05-10T10:00:00.000Z",
  });
  await applicant("rejected@example.org", "Turned Down", undefined, {
    rejected: { at: "2025-05-01T10:00:00.000Z", reason: "No payment", by: "office@example.org" },
  });
  // One copy of the journal bought is not a membership (decision 0038): never a row of the sheet.
  await applicant("one-copy@example.org", "Only One Copy", "2025-05-12T10:00:00.000Z", { membership: "4" });
  // A number as the enrolment form stores it; the sheet writes it with spaces.
  await applicant(
    "stored-mobile@example.org",
    "Stored Mobile",
    "2025-06-02T10:00:00.000Z",
    {},
    "+919810000000",
  );
  for (const [index, name] of HOSTILE_NAMES.entries())
    await applicant(`hostile-${index}@example.org`, name, `2025-05-0${index + 1}T10:00:00.000Z`);
});
afterAll(() => vi.unstubAllEnvs());

const download = (query: string, accept = "text/html") =>
  exportFunction(
    pageRequest(`/api/secretariat/export/members.csv${query}`, office, { headers: { accept } }),
    functionContext(),
  );

const exportLines = async () => (await recentActions(500)).filter((line) => line.action === "members-export");

describe("the export for the master sheet", () => {
  it("offers the financial year so far on its page, in the workspace's navigation", async () => {
    const response = await pages(pageRequest("/secretariat/export", office));
    expect(response.status).toBe(200);
    const { document } = await readPage(response);
    expect(document.querySelector('nav [aria-current="page"]')?.getAttribute("href")).toBe(
      "/secretariat/export",
    );
    const form = document.querySelector('form[action="/api/secretariat/export/members.csv"]');
    expect(form?.getAttribute("method")).toBe("get");
    const month = String(membershipContent().calendar.financialYearStartMonth).padStart(2, "0");
    expect(document.querySelector<HTMLInputElement>("#from")?.value).toMatch(
      new RegExp(`^\\d{4}-${month}-01$`),
    );
    expect(document.querySelector("#from-error")).toBeNull();
  });

  it("downloads the applications activated in the period, in the sheet's columns, and logs it", async () => {
    const linesBefore = (await exportLines()).length;
    const response = await download("?from=2025-04-01&to=2025-06-30");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="isgpb-members-2025-04-01-2025-06-30.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(new TextDecoder().decode(bytes), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(Object.keys(rows[0] ?? {})).toEqual(DIRECTORY_COLUMNS);
    const emails = rows.map((row) => row.EMAIL);
    expect(emails).toContain("first-day@example.org");
    expect(emails).toContain("last-day@example.org");
    for (const out of ["before@", "after@", "pending@", "rejected@", "office@", "author@", "one-copy@"])
      expect(emails.some((email) => email?.startsWith(out))).toBe(false);
    expect(rows).toHaveLength(3 + HOSTILE_NAMES.length);
    // As the sheet writes it; its leading + gets the apostrophe every formula-like cell gets.
    expect(rows.find((row) => row.EMAIL === "stored-mobile@example.org")?.MOBILE).toBe("'+91 98100 00000");
    // Oldest activation first.
    expect(emails[0]).toBe("first-day@example.org");
    expect(emails.at(-1)).toBe("last-day@example.org");
    expect(rows[0]).toEqual({
      NAME: "First Day",
      POSITION: "Plant breeder",
      UNIVERSITY: "",
      ADDRESS1: "Seed Station, Block B",
      ADDRESS2: "Example Road, PIN 411001",
      CITY: "Pune",
      STATE: "Maharashtra",
      EMAIL: "first-day@example.org",
      MOBILE: "90000 00003",
    });

    const lines = await exportLines();
    expect(lines).toHaveLength(linesBefore + 1);
    expect(lines[0]).toMatchObject({
      who: "office@example.org",
      record: "export/members/2025-04-01/2025-06-30",
    });
    expect(lines[0]?.summary).toContain(`(${rows.length} rows)`);
  });

  it("lists the members by activation, a moment shared by name as English orders it", async () => {
    // August 2024: none of the other tests' members.
    const together = "2024-08-05T10:00:00.000Z";
    await applicant("zoe@example.org", "Zoë Iyer", together);
    await applicant("bose@example.org", "bose, Anil", together);
    await applicant("avila@example.org", "Ávila, Asha", together);
    await applicant("later@example.org", "Later Member", "2024-08-20T10:00:00.000Z");
    // Activated with no activation recorded: its first payment's confirmation is the moment.
    const paid = await applicant("paid@example.org", "Paid First", undefined, { status: "active" });
    await storeRecords(paid.key, {
      payments: [
        {
          reference: `ISGPB-${paid.applicationId}-2024-25`,
          amount: 500,
          paidOn: "2024-08-02",
          confirmedAt: "2024-08-02T10:00:00.000Z",
        },
      ],
    });
    const rows = parse(await (await download("?from=2024-08-01&to=2024-08-31")).text(), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(rows.map((row) => row.NAME)).toEqual([
      "Paid First",
      "Ávila, Asha",
      "bose, Anil",
      "Zoë Iyer",
      "Later Member",
    ]);
  });

  it("writes hostile names as valid CSV that reads back to the same values, formulas neutralised", async () => {
    const response = await download("?from=2025-05-01&to=2025-05-31");
    const text = await response.text();
    const rows = parse(text, { bom: true, columns: true, relax_column_count: false }) as Record<
      string,
      string
    >[];
    expect(rows.map((row) => row.NAME)).toEqual(HOSTILE_NAMES.map(neutralised));
    expect(rows.map((row) => row.NAME)).toEqual([
      'Dr. "Quoted", Comma',
      "Line\nBreak",
      `'=HYPERLINK("http://evil.example","x")`,
      "'+91 Plus",
      "'-2+3",
      "'@SUM(A1:A9)",
    ]);
    for (const row of rows) expect(Object.keys(row)).toHaveLength(DIRECTORY_COLUMNS.length);
    // No cell a spreadsheet would run: every one starts with something else.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("refuses bad dates beside the field, the page shown again as asked, without exporting or logging", async () => {
    const linesBefore = (await exportLines()).length;
    const cases = [
      ["?from=2025-02-30&to=2025-06-30", "from", PERIOD_ERRORS.malformed],
      ["?from=yesterday&to=2025-06-30", "from", PERIOD_ERRORS.malformed],
      ["?from=2025-07-01&to=2025-06-30", "to", PERIOD_ERRORS.order],
      ["?from=2019-04-01&to=2025-06-30", "to", PERIOD_ERRORS.tooLong],
      ["", "from", PERIOD_ERRORS.fromMissing],
    ] as const;
    for (const [query, name, message] of cases) {
      // The browser is sent back to the export page, whose address holds the period as asked.
      const response = await download(query);
      expect(response.status, query).toBe(303);
      expect(response.headers.get("content-disposition")).toBeNull();
      const back = response.headers.get("location") ?? "";
      expect(back).toMatch(/^\/secretariat\/export\?from=.*&to=/);
      const page = await pages(pageRequest(back, office));
      expect(page.status, query).toBe(400);
      const { document, html } = await readPage(page);
      // The title says it was refused, as every refused form's page does (issue 54).
      expect(document.title, query).toBe("Error: Export for the master sheet | ISGPB secretariat");
      expect(document.querySelector(`#${name}-error`)?.textContent).toContain(message);
      const field = document.querySelector(`#${name}`);
      expect(field?.getAttribute("aria-invalid")).toBe("true");
      expect(field?.getAttribute("aria-describedby")).toContain(`${name}-error`);
      expect(html).not.toContain("first-day@example.org");
    }
    const kept = await pages(pageRequest("/secretariat/export?from=2025-07-01&to=2025-06-30", office));
    const { document } = await readPage(kept);
    expect(document.querySelector<HTMLInputElement>("#from")?.value).toBe("2025-07-01");
    expect(document.querySelector<HTMLInputElement>("#to")?.value).toBe("2025-06-30");

    const json = await exportFunction(
      jsonGetRequest("/api/secretariat/export/members.csv?from=2025-07-01&to=2025-06-30", office),
      functionContext(),
    );
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ fields: { to: PERIOD_ERRORS.order } });
    expect(await exportLines()).toHaveLength(linesBefore);
  });

  it("answers only GET and HEAD", async () => {
    const response = await exportFunction(
      pageRequest("/api/secretariat/export/members.csv", office, { method: "POST" }),
      functionContext(),
    );
    expect(response.status).toBe(405);
  });
});

describe("the export of members' own changes to their details", () => {
  const entry = {
    id: "0123456789abcdef",
    name: "Dr. Kavya Rao",
    position: "Scientist",
    university: "Old Institute",
    city: "Hyderabad",
    state: "Telangana",
    address1: "Block A",
    address2: "",
    email: "kavya.rao@example.org",
    mobile: "+91 90000 11111",
  };

  it("lists the changes since a day, in the sheet's columns, and logs the download", async () => {
    const owner = await makeAccount("kavya.rao@example.org", { status: "active" });
    await saveOwnDetails(
      owner,
      entry,
      { position: "Principal Scientist", mobile: "+919876511111" },
      new Date(),
    );
    const since = todayInIndia();
    const response = await exportFunction(
      pageRequest(`/api/secretariat/export/changes.csv?since=${since}`, office, {
        headers: { accept: "text/csv" },
      }),
      functionContext(),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="isgpb-directory-changes-since-${since}.csv"`,
    );
    const rows = parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        CHANGED: since,
        NAME: "Dr. Kavya Rao",
        EMAIL: "kavya.rao@example.org",
        "FIELDS CHANGED": "POSITION, MOBILE",
        POSITION: "Principal Scientist",
        UNIVERSITY: "",
        ADDRESS1: "",
        ADDRESS2: "",
        CITY: "",
        STATE: "",
        MOBILE: "'+91 98765 11111",
      },
    ]);
    const line = (await recentActions(50)).find((entry) => entry.action === "details-export");
    expect(line?.summary).toContain("(1 row)");
    // None since tomorrow's day would be refused; since a later day than the change, none listed.
    const refused = await exportFunction(
      pageRequest("/api/secretariat/export/changes.csv?since=2999-01-01", office, {
        headers: { accept: "application/json" },
      }),
      functionContext(),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields.since).toBeTruthy();
    // A browser is sent back to the Export page, which shows the day as asked and why not, beside it.
    const browser = await exportFunction(
      pageRequest("/api/secretariat/export/changes.csv?since=2999-01-01", office),
      functionContext(),
    );
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe("/secretariat/export?since=2999-01-01");
    const page = await pages(pageRequest("/secretariat/export?since=2999-01-01", office));
    expect(page.status).toBe(400);
    const { document } = await readPage(page);
    expect(document.title).toMatch(/^Error: /);
    const field = document.querySelector<HTMLInputElement>("#since");
    expect(field?.value).toBe("2999-01-01");
    expect(field?.closest("form")?.getAttribute("action")).toBe("/api/secretariat/export/changes.csv");
    expect(document.querySelector("#since-error")?.textContent).toContain(
      "The first day cannot be after today",
    );
  });
});
