import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import directory from "../../netlify/functions/directory.ts";
import directoryMember from "../../netlify/functions/directory-member.ts";
import {
  DIRECTORY_HEADER as HEADER,
  renamedColumn,
  sheetsError,
  sheetsHangs,
  sheetsMalformed,
  sheetsValues,
} from "../mocks/google-sheets.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole, expectConsole } from "../support/console.ts";
import { startDatabase } from "../support/database.ts";
import { functionContext } from "../support/function-context.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer } from "../support/page-server.ts";
import { pageRequest } from "../support/requests.ts";

allowConsole(
  "error",
  /^last-good-copy: directory\/(members|fellows) failed upstream, serving the last good copy /,
);
allowConsole("warn", /^directory: skipped row \d+: /);

const RANGE = "'Master List'!A:O";
const ZETA = [
  "Dr. Zeta Rao",
  "Professor",
  "Sample University",
  "Lab 1",
  "Campus",
  "Pune",
  "Maharashtra",
  "zeta@example.org",
  "+91 90000 00001",
];
const sheet = [
  HEADER,
  ZETA,
  // Ragged: Sheets leaves out the trailing empty cells (no e-mail, no mobile).
  ["Dr. Alpha Iyer", "Scientist", "Test Institute", "Room 5", "", "Chennai", "Tamil Nadu"],
  // No name: logged and skipped, not fatal.
  ["", "Professor", "Nowhere"],
  ["Dr. Mu Das", "Reader"],
];
/** The same sheet with its EMAIL column renamed E-MAIL: a 200 that must not be taken as the directory. */
const renamedEmail = [renamedColumn(HEADER, "EMAIL", "E-MAIL"), ...sheet.slice(1)];

const seen: URL[] = [];
const msw = setupMsw(sheetsValues({ [RANGE]: sheet }, seen));
startBlobsServer();
startDatabase();

beforeAll(() => {
  vi.stubEnv("GOOGLE_SHEETS_API_KEY", "test-key");
  vi.stubEnv("GOOGLE_SHEETS_SPREADSHEET_ID", "sheet-123");
  // Every request reaches the (mocked) sheet: no in-memory reuse between tests.
  vi.stubEnv("DIRECTORY_CACHE_SECONDS", "0");
  vi.stubEnv("SIGNING_SECRET", "test-signing-secret");
  vi.stubEnv("GOOGLE_SHEETS_TIMEOUT_MS", "200");
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  seen.length = 0;
});

const list = async () => {
  const response = await directory(new Request("http://localhost/api/directory"));
  return { response, body: await response.json() };
};
const member = (id: string) =>
  directoryMember(new Request(`http://localhost/api/directory/${id}`), functionContext({ id }));

// Order matters: the first tests run before any good copy exists in this file's Blobs store.
describe("GET /api/directory with no last good copy yet", () => {
  it("passes Sheets' own 403 message on, with 503 and Retry-After", async () => {
    msw.use(sheetsError(403, "The caller does not have permission"));
    const { response, body } = await list();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(body).toEqual({ error: "The caller does not have permission" });
  });

  it("answers a member's page (View More without JavaScript) 503 as well, saying when to try again", async () => {
    msw.use(sheetsError(403, "The caller does not have permission"));
    const pages = await pageServer((path) => path === "directory/member/:id");
    const page = await pages(pageRequest("/directory/member/0123456789abcdef"));
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  });

  it.each([
    ["header only", [HEADER]],
    ["no values at all", undefined],
  ])("answers an empty list for a sheet with %s", async (_, values) => {
    msw.use(sheetsValues({ [RANGE]: values }));
    const { response, body } = await list();
    expect(response.status).toBe(200);
    expect(body).toEqual([]);
    expect(response.headers.get("netlify-cdn-cache-control")).toContain("max-age=30");
  });

  it("answers 404 to a member lookup while the sheet is empty", async () => {
    msw.use(sheetsValues({ [RANGE]: [HEADER] }));
    const response = await member("0123456789abcdef");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No member has this id." });
  });

  it("answers 503, not a directory of members without e-mails, when the header lacks a column", async () => {
    msw.use(sheetsValues({ [RANGE]: renamedEmail }));
    const { response } = await list();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
  });

  it("answers 503 when Sheets times out", async () => {
    msw.use(sheetsHangs());
    const { response } = await list();
    expect(response.status).toBe(503);
  });
});

