import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fellows from "../../netlify/functions/fellows.ts";
import {
  FELLOWS_HEADER as HEADER,
  renamedColumn,
  sheetsError,
  sheetsValues,
} from "../mocks/google-sheets.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole } from "../support/console.ts";
import { setupMsw } from "../support/msw.ts";

allowConsole(
  "error",
  /^last-good-copy: directory\/(members|fellows) (failed upstream, serving the last good copy|answered malformed)/,
);

const ROWS = [
  ["1", "F-0001", "2024", "Dr. Kavya Menon", "Professor", "Sample University", "Lab 3, Kochi"],
  ["2", "F-0002", "2023", "Dr. Arjun Gill"],
];
const seen: URL[] = [];
const msw = setupMsw(sheetsValues({ "ISMASTER!A:G": [HEADER, ...ROWS] }, seen));
startBlobsServer();

beforeAll(() => {
  vi.stubEnv("GOOGLE_SHEETS_API_KEY", "test-key");
  vi.stubEnv("GOOGLE_SHEETS_SPREADSHEET_ID", "sheet-123");
  vi.stubEnv("GOOGLE_SHEETS_FELLOWS_SPREADSHEET_ID", "fellows-456");
  // Every request reaches the (mocked) sheet: no in-memory reuse between tests.
  vi.stubEnv("DIRECTORY_CACHE_SECONDS", "0");
  vi.stubEnv("GOOGLE_SHEETS_TIMEOUT_MS", "200");
});
afterAll(() => vi.unstubAllEnvs());

describe("GET /api/fellows from Google Sheets", () => {
  it("answers 503 with Retry-After before any copy exists when Sheets fails", async () => {
    msw.use(sheetsError(500, "Internal error", "INTERNAL"));
    const response = await fellows(new Request("http://localhost/api/fellows"));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
  });

  it("reads ISMASTER!A:G (all seven columns) of the fellows' spreadsheet; the header row gives the keys", async () => {
    const response = await fellows(new Request("http://localhost/api/fellows"));
    expect(response.status).toBe(200);
    expect(seen.at(-1)?.pathname).toBe(
      `/v4/spreadsheets/fellows-456/values/${encodeURIComponent("ISMASTER!A:G")}`,
    );
    expect(await response.json()).toEqual([
      {
        serialNumber: "1",
        fellowNumber: "F-0001",
        fellowOfTheYear: "2024",
        name: "Dr. Kavya Menon",
        position: "Professor",
        university: "Sample University",
        address: "Lab 3, Kochi",
      },
      {
        serialNumber: "2",
        fellowNumber: "F-0002",
        fellowOfTheYear: "2023",
        name: "Dr. Arjun Gill",
        position: "",
        university: "",
        address: "",
      },
    ]);
    expect(response.headers.get("netlify-cache-tag")).toBe("fellows");
  });

  it("takes a header that lacks a column (Fellow Number renamed) as malformed: the copy is served stale and kept", async () => {
    const good = await (await fellows(new Request("http://localhost/api/fellows"))).json();
    const renamed = renamedColumn(HEADER, "Fellow Number", "Fellow No.");
    msw.use(sheetsValues({ "ISMASTER!A:G": [renamed, ...ROWS] }));
    const response = await fellows(new Request("http://localhost/api/fellows"));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-data-stale")).toBe("true");
    expect(await response.json()).toEqual(good);
    msw.use(sheetsError(500, "Internal error", "INTERNAL"));
    expect(await (await fellows(new Request("http://localhost/api/fellows"))).json()).toEqual(good);
  });

  it("serves the last good copy, marked stale, when Sheets then fails", async () => {
    msw.use(sheetsError(500, "Internal error", "INTERNAL"));
    const response = await fellows(new Request("http://localhost/api/fellows"));
    expect(response.headers.get("x-data-stale")).toBe("true");
    expect(await response.json()).toHaveLength(2);
  });
});
