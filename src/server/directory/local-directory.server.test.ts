import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { allowConsole } from "#tests/support/console.ts";
import { localDirectory } from "./local-directory.server.ts";
import { EmptySheetError, MalformedSheetError } from "./sheet-rows.server.ts";

// Member ids and form tokens are keyed with it; unset, the development secret is used, with a warning.
vi.stubEnv("SIGNING_SECRET", "test-signing-secret");

allowConsole("warn", /^directory: skipped row \d+: /);

describe("the embedded CSV directory", () => {
  it("reads every row of content/directory.csv, each a fictional member with contact details", async () => {
    const members = await localDirectory().members();
    const { readFile } = await import("node:fs/promises");
    const csv = await readFile(path.resolve(import.meta.dirname, "../../../content/directory.csv"), "utf8");
    const { parse } = await import("csv-parse/sync");
    expect(members.length).toBe(parse(csv, { from_line: 2, skip_empty_lines: true }).length);
    expect(new Set(members.map((member) => member.id)).size).toBe(members.length);
    for (const member of members) {
      expect(member.email).toMatch(/@example\.org$/);
      expect(member.mobile).toMatch(/^\+91 90000 \d{5}$/);
      expect(member.state).not.toBe("");
    }
  });

  it("holds at least 60 fellows", async () => {
    const fellows = await localDirectory().fellows();
    expect(fellows.length).toBeGreaterThanOrEqual(60);
    expect(fellows[0]).toMatchObject({ serialNumber: "1", fellowNumber: expect.stringMatching(/^F-/) });
  });
});

describe("CSV parsing", () => {
  let directory = "";
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "directory-"));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it("reads quoted commas, short rows and a byte-order mark like a real CSV reader", async () => {
    await writeFile(
      path.join(directory, "directory.csv"),
      '\uFEFFNAME,POSITION,UNIVERSITY,ADDRESS1,ADDRESS2,CITY,STATE,EMAIL,MOBILE\n"Dr. Comma, Esq.",Professor,"Uni ""Quoted""","Lab 1, Block A"\nDr. Short\n',
    );
    const [first, second] = await localDirectory(directory).members();
    expect(first).toMatchObject({
      name: "Dr. Comma, Esq.",
      university: 'Uni "Quoted"',
      address1: "Lab 1, Block A",
      email: "",
    });
    expect(second).toMatchObject({ name: "Dr. Short", position: "", city: "" });
  });

  it("refuses a file whose header lacks a column the site reads, as a malformed sheet", async () => {
    await writeFile(
      path.join(directory, "fellows.csv"),
      "Sl. No,Fellow Number,Fellow of the year,Name\n1,F-1,2024,Dr. A\n",
    );
    await expect(localDirectory(directory).fellows()).rejects.toBeInstanceOf(MalformedSheetError);
  });

  it("treats a header-only file as an empty sheet", async () => {
    await writeFile(
      path.join(directory, "fellows.csv"),
      "Sl. No,Fellow Number,Fellow of the year,Name,Position,University,Address\n",
    );
    await expect(localDirectory(directory).fellows()).rejects.toBeInstanceOf(EmptySheetError);
  });
});