describe("GET /api/directory from Google Sheets", () => {
  it("asks the values endpoint for the configured range with the key, server side", async () => {
    await list();
    const url = seen[0];
    expect(url?.pathname).toBe(`/v4/spreadsheets/sheet-123/values/${encodeURIComponent(RANGE)}`);
    expect(url?.searchParams.get("key")).toBe("test-key");
  });

  it("lists public fields only, in name order, skipping the row with no name", async () => {
    expectConsole("warn", /skipped row 4/);
    const { response, body } = await list();
    expect(response.status).toBe(200);
    expect(body.map((row: { name: string }) => row.name)).toEqual([
      "Dr. Alpha Iyer",
      "Dr. Mu Das",
      "Dr. Zeta Rao",
    ]);
    for (const row of body)
      expect(Object.keys(row).sort()).toEqual(["city", "id", "name", "position", "state", "university"]);
    const text = JSON.stringify(body);
    for (const secret of ["example.org", "90000", "Lab 1", "Room 5"]) expect(text).not.toContain(secret);
    expect(body[1]).toMatchObject({
      name: "Dr. Mu Das",
      position: "Reader",
      university: "",
      city: "",
      state: "",
    });
  });

  it("sends public caching headers, tagged for purging", async () => {
    const { response } = await list();
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(response.headers.get("netlify-cdn-cache-control")).toContain("stale-while-revalidate");
    expect(response.headers.get("netlify-cache-tag")).toBe("directory");
    expect(response.headers.get("x-data-stale")).toBeNull();
  });

  it("gives opaque ids that stay the same when the sheet is reordered", async () => {
    const before = (await list()).body;
    msw.use(sheetsValues({ [RANGE]: [HEADER, ...sheet.slice(1).reverse()] }));
    const after = (await list()).body;
    expect(after).toEqual(before);
    for (const row of before) expect(row.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([
    ["500", () => sheetsError(500, "Internal error", "INTERNAL")],
    ["429", () => sheetsError(429, "Quota exceeded", "RESOURCE_EXHAUSTED")],
    ["a timeout", sheetsHangs],
    ["a malformed answer", sheetsMalformed],
    ["an empty sheet", () => sheetsValues({ [RANGE]: [HEADER] })],
  ])("serves the last good copy, marked stale, after %s", async (_, handler) => {
    msw.use(handler());
    const { response, body } = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-data-stale")).toBe("true");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(body).toHaveLength(3);
  });

  it("takes a header that lacks a column (EMAIL renamed E-MAIL) as malformed: the copy is served stale and kept", async () => {
    const { body: good } = await list();
    const zeta = good.find((row: { name: string }) => row.name === ZETA[0]);
    msw.use(sheetsValues({ [RANGE]: renamedEmail }));
    const { response, body } = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-data-stale")).toBe("true");
    expect(body).toEqual(good);
    // Sheets down next: what is served is still the copy from before the renamed header.
    msw.use(sheetsError(500, "Internal error", "INTERNAL"));
    const { body: later } = await list();
    expect(later).toEqual(good);
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "true");
    const record = await (await member(zeta.id)).json();
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "");
    expect(record.email).toBe(ZETA[7]);
  });

  it("never lets a malformed answer overwrite the copy", async () => {
    msw.use(sheetsMalformed());
    await list();
    msw.use(sheetsError(500, "Internal error", "INTERNAL"));
    const { body } = await list();
    expect(body.map((row: { name: string }) => row.name)).toContain("Dr. Zeta Rao");
  });
});

describe("GET /api/directory/:id", () => {
  it("gives a visitor the public fields only, never cached by session (decision 0015)", async () => {
    const { body } = await list();
    const zeta = body.find((row: { name: string }) => row.name === "Dr. Zeta Rao");
    const response = await member(zeta.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...zeta, contacts: "sign-in" });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("vary")).toBe("Cookie");
  });

  it("answers one member's full record to anyone with DIRECTORY_CONTACTS_PUBLIC=true", async () => {
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "true");
    const { body } = await list();
    const zeta = body.find((row: { name: string }) => row.name === "Dr. Zeta Rao");
    const response = await member(zeta.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ...zeta,
      contacts: "shown",
      address1: "Lab 1",
      address2: "Campus",
      email: "zeta@example.org",
      mobile: "+91 90000 00001",
    });
    expect(response.headers.get("cache-control")).toBe("private, max-age=300");
    expect(response.headers.get("netlify-cdn-cache-control")).toBeNull();
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "");
  });

  it("fills a ragged row's missing cells with empty strings", async () => {
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "true");
    const { body } = await list();
    const alpha = body.find((row: { name: string }) => row.name === "Dr. Alpha Iyer");
    expect(await (await member(alpha.id)).json()).toMatchObject({ address2: "", email: "", mobile: "" });
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "");
  });

  it.each(["0123456789abcdef", "2", "../x", ""])("answers 404 for the unknown id %j", async (id) => {
    const response = await member(id);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No member has this id." });
  });

  it("declares a per-IP rate limit", async () => {
    const { config } = await import("../../netlify/functions/directory-member.ts");
    expect(config.rateLimit).toMatchObject({ aggregateBy: ["ip", "domain"] });
    expect(config.rateLimit?.windowLimit).toBeGreaterThan(0);
  });
});

describe("a warm function instance", () => {
  it("reuses a fresh directory for DIRECTORY_CACHE_SECONDS instead of asking Sheets again", async () => {
    vi.stubEnv("DIRECTORY_CACHE_SECONDS", "60");
    await list();
    await list();
    const { body } = await list();
    expect(seen).toHaveLength(1);
    await member(body[0].id);
    expect(seen).toHaveLength(1);
    vi.stubEnv("DIRECTORY_CACHE_SECONDS", "0");
  });
});
